/**
 * The Braintree stand-in's client API (`clientApiUrl` in its client tokens): what braintree-web's
 * Hosted Fields (here the stand-in's, its fields frame on the stand-in's origin) call to tokenize
 * the card the buyer typed, authorized by the client token's fingerprint. The card is vaulted for the
 * token's merchant account (brand, last four, expiry; never the number or CVC) and the page gets a
 * nonce that pays once (nonces.ts), with what Braintree shows of the card.
 */
import { Hono } from 'hono';
import { ChargeCard } from '../../src/api/checkout.ts';
import { ChargeRefused, type SandboxProcessorCore } from '../processor.ts';
import { newId } from '../facts.ts';
import { openFingerprint } from './client-token.ts';
import { cardType } from './objects.ts';
import type { NonceRepo } from './nonces.ts';

export interface BraintreeClientApiOptions {
  core: SandboxProcessorCore;
  nonces: NonceRepo;
  gatewayId: string;
  apiSecret: string;
}

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Braintree's client API errors: `{ error: { message }, fieldErrors: [...] }` with 422 (or 401 for a bad fingerprint). */
const fieldError = (field: string, code: string, message: string) => ({ error: { message: 'Credit card is invalid' }, fieldErrors: [{ field: 'creditCard', fieldErrors: [{ field, code, message }] }] });

export function braintreeClientApi(opts: BraintreeClientApiOptions) {
  const app = new Hono();
  const path = `/merchants/${opts.gatewayId}/client_api/v1/payment_methods/credit_cards`;

  app.post(path, async (c) => {
    const b = obj(await c.req.json().catch(() => ({})));
    const facts = openFingerprint(opts.apiSecret, str(b.authorizationFingerprint) ?? '', opts.core.now());
    if (!facts) return c.json({ error: { message: 'Authorization fingerprint is invalid' } }, 401);
    const card = obj(b.creditCard);
    const [month, year] = (str(card.expirationDate) ?? '').split('/').map((p) => Number(p.trim()));
    const postalCode = str(obj(card.billingAddress).postalCode)?.trim() || undefined;
    const parsed = ChargeCard.safeParse({
      number: str(card.number)?.replace(/\s/g, ''),
      expMonth: month,
      expYear: year !== undefined && year < 100 ? 2000 + year : year,
      cvc: str(card.cvv),
      ...(postalCode ? { postalCode } : {}),
    });
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'number');
      const [name, code] = field === 'cvc' ? ['cvv', '81736'] : field === 'number' ? ['number', '81716'] : ['expirationDate', '81709'];
      return c.json(fieldError(name!, code!, `${name} is invalid`), 422);
    }
    try {
      const v = opts.core.vault(facts.merchantAccountId, { card: parsed.data, livemode: false });
      const nonce = `tokencc_sb_${newId('').slice(0, 24)}`;
      opts.nonces.insert({ nonce, merchantAccount: facts.merchantAccountId, vaultId: v.id, postalCode: postalCode ?? null, createdAt: opts.core.now().toISOString() });
      return c.json(
        {
          creditCards: [
            { nonce, type: 'CreditCard', consumed: false, description: `ending in ${v.last4.slice(-2)}`, details: { cardType: cardType(v.brand), lastFour: v.last4, lastTwo: v.last4.slice(-2), expirationMonth: String(v.expMonth).padStart(2, '0'), expirationYear: String(v.expYear) } },
          ],
        },
        201,
      );
    } catch (err) {
      if (err instanceof ChargeRefused) return c.json(fieldError(err.reason === 'invalid_cvc' ? 'cvv' : err.reason === 'invalid_expiry' ? 'expirationDate' : 'number', '81716', err.message), 422);
      throw err;
    }
  });
  return app;
}
