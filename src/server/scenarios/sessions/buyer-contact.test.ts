/**
 * `buyerContact` at session create (issue 35; Doc 1, POST /v1/sessions; Doc 2,
 * `required_fields_missing`: "set them at session create"): checked, kept sealed, never returned,
 * and used for the details a payment requires when the buyer did not type them.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { sealedIn } from '../../engine/sealed.ts';
import { CARD, origin, payOnProcessor } from '../checkout/fixtures.ts';

type T = Awaited<ReturnType<typeof testApp>>;

const REQUIRED = { requiredBuyerFields: ['phone', 'shipping_address', 'billing_address'] as ('phone' | 'shipping_address' | 'billing_address')[] };
const SHIP_TO = { name: 'Ada Lovelace', addressLine1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'us' };
const BILL_TO = { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' };
const CONTACT = { phone: '+1 415 555 0100', shippingAddress: SHIP_TO, billingAddress: BILL_TO };

async function world(t: T, session: Record<string, unknown> = {}) {
  const m = await t.merchant({ settings: REQUIRED });
  const sk = bearer(m.keys.secret);
  const create = (extra: Record<string, unknown> = {}) =>
    t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/success', buyerContact: CONTACT, ...session, ...extra }, sk);
  const read = async (id: string) => (await t.json('GET', `/v1/sessions/${id}`, undefined, sk)).json();
  return { m, sk, create, read };
}

const ledger = (t: T) => (t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;

describe('buyerContact at session create', () => {
  it('is kept sealed and never returned, on the session or its public view', async () => {
    const t = await testApp();
    const w = await world(t);
    const s = (await (await w.create()).json()) as { id: string };
    const record = (await t.store.read.sessions.get(s.id))!;
    expect(t.deps.sealer.open(record.buyerContactSealed!, sealedIn.sessionContact(s.id))).toEqual({
      phone: '+1 415 555 0100',
      shippingAddress: { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
      billingAddress: BILL_TO,
    });
    const row = JSON.stringify(await t.query('SELECT * FROM sessions'));
    const seen = JSON.stringify([await w.read(s.id), await (await t.json('GET', `/v1/public/sessions/${s.id}`, undefined, bearer(w.m.keys.publishable))).json()]);
    for (const text of [row, seen]) expect(text).not.toMatch(/555 0100|Market St|Downing/);
    expect(await w.read(s.id)).toMatchObject({ buyerPhone: null, shippingAddress: null });
  });

  it('refuses a contact the session could not use with 400 validation_error, and keeps nothing', async () => {
    const t = await testApp();
    const w = await world(t);
    const bad = [{ phone: 'call me' }, { phone: '4242 4242 4242 4242' }, { shippingAddress: { line1: '1 Market St', country: 'US' } }, { billingAddress: 'London' }, { billingAddress: { ...BILL_TO, street: 'x' } }];
    for (const buyerContact of bad) {
      const res = await w.create({ buyerContact });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_error', error: expect.stringMatching(/^buyerContact\./) });
    }
    expect(await t.count('sessions')).toBe(0);
    expect([JSON.stringify(await t.query('SELECT * FROM sessions')), t.logLines.join('\n')].join()).not.toContain('4242 4242');
    // A publishable key still may not assert it.
    const pk = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', buyerContact: CONTACT }, bearer(w.m.keys.publishable));
    expect((await pk.json()).code).toBe('auth_key_type_forbidden');
  });

  it('gives the hosted page the details it requires: the buyer pays without typing them', async () => {
    const t = await testApp();
    const w = await world(t);
    const s = (await (await w.create()).json()) as { id: string };
    const view = await (await t.json('GET', `/v1/public/sessions/${s.id}`, undefined, bearer(w.m.keys.publishable))).json();
    expect(view.buyerFields).toMatchObject({ phone: 'optional', shippingAddress: 'optional', billingAddress: 'optional' });
    const tx = await payOnProcessor(t, s.id);
    const res = await t.json('POST', '/api/checkout/complete', { sessionId: s.id, transactionId: tx.id }, origin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'succeeded' });
    expect(await w.read(s.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });

  it('satisfies the check of a charge at submit and of an intent with session_id', async () => {
    const t = await testApp();
    const w = await world(t, { integrationMode: 'elements', chargeAtSubmit: true });
    const s = (await (await w.create()).json()) as { id: string };
    const charged = await t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(w.m.keys.publishable), Origin: SERVICE });
    expect(await charged.json()).toMatchObject({ status: 'succeeded', sessionId: s.id });

    const other = (await (await w.create({ chargeAtSubmit: false })).json()) as { id: string };
    const card = ((await (await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, w.sk)).json()) as { id: string }).id;
    const paid = await t.json('POST', '/v1/payment_intents', { amount: 2500, currency: 'usd', payment_method: { id: card }, session_id: other.id }, w.sk);
    expect(paid.status).toBe(201);
    expect(ledger(t)).toBe(2);
    // Without the contact the same intent is refused, nothing charged.
    const bare = (await (await w.create({ chargeAtSubmit: false, buyerContact: { phone: '+1 415 555 0100' } })).json()) as { id: string };
    const again = await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, w.sk);
    const refused = await t.json('POST', '/v1/payment_intents', { amount: 2500, currency: 'usd', payment_method: { id: ((await again.json()) as { id: string }).id }, session_id: bare.id }, w.sk);
    expect(await refused.json()).toMatchObject({ code: 'required_fields_missing', missing_fields: ['shipping_address', 'billing_address'] });
    expect(ledger(t)).toBe(2);
  });
});
