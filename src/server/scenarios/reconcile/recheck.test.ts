/**
 * The reconciler's second watch (recheck.ts) over browser forms: a form closed while it could still
 * pay (a provider whose revocation did not take) and that paid after all is recorded.
 */
import { expect, it } from 'vitest';
import { DECLINED_CARD, NOTHING, hosted, world } from './reconcile.fixtures.ts';
import { leakyRevocation, outliveHandback } from '../../testing.ts';

/**
 * A hosted session paid with a second tab's form, after that tab closed the first tab's form at a
 * provider whose revocation answers but does not take: the first form can still be used.
 */
async function paidBySecondTab() {
  const w = await world();
  const s = await hosted(w);
  const first = await s.init();
  leakyRevocation(w.t.processor);
  await outliveHandback(w.t);
  const second = await s.init();
  expect((await w.attempts('client'))).toEqual(['failed', 'pending']);
  expect((await s.payWith(second)).status).toBe(200);
  return { w, s, first };
}

it('a form closed unused whose revocation did not take, paid after all, is recorded by the second watch', async () => {
  const { w, s, first } = await paidBySecondTab();
  expect((await s.payWith(first)).status).toBe(200);
  // Neither browser reports back: the reconciler records the open form's payment, and its second
  // watch the closed form's, as a second payment of the paid session.
  expect(await w.reconcileAfter(600)).toEqual({ ...NOTHING, recorded: 2 });
  expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 2 });
  expect((await w.attempts('client'))).toEqual(['done', 'done']);
  // The merchant hears two charges, and one payment of the session.
  const types = ((await w.t.query('SELECT type FROM events WHERE merchant_id = ?', w.m.merchant.id)) as { type: string }[]).map((e) => e.type);
  expect(types.filter((t) => t === 'charge.succeeded')).toHaveLength(2);
  expect(types.filter((t) => t === 'payment_intent.succeeded')).toHaveLength(1);
});

it('a decline on a form closed after the session was paid never unpays the session', async () => {
  const { w, s, first } = await paidBySecondTab();
  expect((await s.payWith(first, DECLINED_CARD)).status).toBe(200);
  expect(await w.reconcileAfter(600)).toEqual({ ...NOTHING, recorded: 1, rechecked: 1 });
  expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
});

