/**
 * The sandbox's wallets (docs/merchant.md, Wallets): Apple Pay merchant validation, and what a wallet token
 * from the sandbox payment sheet charges as.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { appleMerchantIdentifier } from '../src/vocab/wallets.ts';
import type { AppleMerchantSession, AppleSessionRequest, WalletToken } from './api.ts';
import { cardForReference, type CardBehaviour } from './cards.ts';
import { ChargeRefused, REFERENCE_EXPIRY, type CardFacts } from './facts.ts';

/** How long an Apple Pay merchant session may be used to open the sheet. */
const APPLE_SESSION_TTL_MS = 5 * 60 * 1000;
/** Apple's payment-session hosts: `apple-pay-gateway.apple.com` and its regional siblings. */
const isAppleGateway = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && (u.hostname === 'apple.com' || u.hostname.endsWith('.apple.com')) && u.port === '';
  } catch {
    return false;
  }
};

/**
 * Apple Pay merchant validation. A provider asks Apple for the session with its platform
 * certificate; the sandbox stands in for Apple and signs the session with a key of its own, so
 * nothing leaves the machine. Only an Apple gateway address is accepted (a provider that fetched
 * any address it is sent would be a way into its network).
 */
export function appleMerchantSession(merchantId: string, req: AppleSessionRequest, now: number): AppleMerchantSession {
  if (!isAppleGateway(req.validationUrl)) {
    throw new ChargeRefused('invalid_validation_url', 'validationUrl must be an https address on apple.com, as the merchantvalidation event gives it.');
  }
  const merchantSessionIdentifier = `SSH${randomBytes(16).toString('hex').toUpperCase()}`;
  const nonce = randomBytes(4).toString('hex');
  const merchantIdentifier = createHash('sha256').update(appleMerchantIdentifier).digest('hex').toUpperCase();
  const fields = [merchantSessionIdentifier, nonce, merchantIdentifier, req.domain, String(now), merchantId, req.livemode ? 'live' : 'test'];
  const signature = createHmac('sha256', 'svcpay sandbox apple pay').update(fields.join('\n')).digest('hex');
  return {
    epochTimestamp: now,
    expiresAt: now + APPLE_SESSION_TTL_MS,
    merchantSessionIdentifier,
    nonce,
    merchantIdentifier,
    domainName: req.domain,
    displayName: req.displayName,
    signature,
  };
}

/**
 * What the processor reads of a wallet token. In the sandbox the token names a card of the table
 * (`tok_sandbox_<brand>_<last four>`). The device authenticated the buyer (biometrics or the
 * device code) and the token carries its cryptogram, so no bank challenge follows: challenge cards
 * go through as authenticated, and 0116, declined after any challenge, is declined. No CVC and no
 * postal code travel with a wallet payment.
 */
export function walletFacts(wallet: WalletToken): CardFacts {
  const card = cardForReference(wallet.token);
  if (!card) {
    throw new ChargeRefused(
      'invalid_wallet_token',
      'This wallet token is not one the sandbox issued: the sandbox payment sheet returns tok_sandbox_<brand>_<last four>, naming a card of the test-card table.',
    );
  }
  const b = card.behaviour;
  const behaviour: CardBehaviour = b.outcome !== 'challenge' ? b : b.declineAfter ? { outcome: 'decline', code: 'card_declined' } : { outcome: 'frictionless' };
  return { brand: card.brand, last4: card.last4, ...REFERENCE_EXPIRY, behaviour, cvvResult: 'not_provided', avsResult: null, vaultId: null };
}
