/**
 * Doc 2, `refund.failed` `reason_code` `refund_unresolved`: a refund whose answer was lost, about
 * which the provider then could not be asked for the whole watch (72 hours of service clock), is
 * given up on as unresolved (money may have moved), once. Over real HTTP: the lost answer and the
 * failing look-ups are the switchboard's `lose_answer` and `down`.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from './world.ts';

let w: FaultWorld;
beforeEach(async () => (w = await faultWorld()));
afterEach(() => w.close());

const refundFailedEvents = () =>
  (w.t.store.db.prepare("SELECT data FROM events WHERE type = 'refund.failed' AND merchant_id = ?").all(w.m.id) as { data: string }[]).map((e) => JSON.parse(e.data) as Record<string, unknown>);

it('a refund the provider cannot be asked about for the whole watch fails as refund_unresolved, once', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'order-u', { amount: 3000 })).body.id as string;
  // The refund moves money but its answer is lost, and from then on every look-up fails.
  await w.arm({ operation: 'lookup', kind: 'down', count: 1000 });
  await w.arm({ operation: 'refund', kind: 'lose_answer' });
  const lost = await w.refund(intent, 'refund-u', 500);
  expect([lost.status, lost.body.code]).toEqual([502, 'provider_unavailable']);
  const refundOf = async () => (await w.get(`/v1/refunds?payment_intent=${intent}`)).body.data[0] as Record<string, unknown>;

  // Within the watch it stays in progress: the reconciler keeps asking.
  await w.advance(125);
  await w.advance(24 * 3600);
  expect((await refundOf()).status).toBe('requested');
  expect(refundFailedEvents()).toEqual([]);

  await w.advance(48 * 3600);
  expect(await refundOf()).toMatchObject({ status: 'failed', amount: 500 });
  const [event, ...more] = refundFailedEvents();
  expect(more).toEqual([]);
  expect(event).toMatchObject({ payment_intent_id: intent, refund_amount: 500, reason_code: 'refund_unresolved', retry_available: false });
  // Money did move at the provider: the reason says so (never retry blind).
  expect((await w.ledger())[0]).toMatchObject({ refunded: 500 });

  await w.advance(24 * 3600);
  expect(refundFailedEvents()).toHaveLength(1);
});
