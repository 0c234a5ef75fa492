/**
 * A `vault_hosted_fields` merchant's buyer as a Braintree customer (issue 19, Drop-in), through the
 * app: `init` of a session with a buyer makes sure the customer exists and binds the client token to
 * it (Drop-in lists that buyer's cards through it); a card saved with `POST /v1/tokens` and
 * `buyer_id` is filed under the same customer; and a listed card pays on complete. In process,
 * against a stand-in listening for the test (braintree.fixtures.ts). The customer id itself and the
 * calls behind it are src/server/processors/braintree/braintree-dropin.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../../testing.ts';
import { origin } from '../../checkout/fixtures.ts';
import { braintreeStandIn, dropinCards, fingerprintOf } from './braintree.fixtures.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function dropinWorld() {
  const t = await testApp();
  const { port, close } = await braintreeStandIn(t, ['hosted_fields', 'vault_hosted_fields']);
  closers.push(close);
  const m = await t.merchant({ processor: 'vault_hosted_fields' });
  const sk = bearer(m.keys.secret);
  const session = async (extra: Record<string, unknown> = {}) => (await (await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', ...extra }, sk)).json()) as { id: string };
  const init = async (sessionId: string) => (await (await t.json('POST', '/api/checkout/init', { sessionId }, origin)).json()) as { type: string; token: string; scriptUrl?: string };
  /** What Drop-in does with the client token: list the buyer's saved cards. */
  const saved = (clientToken: string) => dropinCards(port, clientToken);
  return { t, m, sk, port, session, init, saved };
}

describe('a vault_hosted_fields merchant', () => {
  it('init binds Drop-in’s client token to the session buyer’s customer, which shows the cards saved for them with /v1/tokens', async () => {
    const w = await dropinWorld();
    const token = await w.t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'buyer_42' }, w.sk);
    expect(token.status).toBe(201);
    // The customer the stand-in filed buyer_42's card under: that it is braintreeCustomerId's for
    // this merchant, mode and buyer is processors/braintree/braintree-dropin.test.ts's to check.
    const customer = w.t.sandbox.db.prepare('SELECT customer_id FROM braintree_customer_cards').pluck().get() as string;
    await w.t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_mastercard_4444', buyer_id: 'someone_else' }, w.sk);
    const s = await w.session({ buyerId: 'buyer_42' });
    const init = await w.init(s.id);
    expect(init).toMatchObject({ type: 'vault_hosted_fields', scriptUrl: `http://127.0.0.1:${w.port}/web/dropin/dropin.js` });
    expect(fingerprintOf(init.token)).toContain(`customer_id=${customer}`);
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
