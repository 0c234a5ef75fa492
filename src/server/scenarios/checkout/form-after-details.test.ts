/**
 * Issue 35: on the hosted page the provider's form (the sandbox fields' form token, a Stripe client
 * secret, a Braintree client token) charges at the provider, where no check of the buyer details
 * can follow. `POST /api/checkout/init` hands no form out while the session lacks a detail it
 * requires (422 `required_fields_missing`, nothing written, nothing at the processor); once the
 * hosted page saved them (`POST /api/checkout/buyer-details`), init hands the form out. A session
 * that requires nothing, or holds what it requires from create, gets its form on the first init.
 * A form handed out before that check and paid at the provider is settled and stands (never
 * refunded by the service), flagged in the operator's log by field names.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { braintreeStandIn } from '../providers/braintree/braintree.fixtures.ts';
import { hostedSession, origin, payFormFromBeforeTheCheck, payOnProcessor, type TestApp } from './fixtures.ts';

const SHIP_TO = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
const REQUIRED = { requiredBuyerFields: ['email', 'phone', 'shipping_address'] };
const BUYER = { email: 'ada@example.com', phone: '+1 415 555 0100', shippingAddress: SHIP_TO };

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const init = (t: TestApp, sessionId: string) => t.json('POST', '/api/checkout/init', { sessionId }, origin);
const save = (t: TestApp, sessionId: string, buyer: Record<string, unknown>) => t.json('POST', '/api/checkout/buyer-details', { sessionId, buyer }, origin);
const read = async (t: TestApp, secret: string, id: string) => (await t.json('GET', `/v1/sessions/${id}`, undefined, bearer(secret))).json();
/** Every transaction the sandbox processor (and its Braintree stand-in) has on its ledger. */
const ledger = (t: TestApp) => (t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;

/** init's refusal: no form in the answer, and nothing written or asked of the processor. */
async function expectNoForm(t: TestApp, secret: string, sessionId: string, missing: string[]) {
  const before = await read(t, secret, sessionId);
  const res = await init(t, sessionId);
  expect(res.status).toBe(422);
  const body = await res.json();
  expect(body).toMatchObject({ code: 'required_fields_missing', missing_fields: missing, invalid_fields: [] });
  expect(body).not.toHaveProperty('token');
  expect(await t.count('payment_attempts')).toBe(0);
  expect(await read(t, secret, sessionId)).toEqual(before);
  expect(ledger(t)).toBe(0);
}

describe('hosted page: the provider form is handed out only once the session holds the required details (issue 35)', () => {
  it('sandbox fields: no form token before the details are saved; saved, init hands it out and the payment completes', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, {}, REQUIRED);
    await expectNoForm(t, m.keys.secret, session.id, ['email', 'phone', 'shipping_address']);

    // A save that falls short changes nothing: still no form.
    expect((await save(t, session.id, { email: 'ada@example.com' })).status).toBe(422);
    await expectNoForm(t, m.keys.secret, session.id, ['email', 'phone', 'shipping_address']);

    expect((await save(t, session.id, BUYER)).status).toBe(200);
    const tx = await payOnProcessor(t, session.id);
    expect(tx.status).toBe('approved');
    const done = await t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.id }, origin);
    expect([done.status, (await done.json()).status]).toEqual([200, 'succeeded']);
    expect(await read(t, m.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', buyerPhone: '+1 415 555 0100', shippingAddress: SHIP_TO });
  });

  it('a session that requires nothing, or holds what it requires from create, gets its form on the first init', async () => {
    const t = await testApp();
    const plain = await hostedSession(t, { shipping: 'auto', phone: 'auto' });
    expect(await (await init(t, plain.session.id)).json()).toMatchObject({ type: 'sandbox', token: expect.any(String) });
    const given = await hostedSession(t, { buyerEmail: 'ada@example.com', buyerContact: { phone: '+1 415 555 0100', shippingAddress: SHIP_TO } }, REQUIRED);
    expect(await (await init(t, given.session.id)).json()).toMatchObject({ type: 'sandbox', token: expect.any(String) });
  });

  it.each([
    ['Stripe: no client secret', 'card_element', { type: 'card_element', token: expect.stringContaining('_secret_') }],
    ['Braintree: no client token', 'hosted_fields', { type: 'hosted_fields', token: expect.any(String) }],
  ] as const)('%s before the details are saved; after the save, init hands it out', async (_what, processor, form) => {
    const t = await testApp();
    if (processor === 'hosted_fields') closers.push((await braintreeStandIn(t, ['hosted_fields'])).close);
    const m = await t.merchant({ processor, settings: { requiredBuyerFields: ['phone'] } });
    const session = await (await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd' }, bearer(m.keys.secret))).json();
    await expectNoForm(t, m.keys.secret, session.id, ['phone']);
    expect((await save(t, session.id, { phone: '+1 415 555 0100' })).status).toBe(200);
    expect(await (await init(t, session.id)).json()).toMatchObject(form);
  });
});

describe('a form from before the check, paid at the provider without the required details (issue 35)', () => {
  const FLAG = 'paid without buyer details the session requires; the payment stands';

  it('the reconciler settles it: the payment stands, nothing is refunded, and the operator log names the missing fields, never values', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, { buyerContact: { phone: '+1 415 555 0100' } }, REQUIRED);
    const tx = await payFormFromBeforeTheCheck(t, session.id);
    expect(tx.status).toBe('approved');
    // The page never completes (complete would refuse it: 422): the reconciler settles it.
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 30 });
    const paid = await read(t, m.keys.secret, session.id);
    expect(paid).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', shippingAddress: null });
    const refunds = await (await t.json('GET', `/v1/refunds?payment_intent=${paid.paymentIntentId}`, undefined, bearer(m.keys.secret))).json();
    expect(refunds).toMatchObject({ data: [], amount_refunded: 0, refundable: true });
    const flagged = t.logLines.filter((l) => l.includes(FLAG));
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toContain(session.id);
    expect(flagged[0]).toMatch(/"missing_fields":\["email","shipping_address"\]/);
    expect(flagged[0]).not.toMatch(/415 555|\+1415/);
  });

  it('a session paid with its details saved first is not flagged', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, {}, REQUIRED);
    expect((await save(t, session.id, BUYER)).status).toBe(200);
    await payOnProcessor(t, session.id);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 30 });
    expect(await read(t, m.keys.secret, session.id)).toMatchObject({ status: 'succeeded' });
    expect(t.logLines.filter((l) => l.includes(FLAG))).toEqual([]);
  });
});
