/**
 * Finding 10 (issue 17): a refused connection is "nothing moved" (../processors/sandbox tests and
 * faults.test.ts cover the answer); here, a reconciler pass over a processor that holds every
 * look-up is bounded (SVCPAY_RECONCILE_BUDGET_MS) and the expiry sweep after it still runs.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from './world.ts';

let w: FaultWorld;
// One held look-up costs the processor timeout (NETWORK_TIMEOUT_MS), more than the whole 300 ms budget.
beforeEach(async () => (w = await faultWorld({ SVCPAY_RECONCILE_BUDGET_MS: '300' })));
afterEach(() => w.close());

it('a pass whose look-ups are held starts one, defers the rest, and the sweep still expires what is due', async () => {
  const pm = await w.card();
  await w.arm({ operation: 'charge', kind: 'lose_answer', count: 4 });
  const ids: string[] = [];
  for (const key of ['a', 'b', 'c', 'd']) {
    const lost = await w.pay(pm, key);
    expect(lost.body.code).toBe('payment_outcome_unknown');
    ids.push(lost.body.payment_intent);
  }
  const session = (await w.post('/v1/sessions', { amount: 900, currency: 'usd', expiresIn: 300 })).body;
  const hold = await w.arm({ operation: 'lookup', kind: 'hold', count: 100 });

  await w.advance(301);
  const faults = (await w.t.control('GET', '/faults')).body.data as Array<{ id: string; held: number }>;
  expect(faults.find((f) => f.id === hold)!.held).toBe(1);
  expect((await w.get(`/v1/sessions/${session.id}`)).body.status).toBe('expired');

  // Once the processor answers again, the deferred attempts are recorded: four charges, four intents.
  expect((await w.t.control('DELETE', `/faults/${hold}`)).status).toBe(204);
  for (let i = 0; i < 4; i++) await w.advance(60);
  expect((await w.ledger()).map((e) => e.captured)).toEqual([1500, 1500, 1500, 1500]);
  for (const id of ids) expect((await w.get(`/v1/payment_intents/${id}`)).body.status).toBe('succeeded');
});
