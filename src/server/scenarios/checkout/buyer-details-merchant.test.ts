/**
 * Issue 35: the buyer details typed on the hosted page reach the merchant. The session never
 * returns the email, name or billing address (Doc 1, `buyerId`); the payment intent the session's
 * payment made carries them (`buyer_details`, secret key: retrieve, capture, void). What the buyer
 * types never writes or links a buyer record: identity is asserted by the merchant's key only.
 */
import { describe, expect, it } from 'vitest';
import { PaymentIntent } from '../../../api/payment-intents.ts';
import { Buyer } from '../../../api/buyers.ts';
import { bearer, testApp } from '../../testing.ts';
import { hostedSession, origin, payOnProcessor, type TestApp } from './fixtures.ts';

const EVERYTHING = { requiredBuyerFields: ['email', 'name', 'phone', 'shipping_address'], billingAddress: 'required' };
const SHIP_TO = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
const BILL_TO = { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' };
const BUYER = { email: 'ada@example.com', name: 'Ada Lovelace', phone: '+1 415 555 0100', shippingAddress: SHIP_TO, billingAddress: BILL_TO };

const snake = (a: Record<string, string>) => ({
  name: a.name ?? null,
  line1: a.line1 ?? null,
  line2: a.line2 ?? null,
  city: a.city ?? null,
  state: a.state ?? null,
  postal_code: a.postalCode ?? null,
  country: a.country ?? null,
});

/** The hosted page's order: save the details, pay the processor, complete. */
async function payWithDetails(t: TestApp, sessionId: string, buyer: Record<string, unknown>) {
  expect((await t.json('POST', '/api/checkout/buyer-details', { sessionId, buyer }, origin)).status).toBe(200);
  const tx = await payOnProcessor(t, sessionId);
  expect((await t.json('POST', '/api/checkout/complete', { sessionId, transactionId: tx.id }, origin)).status).toBe(200);
}

async function intentOf(t: TestApp, secret: string, sessionId: string) {
  const session = await (await t.json('GET', `/v1/sessions/${sessionId}`, undefined, bearer(secret))).json();
  const res = await t.json('GET', `/v1/payment_intents/${session.paymentIntentId}`, undefined, bearer(secret));
  expect(res.status).toBe(200);
  return { session, intent: PaymentIntent.parse(await res.json()) };
}

describe('hosted checkout: the buyer details reach the merchant on the payment intent', () => {
  it('retrieve carries the email, name, phone and both addresses; the session still never shows the sealed ones', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, {}, EVERYTHING);
    await payWithDetails(t, session.id, BUYER);
    const { session: paid, intent } = await intentOf(t, m.keys.secret, session.id);
    expect(intent.buyer_details).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '+1 415 555 0100',
      shipping_address: snake(SHIP_TO),
      billing_address: snake(BILL_TO),
    });
    expect(JSON.stringify(paid)).not.toMatch(/ada@example|Downing/);
    // No second copy is kept: the intent's row holds none of it.
    const row = (await t.query('SELECT * FROM payment_intents WHERE id = ?', intent.id))[0];
    expect(JSON.stringify(row)).not.toMatch(/ada@example|Lovelace|Downing/);
  });

  it('capture of a held payment answers them too, with what the merchant prefilled beside what the buyer typed', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, { captureMethod: 'manual', buyerName: 'Grace Hopper' }, { billingAddress: 'required' });
    await payWithDetails(t, session.id, { email: 'grace@example.com', billingAddress: BILL_TO });
    const { session: held, intent } = await intentOf(t, m.keys.secret, session.id);
    expect([held.paymentStatus, intent.status]).toEqual(['held', 'authorized']);
    const captured = await t.json('POST', `/v1/payment_intents/${intent.id}/capture`, {}, bearer(m.keys.secret));
    expect(captured.status).toBe(200);
    expect(PaymentIntent.parse(await captured.json()).buyer_details).toEqual({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      phone: null,
      shipping_address: null,
      billing_address: snake(BILL_TO),
    });
  });

  it('is null when the session holds no details', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t);
    const tx = await payOnProcessor(t, session.id);
    expect((await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.id }, origin)).status).toBe(200);
    expect((await intentOf(t, m.keys.secret, session.id)).intent.buyer_details).toBeNull();
  });

  it('what the buyer typed never writes a buyer record nor links one by its email', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, { buyerId: 'cust_5' });
    const auth = bearer(m.keys.secret);
    const stored = Buyer.parse(await (await t.json('POST', '/v1/buyers', { email: 'ann@example.com', name: 'Ann Lee' }, auth)).json());
    const mine = Buyer.parse((await (await t.json('GET', '/v1/buyers?external_id=cust_5', undefined, auth)).json()).data[0]);
    await payWithDetails(t, session.id, { email: 'typed@example.com', name: 'Typed Name' });
    const { intent } = await intentOf(t, m.keys.secret, session.id);
    // The merchant's buyer is the intent's; its profile is the merchant's, not what was typed.
    expect(intent).toMatchObject({ buyer_id: 'cust_5', buyer_details: { email: 'typed@example.com', name: 'Typed Name' } });
    expect(intent.buyer_email).toBeUndefined();
    expect((await (await t.json('GET', `/v1/buyers/${mine.id}`, undefined, auth)).json()).email).toBeNull();

    // A guest who types another buyer's email is not that buyer.
    const guest = await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd', successUrl: 'http://127.0.0.1:4244/success' }, auth);
    const guestId = (await guest.json()).id;
    await t.deps.clock.advance(60);
    await payWithDetails(t, guestId, { email: 'ann@example.com' });
    const paidByGuest = (await intentOf(t, m.keys.secret, guestId)).intent;
    expect(paidByGuest.buyer_id).toBeUndefined();
    expect(paidByGuest.buyer_details?.email).toBe('ann@example.com');
    expect(await (await t.json('GET', `/v1/buyers/${stored.id}`, undefined, auth)).json()).toEqual(stored);
  });
});
