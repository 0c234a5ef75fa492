/**
 * Wallet session setup for the wallet button (Doc 1, public endpoints `wallets/apple-session` and
 * `wallets/google-session`; docs/merchant.md, Wallets). Free of HTTP. A wallet pays through the public charge
 * endpoint, so a sheet opens only for a session that endpoint would charge; and Apple Pay opens
 * only on a domain the merchant proved it owns (wallet-domain verification).
 */
import type { EngineDeps } from '../deps.ts';
import { DomainError } from '../../domain/errors.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type AppleMerchantSession } from '../../processors/types.ts';
import { majorAmount } from '../../../vocab/currencies.ts';
import { googleAuthMethods, googleNetworkNames, walletNetworks } from '../../../vocab/wallets.ts';
import type { GooglePaymentDataRequest } from '../../../api/wallets.ts';
import { processorOf } from '../binder.ts';
import { readSession } from '../sessions/sessions.ts';
import type { AuthContext, SessionRecord } from '../../domain/index.ts';
import { checkDomain } from './wallet-domain-name.ts';

type WalletDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor'>;

/** The refusals of charge at submit, in its order (engine/payments/charge/charge-at-submit.ts): what a wallet pays through. */
function requireChargeable(s: SessionRecord) {
  if (!(s.integrationMode === 'elements' && s.chargeAtSubmit && s.mode === 'payment')) throw new DomainError('charge_at_submit_not_enabled');
  if (s.status === 'succeeded') throw new DomainError('session_already_completed');
  if (s.status === 'expired') throw new DomainError('session_expired');
  if (s.chargeLock !== null) throw new DomainError('charge_in_progress');
  if (s.status === 'failed') throw new DomainError('session_wrong_state', 'This session was declined and cannot be charged again; create a new session.');
}

/** Another merchant's or mode's session is 404 (Doc 3); one past its limit is expired first. */
async function chargeableSession(deps: WalletDeps, auth: AuthContext, sessionId: string) {
  const session = await readSession(deps, auth, sessionId);
  requireChargeable(session);
  return session;
}

function fromProcessor(err: unknown): never {
  if (err instanceof ProcessorUnavailableError) throw new DomainError('provider_unavailable');
  if (err instanceof ProcessorRejectedError) throw new DomainError('validation_error', err.message);
  throw err;
}

/**
 * Apple Pay merchant validation. `domain` (the page's hostname, from the wallet frame) must be an
 * `apple_pay` registration of this merchant in this mode: unregistered or removed is 404
 * `wallet_domain_not_found` (Doc 1's meaning of the code), registered but not (yet) verified 409
 * `wallet_domain_not_verified`. Nothing is stored: the session is Apple's, used once by the sheet.
 */
export async function appleSession(deps: WalletDeps, auth: AuthContext, input: { sessionId: string; validationUrl: string; domain: string }): Promise<AppleMerchantSession> {
  await chargeableSession(deps, auth, input.sessionId);
  const name = checkDomain(input.domain);
  if (!name.ok) throw new DomainError('wallet_domain_invalid', name.reason);
  const row = await deps.store.read.walletDomains.findActive({ merchantId: auth.merchant.id, livemode: auth.livemode }, name.domain, 'apple_pay');
  if (!row) throw new DomainError('wallet_domain_not_found', `${name.domain} is not registered for Apple Pay on this account in this mode: POST /v1/wallet-domains first.`);
  if (row.status !== 'verified') throw new DomainError('wallet_domain_not_verified', `${name.domain} is ${row.status} for Apple Pay (${row.id}).`);
  const processor = processorOf(deps, auth.merchant);
  return processor
    .appleMerchantSession(auth.merchant, { validationUrl: input.validationUrl, domain: name.domain, displayName: auth.merchant.settings.displayName, livemode: auth.livemode })
    .catch(fromProcessor);
}

/**
 * Google Pay's PaymentDataRequest for a session: the networks the sandbox takes, the provider's
 * tokenization gateway, the merchant's display name and the session's total. Google Pay needs no
 * merchant validation call; its domain registration is checked by Google in production.
 */
export async function googleSession(deps: WalletDeps, auth: AuthContext, sessionId: string): Promise<GooglePaymentDataRequest> {
  const session = await chargeableSession(deps, auth, sessionId);
  const gateway = processorOf(deps, auth.merchant).googlePayGateway(auth.merchant);
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    environment: auth.livemode ? 'PRODUCTION' : 'TEST',
    merchantInfo: { merchantName: auth.merchant.settings.displayName },
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: { allowedAuthMethods: [...googleAuthMethods], allowedCardNetworks: walletNetworks.map((n) => googleNetworkNames[n]) },
        tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: gateway },
      },
    ],
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      totalPrice: majorAmount(session.amount, session.currency),
      currencyCode: session.currency.toUpperCase(),
      ...(session.country ? { countryCode: session.country } : {}),
    },
  };
}
