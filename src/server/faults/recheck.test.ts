/**
 * Finding 1 (issue 17), the second watch: with a processor that cannot fence a reference, a call
 * the service gave up on can land after the `failed` record was written. For 72 hours of service
 * clock the reconciler looks again. A charge behind a `failed` intent is reversed at the processor
 * (issue 34, finding 2: a final state never flips); a late capture or void of an intent still
 * authorized is recorded; a refund never heard back about stays `requested` until it lands. Over
 * real HTTP, the late arrival made with `hold`.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { noFences } from '../testing.ts';
import { faultWorld, type FaultWorld } from './world.ts';

let w: FaultWorld;
beforeEach(async () => {
  w = await faultWorld();
  noFences(w.t.deps.processorFor('sandbox')!);
});
afterEach(() => w.close());

/** Past the 2-minute grace of a server call: the reconciler gives up. */
const PAST_GRACE = 125;
/** The second watch's first look, ten minutes after giving up. */
const FIRST_RECHECK = 600;

/** Failed attempts the reconciler still watches. */
const watched = () => (w.t.store.db.prepare('SELECT count(*) AS n FROM payment_attempts WHERE recheck_until IS NOT NULL').get() as { n: number }).n;

const eventTypes = (id: string) =>
  (w.t.store.db.prepare('SELECT type, data FROM events ORDER BY created, rowid').all() as { type: string; data: string }[])
    .filter((e) => Object.values(JSON.parse(e.data) as Record<string, unknown>).includes(id))
    .map((e) => e.type);

/** Money the processor kept: captured less refunded. */
const kept = async () => (await w.ledger()).reduce((sum, e) => sum + e.captured - e.refunded, 0);

it('a charge that lands after the intent failed is reversed: the intent stays failed as the merchant was told', async () => {
  const pm = await w.card();
  const { hold, id } = await w.heldCharge(pm, 'order-1');
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', decline_code: 'processing_error' });

  expect(await w.release(hold)).toBe(1);
  expect((await w.ledger()).map((e) => e.captured)).toEqual([1500]);
  await w.advance(FIRST_RECHECK);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0, decline_code: 'processing_error' });
  expect(await kept()).toBe(0);
  expect(eventTypes(id)).toEqual(['payment_intent.failed']);
  // Reversed once: the watch is over and later looks change nothing.
  expect(watched()).toBe(0);
  await w.advance(24 * 3600);
  expect(eventTypes(id)).toHaveLength(1);
  expect(await kept()).toBe(0);
});

it('a processor that cannot answer at a look does not end the watch', async () => {
  const pm = await w.card();
  const { hold, id } = await w.heldCharge(pm, 'order-4');
  await w.advance(PAST_GRACE);
  await w.arm({ operation: 'lookup', kind: 'down' });
  await w.advance(FIRST_RECHECK);
  expect(watched()).toBe(1);
  await w.release(hold);
  expect(await kept()).toBe(1500);
  await w.advance(2 * FIRST_RECHECK);
  expect((await w.get(`/v1/payment_intents/${id}`)).body.status).toBe('failed');
  expect(await kept()).toBe(0);
});

it('a decline that lands late changes nothing: the intent stays failed as the merchant was told', async () => {
  const pm = await w.card('0002');
  const { hold, id } = await w.heldCharge(pm, 'order-5');
  await w.advance(PAST_GRACE);
  await w.release(hold);
  expect(await w.ledger()).toMatchObject([{ status: 'declined', captured: 0 }]);
  await w.advance(FIRST_RECHECK);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', decline_code: 'processing_error' });
  expect(eventTypes(id)).toEqual(['payment_intent.failed']);
  expect(watched()).toBe(1);
});

it('a capture that lands after the service gave up on it is recorded: the authorized intent turns succeeded', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'auth-1', { capture_method: 'manual' })).body;
  const hold = await w.heldOp(intent.id, 'capture');
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${intent.id}`)).body.status).toBe('authorized');
  // The watch's first look finds nothing yet; the capture lands after it, and the next look records it.
  await w.advance(FIRST_RECHECK);
  expect(watched()).toBe(1);

  await w.release(hold);
  expect(await w.ledger()).toMatchObject([{ status: 'captured', captured: 1500 }]);
  await w.advance(2 * FIRST_RECHECK);
  expect((await w.get(`/v1/payment_intents/${intent.id}`)).body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
  expect(watched()).toBe(0);
  // Captured at the processor means no void here either.
  expect((await w.post(`/v1/payment_intents/${intent.id}/void`)).status).toBe(409);
});

it('a void that lands after the service gave up on it is recorded: the intent turns voided', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'auth-2', { capture_method: 'manual' })).body;
  const hold = await w.heldOp(intent.id, 'void');
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${intent.id}`)).body.status).toBe('authorized');

  await w.advance(FIRST_RECHECK);
  expect(watched()).toBe(1);

  await w.release(hold);
  expect(await w.ledger()).toMatchObject([{ status: 'voided', captured: 0 }]);
  await w.advance(2 * FIRST_RECHECK);
  expect((await w.get(`/v1/payment_intents/${intent.id}`)).body.status).toBe('voided');
  expect(watched()).toBe(0);
});

it('a refund never heard back about stays requested, holding its amount, and is recorded when it lands', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'order-2', { amount: 3000 })).body.id as string;
  const hold = await w.arm({ operation: 'refund', kind: 'hold' });
  expect((await w.refund(intent, 'refund-2', 500)).status).toBe(502);
  await w.advance(PAST_GRACE + FIRST_RECHECK);
  expect((await w.get(`/v1/refunds?payment_intent=${intent}`)).body).toMatchObject({ amount_refunded: 500, data: [{ status: 'requested' }] });

  await w.release(hold);
  expect((await w.ledger())[0]).toMatchObject({ refunded: 500 });
  await w.advance(FIRST_RECHECK);
  const listed = (await w.get(`/v1/refunds?payment_intent=${intent}`)).body;
  expect(listed).toMatchObject({ amount_refunded: 500, data: [{ status: 'succeeded', amount: 500 }] });
  expect(eventTypes(intent)).toContain('charge.refunded');
});

it('a charge at submit that lands after the session was freed pays the session', async () => {
  const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
  const hold = await w.arm({ operation: 'charge', kind: 'hold' });
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
  const charged = await w.t.call('POST', `/v1/public/sessions/${s.id}/charge`, { card }, { Authorization: `Bearer ${w.m.publishable}`, Origin: w.t.url });
  expect(charged.body.status).toBe('processing');
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });

  await w.release(hold);
  await w.advance(FIRST_RECHECK);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  expect((await w.ledger()).map((e) => e.captured)).toEqual([2500]);
});

it('a charge at submit that lands after another charge paid the session is reversed: the buyer pays once', async () => {
  const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
  const hold = await w.arm({ operation: 'charge', kind: 'hold' });
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
  const submit = () => w.t.call('POST', `/v1/public/sessions/${s.id}/charge`, { card }, { Authorization: `Bearer ${w.m.publishable}`, Origin: w.t.url });
  expect((await submit()).body.status).toBe('processing');
  await w.advance(PAST_GRACE);
  expect((await submit()).body.status).toBe('succeeded');

  await w.release(hold);
  expect((await w.ledger()).map((e) => e.captured)).toEqual([2500, 2500]);
  await w.advance(FIRST_RECHECK);
  expect((await w.get(`/v1/sessions/${s.id}`)).body).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  expect(await kept()).toBe(2500);
});

it('the watch lasts 72 hours: a charge that lands later than that is left to the merchant and support', async () => {
  const pm = await w.card();
  const { hold, id } = await w.heldCharge(pm, 'order-3');
  await w.advance(PAST_GRACE);
  // Every look of the watch finds nothing; the last one is at 72 hours.
  for (let h = 0; h < 73; h += 12) await w.advance(12 * 3600);
  await w.release(hold);
  await w.advance(24 * 3600);
  expect((await w.get(`/v1/payment_intents/${id}`)).body.status).toBe('failed');
  expect(watched()).toBe(0);
});
