/**
 * A Stripe merchant's capture or void whose answer is lost (issue 34, finding 1), over real HTTP to
 * the Stripe stand-in: the connection is reset after Stripe acted, and the `stripe` SDK sends the
 * call once more with the same key. Whether that retry is answered by Stripe's replay or refused
 * ("has a status of succeeded"), the service must end where Stripe's ledger is: it used to answer
 * 422 "nothing was charged", delete the attempt and read `authorized` forever.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from '../../../faults/world.ts';

let w: FaultWorld;
beforeEach(async () => (w = await faultWorld({}, 'card_element')));
afterEach(() => w.close());

async function authorized(amount: number, key: string) {
  const res = await w.pay(await w.card(), key, { amount, capture_method: 'manual' });
  expect(res.body).toMatchObject({ status: 'authorized', amount_capturable: amount });
  return res.body.id as string;
}

/** The answer to a call whose first answer was lost: the intent as Stripe left it, or (its read-back lost too) outcome unknown; never a refusal. */
async function afterLostAnswer(path: string, expected: string) {
  const res = await w.post(path);
  expect([200, 502]).toContain(res.status);
  if (res.status === 200) expect(res.body.status).toBe(expected);
  else expect(res.body.code).toBe('payment_outcome_unknown');
  // One reconciler pass at most.
  await w.advance(20);
}

it('a capture whose answer is lost reads captured, as Stripe’s ledger does, and can be refunded', async () => {
  const id = await authorized(2500, 'order-capture');
  await w.arm({ operation: 'capture', kind: 'lose_answer' });
  await afterLostAnswer(`/v1/payment_intents/${id}/capture`, 'succeeded');
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'succeeded', amount_received: 2500, amount_capturable: 0 });
  expect(await w.ledger()).toMatchObject([{ status: 'captured', captured: 2500 }]);
  const refund = await w.refund(id, 'refund-capture', 1000);
  expect([refund.status, refund.body.status]).toEqual([201, 'succeeded']);
  expect(await w.ledger()).toMatchObject([{ captured: 2500, refunded: 1000 }]);
});

it('a void whose answer is lost reads voided, as Stripe’s ledger does, and can no longer be captured', async () => {
  const id = await authorized(2500, 'order-void');
  await w.arm({ operation: 'void', kind: 'lose_answer' });
  await afterLostAnswer(`/v1/payment_intents/${id}/void`, 'voided');
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'voided', amount_received: 0 });
  expect(await w.ledger()).toMatchObject([{ status: 'voided', captured: 0 }]);
  expect((await w.post(`/v1/payment_intents/${id}/capture`)).body.code).toBe('invalid_transition');
});

it('a partial capture whose answer is lost records the amount Stripe captured', async () => {
  const id = await authorized(2500, 'order-partial');
  await w.arm({ operation: 'capture', kind: 'lose_answer' });
  const res = await w.post(`/v1/payment_intents/${id}/capture`, { amount_to_capture: 1800 });
  expect([200, 502]).toContain(res.status);
  await w.advance(20);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'succeeded', amount_received: 1800 });
  expect(await w.ledger()).toMatchObject([{ captured: 1800 }]);
});
