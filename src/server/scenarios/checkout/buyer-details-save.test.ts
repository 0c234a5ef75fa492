/**
 * Issue 22: the hosted page saves the buyer's details on the session (`POST /api/checkout/buyer-details`)
 * before the card is charged, so a tab closed right after the charge, or a charge whose answer is
 * lost, leaves them on the session for whatever settles the payment. Checked as `complete` checks
 * them; never card data; a refusal changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { sealedIn } from '../../engine/sealed.ts';
import { CARD, hostedSession, origin, payOnProcessor, type TestApp } from './fixtures.ts';

const EVERYTHING = { requiredBuyerFields: ['email', 'name', 'phone', 'shipping_address'], billingAddress: 'required' };
const SHIP_TO = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
const BILL_TO = { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' };
const BUYER = { email: 'ada@example.com', name: 'Ada Lovelace', phone: '+1 415 555 0100', shippingAddress: SHIP_TO, billingAddress: BILL_TO };

const save = (t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = origin) => t.json('POST', '/api/checkout/buyer-details', body, headers);
const read = async (t: TestApp, secret: string, id: string) => (await t.json('GET', `/v1/sessions/${id}`, undefined, bearer(secret))).json();
const sealedBuyer = async (t: TestApp, id: string) => {
  const record = await t.store.read.sessions.get(id);
  return record?.buyerSealed ? t.deps.sealer.open(record.buyerSealed, sealedIn.sessionBuyer(id)) : null;
};
const ledger = async (t: TestApp, merchant: string) => ((await (await t.json('GET', `/_sandbox/processor/transactions?merchant=${merchant}`)).json()) as { data: unknown[] }).data;

describe('POST /api/checkout/buyer-details', () => {
  it('stores the details before any charge reaches the processor; a charge whose answer is lost and a closed tab lose nothing', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, {}, EVERYTHING);
    const res = await save(t, { sessionId: session.id, buyer: BUYER });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sessionId: session.id, saved: true });
    // Nothing has reached the processor yet, and the session already holds the details.
    expect(await ledger(t, m.merchant.id)).toEqual([]);
    expect(await read(t, m.keys.secret, session.id)).toMatchObject({ status: 'pending', buyerPhone: '+1 415 555 0100', shippingAddress: null });
    expect(await sealedBuyer(t, session.id)).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace', billingAddress: BILL_TO });

    // The browser's charge acts at the processor and its answer is lost: the page never completes.
    const fault = await (await t.json('POST', '/_sandbox/faults', { operation: 'browser_charge', kind: 'lose_answer' })).json();
    expect(fault).toMatchObject({ operation: 'browser_charge', kind: 'lose_answer' });
    const lost = await t.sandbox.app.request('/v1/charges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: (await (await t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json()).token, card: CARD }),
    });
    expect(lost.status).toBeGreaterThanOrEqual(500);
    // The reconciler settles the payment without the page: the details are the paid session's.
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 30 });
    expect(await read(t, m.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', buyerPhone: '+1 415 555 0100', shippingAddress: SHIP_TO });
    expect(await sealedBuyer(t, session.id)).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace', billingAddress: BILL_TO });
    // Paid: the details are fixed.
    expect(await (await save(t, { sessionId: session.id, buyer: { ...BUYER, phone: '+442079460000' } })).json()).toMatchObject({ code: 'session_already_completed' });
    expect((await read(t, m.keys.secret, session.id)).buyerPhone).toBe('+1 415 555 0100');
  });

  it('a complete after the save needs no details and cannot rewrite them', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, {}, EVERYTHING);
    expect((await save(t, { sessionId: session.id, buyer: BUYER })).status).toBe(200);
    const tx = await payOnProcessor(t, session.id);
    const res = await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.id, buyer: { ...BUYER, phone: '+442079460000', email: 'eve@example.com' } }, origin);
    expect(res.status).toBe(200);
    expect(await read(t, m.keys.secret, session.id)).toMatchObject({ status: 'succeeded', buyerPhone: '+1 415 555 0100', shippingAddress: SHIP_TO });
    expect(await sealedBuyer(t, session.id)).toMatchObject({ email: 'ada@example.com' });
  });

  it('a later save replaces the earlier one while unpaid; a prefilled email left blank stays', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, { shipping: 'auto', phone: 'auto', buyerEmail: 'shop@example.com', collectEmail: true });
    expect((await save(t, { sessionId: session.id, buyer: { email: 'ada@example.com', name: 'Ada', phone: '+14155550100', shippingAddress: SHIP_TO } })).status).toBe(200);
    expect((await save(t, { sessionId: session.id, buyer: { phone: '+442079460000' } })).status).toBe(200);
    expect(await read(t, m.keys.secret, session.id)).toMatchObject({ buyerPhone: '+442079460000' });
    expect((await t.store.read.sessions.get(session.id))!.shippingAddress).toBeNull();
    expect(await sealedBuyer(t, session.id)).toEqual({ email: 'ada@example.com' });
  });

  it('refuses missing or invalid details with 422 required_fields_missing, and a card number as invalid; nothing is written', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, {}, EVERYTHING);
    const before = await read(t, m.keys.secret, session.id);
    const missing = await save(t, { sessionId: session.id, buyer: { email: 'ada@example', name: 'Ada' } });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ code: 'required_fields_missing', missing_fields: ['phone', 'shipping_address', 'billing_address'], invalid_fields: ['email'] });

    const card = await save(t, { sessionId: session.id, buyer: { ...BUYER, name: '4242 4242 4242 4242', shippingAddress: { ...SHIP_TO, line1: '5555555555554444' } } });
    expect(card.status).toBe(422);
    const body = await card.json();
    expect(body).toMatchObject({ code: 'required_fields_missing', missing_fields: [], invalid_fields: ['name', 'shipping_address'] });
    expect(JSON.stringify(body)).not.toMatch(/4242 4242|5555555555554444/);
    expect(await read(t, m.keys.secret, session.id)).toEqual(before);
    expect(await t.query("SELECT count(*) AS n FROM sessions WHERE data LIKE '%4242 4242%' OR data LIKE '%5555555555554444%'")).toEqual([{ n: 0 }]);
    expect(t.logLines.join('\n')).not.toMatch(/4242 4242|5555555555554444/);
  });

  it('refuses a malformed body with a 400 envelope, an unknown session with 404, a caller outside the service with 403', async () => {
    const t = await testApp();
    const { session } = await hostedSession(t);
    for (const bad of [{ sessionId: session.id, buyer: { email: 'a@b.co', cardNumber: '4242424242424242' } }, { sessionId: session.id }, { sessionId: session.id, buyer: { phone: 12 } }, { buyer: {} }]) {
      const res = await save(t, bad);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toMatch(/^validation_/);
    }
    expect((await save(t, { sessionId: 'vp_cs_test_nope', buyer: {} })).status).toBe(404);
    expect((await save(t, { sessionId: session.id, buyer: {} }, {})).status).toBe(403);
    expect((await save(t, { sessionId: session.id, buyer: {} }, { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('refuses an expired session (410) and changes nothing', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, { phone: 'auto', expiresIn: 300 });
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 301 });
    const res = await save(t, { sessionId: session.id, buyer: { phone: '+14155550100' } });
    expect([res.status, (await res.json()).code]).toEqual([410, 'session_expired']);
    expect((await read(t, m.keys.secret, session.id)).buyerPhone).toBeNull();
  });
});
