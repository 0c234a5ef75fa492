/**
 * Finding 2 (issue 17): an Idempotency-Key reused after its 24 hours with a new body must not get
 * back the object made for the old body. Over real HTTP, with the service clock moved.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from './world.ts';

let w: FaultWorld;
beforeEach(async () => (w = await faultWorld()));
afterEach(() => w.close());

const DAY = 24 * 3600;

it('a key reused after 24 hours with another amount makes a new intent and charges it', async () => {
  const pm = await w.card();
  const first = await w.pay(pm, 'order-7', { amount: 1500 });
  expect(first.body).toMatchObject({ status: 'succeeded', amount: 1500 });
  await w.advance(DAY + 60);
  const second = await w.pay(pm, 'order-7', { amount: 2500 });
  expect(second.status).toBe(201);
  expect(second.body).toMatchObject({ status: 'succeeded', amount: 2500 });
  expect(second.body.id).not.toBe(first.body.id);
  expect((await w.ledger()).map((e) => e.captured)).toEqual([1500, 2500]);
  // The key now names the new intent: a retry of the new body replays it.
  const replay = await w.pay(pm, 'order-7', { amount: 2500 });
  expect(replay.status).toBe(200);
  expect(replay.body.id).toBe(second.body.id);
  expect(await w.ledger()).toHaveLength(2);
});

it('within 24 hours the same key with another body is refused, and nothing is charged', async () => {
  const pm = await w.card();
  await w.pay(pm, 'order-8', { amount: 1500 });
  const other = await w.pay(pm, 'order-8', { amount: 2500 });
  expect(other.status).toBe(422);
  expect(other.body.code).toBe('idempotency_replay_incompatible');
  expect(await w.ledger()).toHaveLength(1);
});

it('a refund key reused after 24 hours with another amount refunds again, for the new amount', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'order-9', { amount: 3000 })).body.id as string;
  const first = await w.refund(intent, 'refund-9', 500);
  expect(first.body).toMatchObject({ status: 'succeeded', amount: 500 });
  await w.advance(DAY + 60);
  const second = await w.refund(intent, 'refund-9', 700);
  expect(second.status).toBe(201);
  expect(second.body).toMatchObject({ status: 'succeeded', amount: 700 });
  expect(second.body.id).not.toBe(first.body.id);
  expect((await w.ledger())[0]).toMatchObject({ captured: 3000, refunded: 1200 });
});
