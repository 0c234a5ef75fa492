/**
 * Finding 1 (issue 17): a call the service gave up on must not land later. Before the reconciler
 * gives up on a reference it fences it at the processor; a held call released after that is
 * refused. And a processor 409 on capture or void is read back, not taken as "nothing moved".
 * Over real HTTP, the late arrival made with the switchboard's `hold`.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ACCOUNT_HEADER } from '../../../sandbox-processor/api.ts';
import { faultWorld, type FaultWorld } from './world.ts';

let w: FaultWorld;
beforeEach(async () => (w = await faultWorld()));
afterEach(() => w.close());

/** Past the 2-minute grace of a server call: the reconciler's next look gives up (after fencing). */
const PAST_GRACE = 125;

it('a capture held past the grace period is refused when it arrives; the intent stays capturable and is captured once', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'auth-1', { capture_method: 'manual' })).body;
  expect(intent.status).toBe('authorized');
  const hold = await w.heldOp(intent.id, 'capture');
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${intent.id}`)).body.status).toBe('authorized');

  expect(await w.release(hold)).toBe(1);
  expect(await w.ledger()).toMatchObject([{ status: 'authorized', captured: 0 }]);

  const captured = await w.post(`/v1/payment_intents/${intent.id}/capture`);
  expect(captured.body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
  expect(await w.ledger()).toMatchObject([{ status: 'captured', captured: 1500 }]);
});

it('a charge held past the grace period is refused when it arrives; the retry charges once', async () => {
  const pm = await w.card();
  const { hold, id } = await w.heldCharge(pm, 'order-1');
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${id}`)).body.status).toBe('failed');

  await w.release(hold);
  expect(await w.ledger()).toEqual([]);
  // The merchant's retry after the failed charge is the only charge.
  expect((await w.pay(pm, 'order-1-retry')).body.status).toBe('succeeded');
  expect((await w.ledger()).map((e) => e.captured)).toEqual([1500]);
  await w.advance(3600);
  expect((await w.get(`/v1/payment_intents/${id}`)).body.status).toBe('failed');
});

it('a refund held past the grace period is refused when it arrives; the reissued refund moves money once', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'order-2', { amount: 3000 })).body.id as string;
  const hold = await w.arm({ operation: 'refund', kind: 'hold' });
  const lost = await w.refund(intent, 'refund-2', 500);
  expect(lost.status).toBe(502);
  await w.advance(PAST_GRACE);
  const listed = await w.get(`/v1/refunds?payment_intent=${intent}`);
  expect(listed.body.data[0]).toMatchObject({ status: 'canceled' });

  await w.release(hold);
  expect((await w.ledger())[0]).toMatchObject({ refunded: 0 });
  expect((await w.refund(intent, 'refund-2-again', 500)).body.status).toBe('succeeded');
  expect((await w.ledger())[0]).toMatchObject({ captured: 3000, refunded: 500 });
});

/** The processor captures or voids by itself (as a provider's dashboard can), behind the service's back. */
async function fromDashboard(op: 'capture' | 'void') {
  const [tx] = await w.ledger();
  const secret = w.t.processorSecret;
  const direct = await w.t.sandbox.app.request(`/v1/transactions/${tx!.id}/${op}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, [ACCOUNT_HEADER]: w.m.id, 'Content-Type': 'application/json' },
    body: JSON.stringify(op === 'capture' ? { amount: 1500, reference: 'dashboard-capture' } : { reference: 'dashboard-void' }),
  });
  expect(direct.status).toBeLessThan(300);
}

it('a processor 409 on capture is read back: captured at the processor means captured here', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'auth-3', { capture_method: 'manual' })).body;
  await fromDashboard('capture');

  const captured = await w.post(`/v1/payment_intents/${intent.id}/capture`);
  expect(captured.status).toBe(200);
  expect(captured.body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
  const voided = await w.post(`/v1/payment_intents/${intent.id}/void`);
  expect(voided.status).toBe(409);
  expect(await w.ledger()).toMatchObject([{ status: 'captured', captured: 1500 }]);
});

it('a processor 409 on void is read back: voided at the processor means voided here', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'auth-4', { capture_method: 'manual' })).body;
  await fromDashboard('void');
  const voided = await w.post(`/v1/payment_intents/${intent.id}/void`);
  expect(voided.status).toBe(200);
  expect(voided.body.status).toBe('voided');
  expect((await w.post(`/v1/payment_intents/${intent.id}/capture`)).status).toBe(409);
});

it('a void refused because the processor captured: 409 (refund instead), and the intent reads what moved', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'auth-5', { capture_method: 'manual' })).body;
  await fromDashboard('capture');
  const voided = await w.post(`/v1/payment_intents/${intent.id}/void`);
  expect(voided.status).toBe(409);
  expect(voided.body.code).toBe('invalid_transition');
  expect((await w.get(`/v1/payment_intents/${intent.id}`)).body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
});

it('a processor 409 that cannot be read back is an unknown outcome, never "nothing moved"', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'auth-6', { capture_method: 'manual' })).body;
  await fromDashboard('capture');
  await w.arm({ operation: 'lookup', kind: 'down' });
  const captured = await w.post(`/v1/payment_intents/${intent.id}/capture`);
  expect(captured.status).toBe(502);
  expect(captured.body.code).toBe('payment_outcome_unknown');
  // The reconciler reads it back later.
  await w.advance(20);
  expect((await w.get(`/v1/payment_intents/${intent.id}`)).body.status).toBe('succeeded');
});

it('a charge held for less than the grace period is not fenced: it lands and is recorded', async () => {
  const pm = await w.card();
  const { hold, id } = await w.heldCharge(pm, 'order-7');
  // The reconciler's first look, inside the grace period: not found, not given up on.
  await w.advance(20);
  expect(await w.release(hold)).toBe(1);
  await w.advance(60);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
});

it('a capture held for less than the grace period is not fenced: it lands and is recorded', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'auth-8', { capture_method: 'manual' })).body;
  const hold = await w.heldOp(intent.id, 'capture');
  await w.advance(20);
  expect(await w.release(hold)).toBe(1);
  await w.advance(60);
  expect((await w.get(`/v1/payment_intents/${intent.id}`)).body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
});
