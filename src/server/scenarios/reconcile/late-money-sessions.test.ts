/**
 * Issue 34, finding 2, the session half on the Braintree stand-in: a buyer's charge at submit (the
 * sale of a Hosted Fields nonce) held on its way past the grace period frees the session; the buyer
 * pays it with another card; the held sale then lands. Braintree cannot refuse it, so it is
 * reversed: the buyer pays once and the session shows one payment. Over real HTTP, with `hold`.
 */
import { afterEach, expect, it } from 'vitest';
import { faultWorld, type FaultWorld, type LedgerRow } from '../../faults/world.ts';
import { SANDBOX_GATEWAY_ID } from '../../../../sandbox-processor/braintree/app.ts';
import { ACCOUNT_HEADER } from '../../../../sandbox-processor/api.ts';

let w: FaultWorld;
afterEach(() => w.close());

const kept = (rows: LedgerRow[]) => rows.reduce((sum, e) => sum + e.captured - e.refunded, 0);

/** What Hosted Fields do with a typed card: tokenize it at Braintree with the client token's fingerprint. */
async function nonceFor(clientToken: string) {
  const { authorizationFingerprint } = JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8'));
  const res = await fetch(`${w.t.deps.config.braintreeUrl}/merchants/${SANDBOX_GATEWAY_ID}/client_api/v1/payment_methods/credit_cards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ authorizationFingerprint, creditCard: { number: '4242424242424242', expirationDate: '12/2040', cvv: '123', billingAddress: { postalCode: '10001' } } }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { creditCards: { nonce: string }[] }).creditCards[0]!.nonce;
}

it('a sale held past the grace lands after another card paid the session: Braintree keeps one payment', async () => {
  w = await faultWorld({}, 'hosted_fields');
  const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/success' })).body;
  const pk = { Authorization: `Bearer ${w.m.publishable}` };
  const origin = { Origin: w.t.url };
  const pay = async () => {
    const init = await w.t.call('POST', '/api/checkout/init', { sessionId: s.id }, origin);
    expect(init.status).toBe(200);
    return w.t.call('POST', `/v1/public/sessions/${s.id}/complete`, { transactionId: await nonceFor(init.body.token) }, pk);
  };
  const hold = await w.arm({ operation: 'charge', kind: 'hold' });
  expect((await pay()).body.status).not.toBe('succeeded');
  await w.advance(125);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
  expect((await pay()).body.status).toBe('succeeded');

  expect(await w.release(hold)).toBe(1);
  expect((await w.ledger()).map((e) => e.captured)).toEqual([2500, 2500]);
  await w.advance(3 * 600);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  expect(kept(await w.ledger())).toBe(2500);
});

it('the late sale’s settlement event arrives before the second watch looks: reversed all the same, never a second payment', async () => {
  w = await faultWorld({}, 'hosted_fields');
  const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/success' })).body;
  const pk = { Authorization: `Bearer ${w.m.publishable}` };
  const pay = async () => {
    const init = await w.t.call('POST', '/api/checkout/init', { sessionId: s.id }, { Origin: w.t.url });
    return w.t.call('POST', `/v1/public/sessions/${s.id}/complete`, { transactionId: await nonceFor(init.body.token) }, pk);
  };
  const hold = await w.arm({ operation: 'charge', kind: 'hold' });
  expect((await pay()).body.status).not.toBe('succeeded');
  await w.advance(125);
  expect((await pay()).body.status).toBe('succeeded');
  const paid = (await w.ledger()).map((e) => e.id);
  expect(await w.release(hold)).toBe(1);
  // Braintree tells of the late sale's settlement, over HTTP as it posts (a form), before the clock moves.
  const late = (await w.ledger()).find((e) => !paid.includes(e.id))!;
  const sent = await w.t.sandbox.app.request('/v1/events', {
    method: 'POST',
    headers: { Authorization: `Bearer ${w.t.processorSecret}`, [ACCOUNT_HEADER]: w.m.id, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'capture.settled', transactionId: late.id }),
  });
  expect(sent.status).toBe(202);
  const applied = () => w.t.store.db.prepare("SELECT state FROM inbound_events WHERE json_extract(data, '$.type') = 'transaction.updated'").get() as { state: string } | undefined;
  await expect.poll(() => applied()?.state).toBe('applied');
  expect(kept(await w.ledger())).toBe(2500);
  await w.advance(3 * 600);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  expect(kept(await w.ledger())).toBe(2500);
});
