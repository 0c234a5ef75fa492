/**
 * A `vault_hosted_fields` merchant's buyer as a Braintree customer (issue 19, Drop-in): the
 * customer id is a short hash of merchant, mode and buyer reference within Braintree's rules; `init`
 * of a session with a buyer makes sure the customer exists and binds the client token to it (Drop-in
 * lists that buyer's cards through it); a card saved with `POST /v1/tokens` and `buyer_id` is filed
 * under the same customer; and a listed card pays on complete. In process, against a stand-in
 * listening for the test.
 */
import braintree from 'braintree';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { origin } from '../../scenarios/checkout/fixtures.ts';
import { SECRET, testProcessor } from '../../../../sandbox-processor/testing.ts';
import { listenBraintree } from '../../../../sandbox-processor/braintree/testing.ts';
import { SANDBOX_GATEWAY_ID, SANDBOX_PUBLIC_KEY } from '../../../../sandbox-processor/braintree/app.ts';
import type { Merchant } from '../../domain/index.ts';
import { BraintreeProcessorAdapter } from './adapter.ts';
import { BraintreeCalls } from './braintree-calls.ts';
import { braintreeCustomerId } from './braintree-customer.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const environment = (port: number) => new braintree.Environment('127.0.0.1', String(port), 'http://127.0.0.1/auth-unused', false, '127.0.0.1', String(port));
const fingerprintOf = (clientToken: string) => JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint as string;

describe('braintreeCustomerId', () => {
  it('is one id per merchant, mode and buyer, within Braintree’s rules whatever the buyer reference', () => {
    const odd = ['b', 'ü/ä?&=#|', ' '.repeat(200), 'x'.repeat(200), 'a"b\\c'];
    const ids = odd.map((b) => braintreeCustomerId('m_1', false, b));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
    expect(new Set(ids).size).toBe(odd.length);
    expect(braintreeCustomerId('m_1', false, 'buyer_1')).toBe(braintreeCustomerId('m_1', false, 'buyer_1'));
    expect(braintreeCustomerId('m_1', true, 'buyer_1')).not.toBe(braintreeCustomerId('m_1', false, 'buyer_1'));
    expect(braintreeCustomerId('m_2', false, 'buyer_1')).not.toBe(braintreeCustomerId('m_1', false, 'buyer_1'));
    // The pieces cannot run into each other: ("m_1", "2x") is not ("m_12", "x").
    expect(braintreeCustomerId('m_12', false, 'x')).not.toBe(braintreeCustomerId('m_1', false, '2x'));
    expect(braintreeCustomerId('m_1', false, 'buyer_1')).not.toContain('buyer_1');
  });
});

describe('BraintreeCalls for Drop-in', () => {
  it('ensureCustomer finds or makes the customer, also when two calls race', async () => {
    const sandbox = testProcessor();
    const { port, close } = await listenBraintree(sandbox.processor);
    closers.push(close);
    const calls = new BraintreeCalls({ merchantId: SANDBOX_GATEWAY_ID, publicKey: SANDBOX_PUBLIC_KEY, privateKey: SECRET, environment: environment(port) });
    await Promise.all([calls.ensureCustomer('svc_race'), calls.ensureCustomer('svc_race'), calls.ensureCustomer('svc_race')]);
    await calls.ensureCustomer('svc_race');
    expect(sandbox.processor.db.prepare("SELECT id FROM braintree_customers").all()).toEqual([{ id: 'svc_race' }]);
    await expect(calls.ensureCustomer('not valid!')).rejects.toMatchObject({ reason: 'braintree_91610' });
    const merchant = { id: 'm_dropin' } as Merchant;
    const saved = await calls.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false }, { buyerId: 'buyer 1' });
    expect(saved.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const customer = braintreeCustomerId('m_dropin', false, 'buyer 1');
    expect(sandbox.processor.db.prepare('SELECT customer_id AS c, vault_id AS v FROM braintree_customer_cards').all()).toEqual([{ c: customer, v: saved.vaultId }]);
    // Without a buyer the card is nobody's saved card.
    await calls.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false });
    expect(sandbox.processor.db.prepare('SELECT count(*) AS n FROM braintree_customer_cards WHERE customer_id = ?').get(customer)).toEqual({ n: 1 });
  });
});

async function dropinWorld() {
  const t = await testApp();
  const { port, close } = await listenBraintree(t.sandbox);
  closers.push(close);
  const adapter = new BraintreeProcessorAdapter({ merchantId: SANDBOX_GATEWAY_ID, publicKey: SANDBOX_PUBLIC_KEY, privateKey: t.processorSecret, environment: environment(port), mode: 'sandbox', scriptUrl: `http://127.0.0.1:${port}/web/braintree.js` });
  const chosen = t.deps.processorFor;
  t.deps.processorFor = (kind) => (kind === 'hosted_fields' || kind === 'vault_hosted_fields' ? adapter : chosen(kind));
  const m = await t.merchant({ processor: 'vault_hosted_fields' });
  const sk = bearer(m.keys.secret);
  const session = async (extra: Record<string, unknown> = {}) => (await (await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', ...extra }, sk)).json()) as { id: string };
  const init = async (sessionId: string) => (await (await t.json('POST', '/api/checkout/init', { sessionId }, origin)).json()) as { type: string; token: string; scriptUrl?: string };
  /** What Drop-in does with the client token: list the buyer's saved cards. */
  const saved = async (clientToken: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/merchants/${SANDBOX_GATEWAY_ID}/client_api/v1/payment_methods?${new URLSearchParams({ authorizationFingerprint: fingerprintOf(clientToken) })}`);
    return ((await res.json()) as { paymentMethods: { nonce: string; details: { lastFour: string } }[] }).paymentMethods;
  };
  return { t, m, sk, port, session, init, saved };
}

describe('a vault_hosted_fields merchant', () => {
  it('init binds Drop-in’s client token to the session buyer’s customer, which shows the cards saved for them with /v1/tokens', async () => {
    const w = await dropinWorld();
    const token = await w.t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'buyer_42' }, w.sk);
    expect(token.status).toBe(201);
    await w.t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_mastercard_4444', buyer_id: 'someone_else' }, w.sk);
    const s = await w.session({ buyerId: 'buyer_42' });
    const init = await w.init(s.id);
    expect(init).toMatchObject({ type: 'vault_hosted_fields', scriptUrl: `http://127.0.0.1:${w.port}/web/dropin/dropin.js` });
    expect(fingerprintOf(init.token)).toContain(`customer_id=${braintreeCustomerId(w.m.merchant.id, false, 'buyer_42')}`);
    const cards = await w.saved(init.token);
    expect(cards.map((c) => c.details.lastFour)).toEqual(['4242']);
    const done = await w.t.json('POST', '/api/checkout/complete', { sessionId: s.id, transactionId: cards[0]!.nonce }, origin);
    expect(await done.json()).toMatchObject({ status: 'succeeded' });
  });

  it('a first session of a buyer makes their customer; a session without a buyer, and hosted_fields, bind no customer', async () => {
    const w = await dropinWorld();
    const fresh = await w.init((await w.session({ buyerId: 'new buyer/ü' })).id);
    expect(fingerprintOf(fresh.token)).toContain('customer_id=svc_');
    expect(await w.saved(fresh.token)).toEqual([]);
    const again = await w.init((await w.session({ buyerId: 'new buyer/ü' })).id);
    expect(new URLSearchParams(fingerprintOf(again.token).split('|')[1]).get('customer_id')).toBe(new URLSearchParams(fingerprintOf(fresh.token).split('|')[1]).get('customer_id'));
    const guest = await w.init((await w.session()).id);
    expect(fingerprintOf(guest.token)).not.toContain('customer_id');
    const hf = await w.t.merchant({ processor: 'hosted_fields' });
    const hfSession = await (await w.t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', buyerId: 'buyer_42' }, bearer(hf.keys.secret))).json();
    const hfInit = await w.init(hfSession.id);
    expect(hfInit).toMatchObject({ type: 'hosted_fields', scriptUrl: `http://127.0.0.1:${w.port}/web/braintree.js` });
    expect(fingerprintOf(hfInit.token)).not.toContain('customer_id');
  });
});
