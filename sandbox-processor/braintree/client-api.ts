/**
 * The Braintree stand-in's client API (`clientApiUrl` in its client tokens): what braintree-web's
 * Hosted Fields (here the stand-in's, its fields frame on the stand-in's origin) call to tokenize
 * the card the buyer typed, authorized by the client token's fingerprint. The card is vaulted for the
 * token's merchant account (brand, last four, expiry; never the number or CVC) and the page gets a
 * nonce that pays once (nonces.ts), with what Braintree shows of the card. A client token bound to a
 * customer (Drop-in's) also lists that customer's cards, each with a fresh nonce that pays it once,
 * and files a card tokenized with `options.validate` (Drop-in's "save card") under the customer.
 */
import { Hono, type Context } from 'hono';
import { ChargeCard } from '../../src/api/checkout.ts';
import { ChargeRefused, type SandboxProcessorCore } from '../processor.ts';
import { newId } from '../facts.ts';
import { openFingerprint } from './client-token.ts';
import { cardType } from './objects.ts';
import type { NonceRepo } from './nonces.ts';
import type { CustomerRepo } from './customers.ts';
import type { VaultRecord } from '../store/repo.ts';
import type { Radar } from '../radar.ts';

export interface BraintreeClientApiOptions {
  core: SandboxProcessorCore;
  /** Where browsers reach the stand-in: its bank-check page is there. */
  publicUrl: string;
  nonces: NonceRepo;
  /** The customers a client token may be bound to, and their cards (Drop-in lists them). */
  customers: CustomerRepo;
  gatewayId: string;
  apiSecret: string;
  /** Card tries per browser address (../radar.ts): a tokenization is one. */
  radar: Radar;
}

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Braintree's client API errors: `{ error: { message }, fieldErrors: [...] }` with 422 (or 401 for a bad fingerprint). */
const fieldError = (field: string, code: string, message: string) => ({ error: { message: 'Credit card is invalid' }, fieldErrors: [{ field: 'creditCard', fieldErrors: [{ field, code, message }] }] });

/** What Braintree's client API shows of a card beside its nonce. */
const cardView = (v: VaultRecord) => ({
  type: 'CreditCard',
  description: `ending in ${v.last4.slice(-2)}`,
  details: { cardType: cardType(v.brand), lastFour: v.last4, lastTwo: v.last4.slice(-2), expirationMonth: String(v.expMonth).padStart(2, '0'), expirationYear: String(v.expYear) },
  binData: { prepaid: 'Unknown', healthcare: 'Unknown', debit: 'Unknown', durbinRegulated: 'Unknown', commercial: 'Unknown', payroll: 'Unknown', issuingBank: 'Unknown', countryOfIssuance: 'Unknown', productId: 'Unknown' },
});

export function braintreeClientApi(opts: BraintreeClientApiOptions) {
  const app = new Hono();
  const path = `/merchants/${opts.gatewayId}/client_api/v1/payment_methods/credit_cards`;
  /** A new nonce that pays the vaulted card once. */
  const nonceFor = (merchantAccount: string, vaultId: string, postalCode: string | null) => {
    const nonce = `tokencc_sb_${newId('').slice(0, 24)}`;
    opts.nonces.insert({ nonce, merchantAccount, vaultId, postalCode, createdAt: opts.core.now().toISOString() });
    return nonce;
  };

  app.post(path, async (c) => {
    const b = obj(await c.req.json().catch(() => ({})));
    const facts = openFingerprint(opts.apiSecret, str(b.authorizationFingerprint) ?? '', opts.core.now());
    if (!facts) return c.json({ error: { message: 'Authorization fingerprint is invalid' } }, 401);
    // Braintree's fraud tools: one address tokenizes a bounded number of cards a minute (issue 32, finding 3).
    if (!opts.radar.tryFrom(c)) return c.json({ error: { message: 'Too many cards were tried from this address; try again later.' } }, 429);
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
      // Vaulted for the token's customer when asked (`validate`: Drop-in's "save card"), as Braintree does.
      if (obj(card.options).validate === true && facts.customerId && opts.customers.get(facts.customerId)) opts.customers.addCard(facts.customerId, v.id, opts.core.now());
      const nonce = nonceFor(facts.merchantAccountId, v.id, postalCode ?? null);
      return c.json({ creditCards: [{ nonce, consumed: false, ...cardView(v) }] }, 201);
    } catch (err) {
      if (err instanceof ChargeRefused) return c.json(fieldError(err.reason === 'invalid_cvc' ? 'cvv' : err.reason === 'invalid_expiry' ? 'expirationDate' : 'number', '81716', err.message), 422);
      throw err;
    }
  });
  // braintree-web calls the client API from the merchant's page (3-D Secure): CORS, as Braintree's.
  app.use(`/merchants/${opts.gatewayId}/client_api/*`, async (c, next) => {
    c.header('Access-Control-Allow-Origin', '*');
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', 'GET, POST');
      c.header('Access-Control-Allow-Headers', 'Content-Type');
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    await next();
  });

  // The token's customer's cards (Drop-in's saved cards), the default first, each with a nonce that
  // pays it once; none for a token bound to no customer.
  app.get(`/merchants/${opts.gatewayId}/client_api/v1/payment_methods`, (c) => {
    const facts = openFingerprint(opts.apiSecret, c.req.query('authorizationFingerprint') ?? '', opts.core.now());
    if (!facts) return c.json({ error: { message: 'Authorization fingerprint is invalid' } }, 401);
    const vaulted = (facts.customerId ? opts.customers.cards(facts.customerId) : [])
      .map((id) => opts.core.repo.getVaulted(id))
      .filter((v): v is VaultRecord => v !== undefined && v.merchantId === facts.merchantAccountId);
    return c.json({ paymentMethods: vaulted.map((v, i) => ({ nonce: nonceFor(facts.merchantAccountId, v.id, null), default: i === 0, ...cardView(v) })) });
  });

  /** The live nonce a 3-D Secure call names, for the fingerprint's account; a Response when there is none. */
  const liveNonce = async (c: Context) => {
    const b = obj(await c.req.json().catch(() => ({})));
    const facts = openFingerprint(opts.apiSecret, str(b.authorizationFingerprint) ?? '', opts.core.now());
    if (!facts) return { refused: c.json({ error: { message: 'Authorization fingerprint is invalid' } }, 401) };
    const n = opts.nonces.live(c.req.param('nonce') ?? '', facts.merchantAccountId, opts.core.now());
    if (!n) return { refused: c.json({ error: { message: 'Unknown or expired payment_method_nonce.' } }, 422) };
    return { n, body: b };
  };
  const threeDSPath = `/merchants/${opts.gatewayId}/client_api/v1/payment_methods/:nonce/three_d_secure`;

  // The lookup: a card whose bank wants the buyer gets the challenge page (`acsUrl`); any other card
  // has no check to run here and goes on without liability shift.
  app.post(`${threeDSPath}/lookup`, async (c) => {
    const got = await liveNonce(c);
    if ('refused' in got) return got.refused;
    const behaviour = opts.core.repo.getVaulted(got.n.vaultId)?.behaviour;
    if (behaviour?.outcome !== 'challenge') {
      return c.json({ paymentMethod: { nonce: got.n.nonce }, lookup: { acsUrl: null }, threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: false, status: 'authentication_unavailable' } });
    }
    opts.nonces.setThreeDSecure(got.n.nonce, 'pending');
    const amount = str(got.body.amount) ?? '';
    const hash = new URLSearchParams({ nonce: got.n.nonce, fingerprint: str(got.body.authorizationFingerprint)!, amount, parentOrigin: str(got.body.parentOrigin) ?? '', gateway: opts.gatewayId });
    return c.json({ paymentMethod: { nonce: got.n.nonce }, lookup: { acsUrl: `${opts.publicUrl}/web/3ds.html#${hash}`, threeDSecureVersion: '2.2.0' }, threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: true, status: 'challenge_required' } });
  });

  // The buyer's answer on the challenge page (or the page closed: failed).
  app.post(`${threeDSPath}/authenticate`, async (c) => {
    const got = await liveNonce(c);
    if ('refused' in got) return got.refused;
    if (got.n.threeDSecure !== 'pending') return c.json({ error: { message: 'No bank check is waiting for this nonce.' } }, 422);
    const approved = got.body.result === 'approve';
    opts.nonces.setThreeDSecure(got.n.nonce, approved ? 'authenticated' : 'failed');
    return c.json({ paymentMethod: { nonce: got.n.nonce }, threeDSecureInfo: { liabilityShifted: approved, liabilityShiftPossible: true, status: approved ? 'authenticate_successful' : 'authenticate_failed' } });
  });
  return app;
}
