/**
 * The reversal of money that landed after its payment was announced final (engine/payments/reconcile/reverse-late.ts), against
 * a provider whose answers the test chooses: which call reverses what, what is recorded, and when
 * it waits for a later look. The scenarios (scenarios/reconcile/late-money*.test.ts, the money-path
 * suite) drive it through the stand-ins.
 */
import { beforeEach, expect, it } from 'vitest';
import { testApp } from '../../testing.ts';
import { newAttempt } from '../../engine/attempts/attempts.ts';
import { ProcessorRejectedError, type Processor, type ProcessorRefund, type ProcessorTransaction } from '../../processors/types.ts';
import type { Merchant } from '../../domain/index.ts';
import type { AttemptRecord } from '../../store/types.ts';
import { reverseLateCharge, reversalReference } from '../../engine/payments/reconcile/reverse-late.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let merchant: Merchant;
let late: AttemptRecord;
beforeEach(async () => {
  t = await testApp();
  merchant = (await t.merchant()).merchant;
  late = newAttempt({ merchantId: merchant.id, livemode: false, kind: 'charge', reference: 'att_late', amount: 2500, currency: 'usd' }, t.deps.clock.nowMs());
});

const tx = (over: Partial<ProcessorTransaction>): ProcessorTransaction => ({
  id: 'txn_late', status: 'approved', declineCode: null, amount: 2500, currency: 'usd', sessionId: null, merchantId: merchant.id,
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 }, avsResult: null, cvvResult: null, reference: 'att_late', ...over,
});

/** A provider that records what it was asked and answers as told. */
function provider(answers: { refund?: () => ProcessorRefund; void?: () => ProcessorTransaction }) {
  const calls: string[] = [];
  const p = {
    async refund(_m: Merchant, req: { transactionId: string; amount: number; reference: string }) {
      calls.push(`refund ${req.transactionId} ${req.amount} ${req.reference}`);
      if (!answers.refund) throw new Error('no refund expected');
      return answers.refund();
    },
    async void(_m: Merchant, req: { transactionId: string; reference: string }) {
      calls.push(`void ${req.transactionId} ${req.reference}`);
      if (!answers.void) throw new Error('no void expected');
      return answers.void();
    },
  };
  return { p: p as unknown as Processor, calls };
}

const refundOf = (status: ProcessorRefund['status']): ProcessorRefund => ({ id: 're_1', reference: 'att_late_reversal', transactionId: 'txn_late', amount: 2000, currency: 'usd', status, failureCode: null });
const recorded = () => t.store.read.attempts.byReference(merchant.id, reversalReference(late));
const reverse = (p: Processor, over: Partial<ProcessorTransaction>) => reverseLateCharge(t.deps, merchant, p, late, tx(over));

it('refunds captured money in full, what was captured, under the reversal reference, and records it once as a done refund', async () => {
  const { p, calls } = provider({ refund: () => refundOf('succeeded') });
  expect(await reverse(p, { capture: 'settled', capturedAmount: 2000 })).toBe(true);
  expect(calls).toEqual(['refund txn_late 2000 att_late_reversal']);
  expect(await recorded()).toMatchObject({ kind: 'refund', state: 'done', amount: 2000, currency: 'usd', reference: 'att_late_reversal' });
  expect(t.logLines.some((l) => l.includes('reversed at the provider') && l.includes('"reversal":"refund"'))).toBe(true);
  // A second look finds it reversed: no call, no second record.
  expect(await reverse(p, { capture: 'settled', capturedAmount: 2000 })).toBe(true);
  expect(calls).toHaveLength(1);
});

it('a refund pending at the provider counts as the reversal', async () => {
  const { p } = provider({ refund: () => refundOf('pending') });
  expect(await reverse(p, { capture: 'pending' })).toBe(true);
  expect(await recorded()).toMatchObject({ kind: 'refund', amount: 2500 });
});

it('captured but not refundable yet (the provider refuses the refund): released by a void instead', async () => {
  const { p, calls } = provider({
    refund: () => { throw new ProcessorRejectedError('refund_before_settlement', 'not settled'); },
    void: () => tx({ capture: 'voided' }),
  });
  expect(await reverse(p, { capture: 'pending' })).toBe(true);
  expect(calls).toEqual(['refund txn_late 2500 att_late_reversal', 'void txn_late att_late_reversal']);
  expect(await recorded()).toMatchObject({ kind: 'void', amount: 2500 });
});

it('an authorization only is voided, with no refund', async () => {
  const { p, calls } = provider({ void: () => tx({ capture: 'voided' }) });
  expect(await reverse(p, { capture: 'none' })).toBe(true);
  expect(calls).toEqual(['void txn_late att_late_reversal']);
  expect(await recorded()).toMatchObject({ kind: 'void' });
});

it('a payment the provider already voided is recorded as reversed without a call', async () => {
  const { p, calls } = provider({});
  expect(await reverse(p, { capture: 'voided' })).toBe(true);
  expect(calls).toEqual([]);
  expect(await recorded()).toMatchObject({ kind: 'void' });
});

it('waits, recording nothing, when the provider declines the refund, refuses the void or does not void', async () => {
  for (const answers of [
    { refund: () => refundOf('failed') },
    { void: () => { throw new ProcessorRejectedError('invalid_state', 'no'); } },
    { void: () => tx({ capture: 'none' }) },
  ]) {
    const { p } = provider(answers);
    expect(await reverse(p, answers.refund ? { capture: 'settled' } : { capture: 'none' })).toBe(false);
    expect(await recorded()).toBeUndefined();
  }
  expect(t.logLines.filter((l) => l.includes('could not be reversed yet') && l.includes('"attempt":"' + late.id + '"'))).toHaveLength(3);
});

it('a provider that cannot be reached is not a wait: the error reaches the caller, which asks again later', async () => {
  const { p } = provider({ void: () => { throw new Error('socket hang up'); } });
  await expect(reverse(p, { capture: 'none' })).rejects.toThrow('socket hang up');
  const refused = provider({ refund: () => { throw new Error('socket hang up'); } });
  await expect(reverse(refused.p, { capture: 'settled' })).rejects.toThrow('socket hang up');
  expect(await recorded()).toBeUndefined();
});
