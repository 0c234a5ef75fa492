/**
 * Refund outcomes: applied once whichever path brings them, declines and retry_available, and
 * a reconciler that never cancels money that moved.
 */
import { describe, expect, it } from 'vitest';
import { loseAnswer } from '../../../testing.ts';
import { ProcessorUnavailableError, applyRefundEvent, body, newAttempt, processorDeclines, processorRow, reconcile, record, refundAttempts, resolveRefundAttempt, settlementOf, world } from './refunds.fixtures.ts';

describe('outcomes that arrive by two paths are applied once', () => {
  it('the provider’s webhook beats the synchronous answer: 201 succeeded, one charge.refunded', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const real = w.t.processor.refund.bind(w.t.processor);
    w.t.processor.refund = async (m, req) => {
      const pr = await real(m, req);
      expect(await applyRefundEvent(w.t.deps, { id: 'evt_first', type: 'refund.succeeded', refund: pr })).toBe(true);
      return pr;
    };
    const res = await w.refund({ payment_intent: pi.id, amount: 300 }, 'race');
    expect(res.status).toBe(201);
    expect(await body(res)).toMatchObject({ status: 'succeeded' });
    expect((await w.events('charge.refunded'))).toEqual([expect.objectContaining({ amount_refunded_total: 300 })]);
    expect((await refundAttempts(w))).toEqual([{ state: 'done' }]);
  });

  it('after a lost answer, the provider event found by reference settles it at once and closes the attempt', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const restore = loseAnswer(w.t.processor, 'refund');
    const err = await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'lost'));
    restore();
    expect((await refundAttempts(w))).toEqual([{ state: 'pending' }]);
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_1', type: 'refund.succeeded', refund: processorRow(w) })).toBe(true);
    expect((await w.list(`payment_intent=${pi.id}`)).body.data).toEqual([expect.objectContaining({ id: err.refund, status: 'succeeded' })]);
    expect((await record(w, err.refund)).failureCode).toBeNull();
    expect((await refundAttempts(w))).toEqual([{ state: 'done' }]);
    await w.clock(300);
    expect((await w.events('charge.refunded'))).toHaveLength(1);
  });

  it('a pending answer keeps the attempt open; the reconciler waits on it; the processor’s refund id alone then finds it', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'pending'));
    expect(r.status).toBe('requested');
    expect((await refundAttempts(w))).toEqual([{ state: 'pending' }]);
    expect(await reconcile(w.t.deps, { all: true })).toEqual({ recorded: 0, failed: 0, waiting: 1 });
    expect((await w.list(`payment_intent=${pi.id}`)).body.data[0].status).toBe('requested');
    // The provider's event carries its refund id, not the service's reference.
    const pr = { ...processorRow(w), reference: 'not-ours' };
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_byid', type: 'refund.succeeded', refund: pr })).toBe(true);
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ data: [{ id: r.id, status: 'succeeded' }], amount_refunded: 400 });
    expect((await w.events('charge.refunded'))).toHaveLength(1);
  });

  it('an event for another processor refund under the same reference is not applied', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'other-id'));
    const pr = { ...processorRow(w), id: 'sbx_re_someone_else' };
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_x', type: 'refund.succeeded', refund: pr })).toBe(false);
    expect((await record(w, r.id)).status).toBe('requested');
    expect((await w.events('charge.refunded'))).toHaveLength(0);
  });

  it('an event naming another payment’s transaction, or an unknown one, is not applied', async () => {
    const w = await world();
    const a = await w.pay(1000, '0082');
    const b = await w.pay(500);
    const r = await body(await w.refund({ payment_intent: a.id, amount: 400 }, 'a'));
    const pr = processorRow(w);
    const other = { ...pr, transactionId: (await settlementOf(w, b)).processorRef };
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_b', type: 'refund.succeeded', refund: other })).toBe(false);
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_c', type: 'refund.succeeded', refund: { ...pr, transactionId: 'sbx_tx_nowhere' } })).toBe(false);
    expect((await record(w, r.id)).status).toBe('requested');
    expect((await w.events('charge.refunded'))).toHaveLength(0);
    expect((await refundAttempts(w))).toEqual([{ state: 'pending' }]);
  });

  it('charge.refunded carries the intent’s metadata', async () => {
    const w = await world();
    const pi = await w.pay(1000, '4242', { metadata: { order: 'PI-7' } });
    await w.refund({ payment_intent: pi.id, amount: 100 }, 'meta');
    expect((await w.events('charge.refunded'))[0]).toMatchObject({ metadata: { order: 'PI-7' } });
  });
});

describe('declines: retry_available and the failure code', () => {
  it('declined, no dispute at the processor: 422 refund_declined retry_available true; the processor’s code is kept; the balance comes back', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    processorDeclines(w, 'insufficient_balance');
    const err = await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'dec'));
    expect(err).toMatchObject({ code: 'refund_declined', retry_available: true });
    expect(err.error).not.toMatch(/disputed/);
    expect(await record(w, err.refund)).toMatchObject({ status: 'failed', failureCode: 'insufficient_balance' });
    expect((await w.events('refund.failed'))).toEqual([expect.objectContaining({ refund_id: err.refund, retry_available: true })]);
    expect((await refundAttempts(w))).toEqual([{ state: 'done' }]);
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ amount_refunded: 0, remaining_refundable: 1000 });
  });

  it('declined while the processor reports a dispute not yet linked: retry_available false and told not to retry', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    processorDeclines(w, null);
    const verify = w.t.processor.verifyTransaction.bind(w.t.processor);
    w.t.processor.verifyTransaction = async (m, id) => {
      const t = await verify(m, id);
      return t && { ...t, dispute: { status: 'open' } as never };
    };
    const err = await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'dec'));
    expect(err).toMatchObject({ code: 'refund_declined', retry_available: false });
    expect(err.error).toMatch(/disputed/);
    expect(await record(w, err.refund)).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
  });

  it('declined and the processor cannot be asked about disputes: retry_available null, in the event too', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    processorDeclines(w, null);
    w.t.processor.verifyTransaction = async () => {
      throw new ProcessorUnavailableError('down');
    };
    const err = await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'dec'));
    expect(err).toMatchObject({ code: 'refund_declined', retry_available: null });
    const [ev] = (await w.events('refund.failed'));
    expect(ev).toHaveProperty('retry_available', null);
  });

  it('a dispute recorded while a refund was pending: its refund.failed says retry_available false', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'p'));
    await w.providerEvent('dispute.created', { payment_intent: pi.id });
    w.t.processor.verifyTransaction = async () => {
      throw new ProcessorUnavailableError('down');
    };
    expect((await w.providerEvent('refund.failed', { payment_intent: pi.id })).status).toBe(202);
    expect(await record(w, r.id)).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
    expect((await w.events('refund.failed'))).toEqual([expect.objectContaining({ refund_id: r.id, retry_available: false })]);
  });

  it('a refund.failed event keeps the processor’s failure code, refund_declined when it gives none', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'p'));
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_f', type: 'refund.failed', refund: { ...processorRow(w), status: 'failed', failureCode: null } })).toBe(true);
    expect(await record(w, r.id)).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
    expect((await refundAttempts(w))).toEqual([{ state: 'done' }]);
    expect((await w.events('refund.failed'))).toHaveLength(1);
    // With a code, the processor's own code is kept.
    const r2 = await body(await w.refund({ payment_intent: pi.id, amount: 100 }, 'p2'));
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_g', type: 'refund.failed', refund: { ...processorRow(w), status: 'failed', failureCode: 'account_closed' } })).toBe(true);
    expect(await record(w, r2.id)).toMatchObject({ status: 'failed', failureCode: 'account_closed' });
  });

  it('an event for one refund carrying another refund’s reference leaves that other refund’s attempt open', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r1 = await body(await w.refund({ payment_intent: pi.id, amount: 100 }, 'one'));
    const pr1 = processorRow(w);
    const r2 = await body(await w.refund({ payment_intent: pi.id, amount: 200 }, 'two'));
    const pr2 = processorRow(w);
    expect((await refundAttempts(w))).toEqual([{ state: 'pending' }, { state: 'pending' }]);
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_mixed', type: 'refund.succeeded', refund: { ...pr1, reference: pr2.reference } })).toBe(true);
    expect((await record(w, r1.id)).status).toBe('succeeded');
    // The second refund is still pending at the processor: the reconciler must keep watching it.
    expect((await record(w, r2.id)).status).toBe('requested');
    expect((await refundAttempts(w))).toEqual([{ state: 'pending' }, { state: 'pending' }]);
  });

  it('the reconciler finds a declined refund after a lost answer: failed, retry_available from the processor', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    w.t.processor.refund = async () => {
      throw new ProcessorUnavailableError('answer lost');
    };
    const err = await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'lost'));
    w.t.processor.refundLookup = async (_m, reference) => ({ id: 'sbx_re_declined', reference, transactionId: 'x', amount: 300, currency: 'USD', status: 'failed', failureCode: null });
    expect(await reconcile(w.t.deps, { all: true })).toEqual({ recorded: 1, failed: 0, waiting: 0 });
    expect(await record(w, err.refund)).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
    expect((await w.events('refund.failed'))).toEqual([expect.objectContaining({ refund_id: err.refund, retry_available: true })]);
    expect((await refundAttempts(w))).toEqual([{ state: 'done' }]);
  });
});

describe('the reconciler never cancels money that moved', () => {
  it('a refund that succeeded by its event stays succeeded when the processor later cannot find its reference', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'kept'));
    // The event names the processor's refund id only: the attempt stays open.
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_s', type: 'refund.succeeded', refund: { ...processorRow(w), reference: 'theirs' } })).toBe(true);
    expect((await refundAttempts(w))).toEqual([{ state: 'pending' }]);
    w.t.processor.refundLookup = async () => null;
    await w.t.deps.clock.advance(600);
    expect(await reconcile(w.t.deps, { all: true })).toEqual({ recorded: 0, failed: 1, waiting: 0 });
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ data: [{ id: r.id, status: 'succeeded' }], amount_refunded: 400, remaining_refundable: 600 });
    expect((await refundAttempts(w))).toEqual([{ state: 'failed' }]);
  });

  it('a refund the processor never saw is canceled from the very end of its grace period, not a moment later', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    w.t.processor.refund = async () => {
      throw new ProcessorUnavailableError('timeout');
    };
    const err = await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'never'));
    const [a] = await w.t.deps.store.read.attempts.due(null, 10);
    const at = (iso: string) => ({ ...w.t.deps, clock: { iso: () => iso, nowMs: () => Date.parse(iso) } as never });
    const before = new Date(Date.parse(a!.resolveAfter) - 1).toISOString();
    expect(await resolveRefundAttempt(at(before), w.m.merchant, w.t.processor, a!)).toBe('wait');
    expect((await record(w, err.refund)).status).toBe('requested');
    expect(await resolveRefundAttempt(at(a!.resolveAfter), w.m.merchant, w.t.processor, a!)).toBe('failed');
    expect((await record(w, err.refund)).status).toBe('canceled');
    expect((await refundAttempts(w))).toEqual([{ state: 'failed' }]);
  });

  it('a refund attempt whose refund is gone is closed, not asked about forever', async () => {
    const w = await world();
    const a = newAttempt({ merchantId: w.m.merchant.id, livemode: false, kind: 'refund', refundId: 'vpr_test_gone', amount: 100, currency: 'USD' }, w.t.deps.clock.nowMs());
    await w.t.deps.store.tx((r) => r.attempts.insert(a));
    expect(await reconcile(w.t.deps, { all: true })).toEqual({ recorded: 0, failed: 1, waiting: 0 });
    expect((await refundAttempts(w))).toEqual([{ state: 'failed' }]);
    expect(await reconcile(w.t.deps, { all: true })).toEqual({ recorded: 0, failed: 0, waiting: 0 });
  });
});
