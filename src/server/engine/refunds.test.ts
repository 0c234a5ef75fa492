/**
 * The refund money path's recovery and refusal branches (engine/refunds.ts): what the processor
 * refuses, a crashed request's reservation taken over, outcomes that arrive by two paths at once,
 * provider events that name the wrong payment, and the reconciler's look at a refund attempt.
 * Each test reads back what a merchant or operator would see: statuses, envelopes, row counts,
 * outbox events, the attempt's state and the money at the processor.
 */
import { describe, expect, it } from 'vitest';
import { Json, ProcessorUnavailableError, applyRefundEvent, body, world } from '../routes/refunds/fixtures.ts';
import { ProcessorRejectedError, type ProcessorRefund } from '../processors/types.ts';
import { LOCK_MS } from '../middleware/idempotency.ts';
import { newId } from '../ids.ts';
import { newAttempt } from './attempts.ts';
import { reconcile } from './reconcile.ts';
import { createRefund, resolveRefundAttempt } from './refunds.ts';

type W = Awaited<ReturnType<typeof world>>;

const settlementOf = async (w: W, pi: Json) => (await w.t.deps.store.read.settlements.get(pi.vp_tx_id))!;
const refundAttempts = (w: W) => w.t.store.db.prepare("SELECT state FROM payment_attempts WHERE kind = 'refund' ORDER BY rowid").all() as { state: string }[];
const record = async (w: W, id: string) => (await w.t.deps.store.read.refunds.get(id))!;
/** The processor's own row of the (only) refund it holds, as the service's ProcessorRefund. */
const processorRow = (w: W): ProcessorRefund => {
  const row = w.t.sandbox.db.prepare('SELECT id, reference, transaction_id, amount, currency FROM refunds ORDER BY rowid DESC LIMIT 1').get() as Json;
  return { id: row.id, reference: row.reference, transactionId: row.transaction_id, amount: row.amount, currency: row.currency, status: 'succeeded', failureCode: null };
};
/** Counts the calls to the processor's refund, passing them through. */
function countRefundCalls(w: W) {
  const real = w.t.processor.refund.bind(w.t.processor);
  const calls = { n: 0 };
  w.t.processor.refund = async (m, req) => {
    calls.n++;
    return real(m, req);
  };
  return calls;
}
/** The processor declines the refund itself (nothing moved), with its own failure code. */
function processorDeclines(w: W, failureCode: string | null) {
  w.t.processor.refund = async (_m, req) => ({ id: `sbx_re_${req.reference}`, reference: req.reference, transactionId: req.transactionId, amount: req.amount, currency: 'USD', status: 'failed', failureCode });
}
const authOf = (w: W) => ({ merchant: w.m.merchant, keyType: 'secret' as const, livemode: false, keyId: 'test' });

describe('refusals from the processor: nothing kept, the key stays free', () => {
  it('not_settled at the processor: 422 refund_before_settlement, no row, no attempt; the same key succeeds later', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const real = w.t.processor.refund.bind(w.t.processor);
    w.t.processor.refund = async () => {
      throw new ProcessorRejectedError('not_settled', 'not yet');
    };
    const res = await w.refund({ payment_intent: pi.id, amount: 300 }, 'ns');
    expect(res.status).toBe(422);
    expect((await body(res)).code).toBe('refund_before_settlement');
    expect(w.t.count('refunds')).toBe(0);
    expect(refundAttempts(w)).toEqual([]);
    w.t.processor.refund = real;
    const later = await w.refund({ payment_intent: pi.id, amount: 300 }, 'ns');
    expect(later.status).toBe(201);
    expect(await body(later)).toMatchObject({ status: 'succeeded', idempotent: false });
  });

  it('a refund made directly at the provider: amount_exceeds_captured becomes refund_amount_exceeds_remaining with this service’s remainder', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    expect((await w.refund({ payment_intent: pi.id, amount: 300 }, 'first')).status).toBe(201);
    // 500 refunded at the provider's own dashboard: the provider has 200 left, this service thinks 700.
    const s = await settlementOf(w, pi);
    await w.t.processor.refund(w.m.merchant, { transactionId: s.processorRef, amount: 500, reference: 'dashboard' });
    const res = await w.refund({ payment_intent: pi.id, amount: 700 }, 'rest');
    expect(res.status).toBe(422);
    expect(await body(res)).toMatchObject({ code: 'refund_amount_exceeds_remaining', remaining_refundable: 700 });
    expect(w.t.count('refunds')).toBe(1);
    expect(refundAttempts(w)).toEqual([{ state: 'done' }]);
    expect(w.processorRefunds()).toEqual({ n: 2, total: 800 });
    expect(w.events('charge.refunded')).toHaveLength(1);
  });

  it('maps the processor’s other refusals: not_captured and transaction_not_found are refund_target_not_refundable, anything else provider_request_rejected with the reason', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    for (const [reason, code] of [
      ['not_captured', 'refund_target_not_refundable'],
      ['transaction_not_found', 'refund_target_not_refundable'],
      ['reference_reused', 'provider_request_rejected'],
    ] as const) {
      w.t.processor.refund = async () => {
        throw new ProcessorRejectedError(reason, `refused: ${reason}`);
      };
      const res = await w.refund({ payment_intent: pi.id, amount: 100 }, `rej-${reason}`);
      expect(res.status, reason).toBe(422);
      const err = await body(res);
      expect(err.code, reason).toBe(code);
      if (code === 'provider_request_rejected') expect(err.reason).toBe(reason);
    }
    expect(w.t.count('refunds')).toBe(0);
    expect(refundAttempts(w)).toEqual([]);
    expect(w.processorRefunds().n).toBe(0);
  });
});

describe('checks made before the processor is called', () => {
  it('a payment not settled yet (0074) is refused without calling the processor', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0074');
    const calls = countRefundCalls(w);
    expect((await body(await w.refund({ payment_intent: pi.id, amount: 100 }, 'early'))).code).toBe('refund_before_settlement');
    expect(calls.n).toBe(0);
    expect(refundAttempts(w)).toEqual([]);
  });

  it('a captured intent whose capture has not settled (0066) is not refundable: current_status captured, processor not called', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0066');
    expect(pi.status).toBe('captured');
    const calls = countRefundCalls(w);
    const res = await w.refund({ payment_intent: pi.id, amount: 100 }, 'captured');
    expect(res.status).toBe(422);
    expect(await body(res)).toMatchObject({ code: 'refund_intent_not_refundable', payment_intent: pi.id, current_status: 'captured' });
    expect(calls.n).toBe(0);
    expect(w.t.count('refunds')).toBe(0);
  });

  it('the currency is checked first and named in the envelope, also for an intent with nothing captured yet', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    expect(await body(await w.refund({ payment_intent: pi.id, amount: 100, currency: 'eur' }, 'c1'))).toMatchObject({ code: 'refund_currency_mismatch', currency: 'USD' });
    const auth = await w.pay(1000, '4242', { capture_method: 'manual' });
    expect(await body(await w.refund({ payment_intent: auth.id, amount: 100, currency: 'eur' }, 'c2'))).toMatchObject({ code: 'refund_currency_mismatch', currency: 'USD' });
    expect(w.t.count('refunds')).toBe(0);
  });

  it('a disputed payment and a charged-back one say which in the message', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0259');
    await w.clock(61);
    const open = await body(await w.refund({ payment_intent: pi.id, amount: 100 }, 'd1'));
    expect(open).toMatchObject({ code: 'refund_intent_not_refundable', current_status: 'disputed' });
    expect(open.error).toContain('disputed');
    expect(open.error).not.toContain('charged back');
    await w.providerEvent('dispute.lost', { payment_intent: pi.id });
    const lost = await body(await w.refund({ payment_intent: pi.id, amount: 100 }, 'd2'));
    expect(lost).toMatchObject({ code: 'refund_intent_not_refundable', current_status: 'chargeback' });
    expect(lost.error).toContain('charged back');
  });

  it('one cent can be refunded; the refusal past the balance says what is left', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const cent = await w.refund({ payment_intent: pi.id, amount: 1 }, 'cent');
    expect(cent.status).toBe(201);
    expect(await body(cent)).toMatchObject({ amount: 1, status: 'succeeded' });
    const over = await body(await w.refund({ payment_intent: pi.id, amount: 1000 }, 'over'));
    expect(over).toMatchObject({ code: 'refund_amount_exceeds_remaining', remaining_refundable: 999 });
    expect(over.error).toContain('999');
    await w.refund({ payment_intent: pi.id }, 'rest');
    const none = await body(await w.refund({ payment_intent: pi.id, amount: 1 }, 'none'));
    expect(none).toMatchObject({ code: 'refund_amount_exceeds_remaining', remaining_refundable: 0 });
    expect(none.error).toMatch(/nothing remains/i);
    expect(w.processorRefunds()).toEqual({ n: 2, total: 1000 });
  });
});

describe('a reservation left behind by a crash', () => {
  it('is taken over by the same key after the lock: 200 idempotent with the same refund, never a second refund', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const real = w.t.processor.refund.bind(w.t.processor);
    let reached!: () => void;
    const atProcessor = new Promise<void>((res) => (reached = res));
    // The process dies after the processor refunded: the answer never comes back.
    w.t.processor.refund = async (m, req) => {
      await real(m, req);
      reached();
      return new Promise<ProcessorRefund>(() => {});
    };
    void w.refund({ payment_intent: pi.id, amount: 300 }, 'crash');
    await atProcessor;
    w.t.processor.refund = real;
    const [first] = (await w.list(`payment_intent=${pi.id}`)).body.data as Json[];
    expect(first).toMatchObject({ status: 'requested', amount: 300 });
    // While the lock holds, the same key is in flight.
    expect((await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'crash'))).code).toBe('charge_already_in_flight');
    await w.t.deps.clock.advance(LOCK_MS / 1000 + 1);
    const again = await w.refund({ payment_intent: pi.id, amount: 300 }, 'crash');
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ id: first!.id, status: 'requested', idempotent: true });
    expect(w.t.count('refunds')).toBe(1);
    expect(w.processorRefunds()).toEqual({ n: 1, total: 300 });
    // The reconciler learns what the processor did.
    await w.clock(20);
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ data: [{ id: first!.id, status: 'succeeded' }], amount_refunded: 300 });
    expect(w.events('charge.refunded')).toHaveLength(1);
  });

  it('an unknown outcome keeps its key bound to its request: another body under that key is refused', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const real = w.t.processor.refund.bind(w.t.processor);
    w.t.processor.refund = async (m, req) => {
      await real(m, req);
      throw new ProcessorUnavailableError('answer lost');
    };
    expect((await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'bound'))).code).toBe('provider_unavailable');
    w.t.processor.refund = real;
    const other = await w.refund({ payment_intent: pi.id, amount: 200 }, 'bound');
    expect(other.status).toBe(422);
    expect((await body(other)).code).toBe('idempotency_replay_incompatible');
    expect(w.t.count('refunds')).toBe(1);
    expect(w.processorRefunds()).toEqual({ n: 1, total: 300 });
  });

  it('called without an answer hook (no key), an unknown outcome is still provider_unavailable naming the refund; the key is kept trimmed', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    w.t.processor.refund = async () => {
      throw new ProcessorUnavailableError('timeout');
    };
    const attempt = newId.attempt();
    const err = await createRefund(w.t.deps, authOf(w), { payment_intent: pi.id, amount: 300 } as never, { attemptId: attempt, idemKey: '  spaced  ' }).then(() => ({}) as Json, (e: unknown) => e as Json);
    expect(err).toMatchObject({ code: 'provider_unavailable', extra: { refund: expect.stringMatching(/^vpr_test_/) } });
    expect((await w.list(`payment_intent=${pi.id}`)).body.data).toEqual([expect.objectContaining({ id: err.extra.refund, status: 'requested', idempotency_key: 'spaced' })]);
  });
});

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
    expect(w.events('charge.refunded')).toEqual([expect.objectContaining({ amount_refunded_total: 300 })]);
    expect(refundAttempts(w)).toEqual([{ state: 'done' }]);
  });

  it('after a lost answer, the provider event found by reference settles it at once and closes the attempt', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const real = w.t.processor.refund.bind(w.t.processor);
    w.t.processor.refund = async (m, req) => {
      await real(m, req);
      throw new ProcessorUnavailableError('answer lost');
    };
    const err = await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'lost'));
    w.t.processor.refund = real;
    expect(refundAttempts(w)).toEqual([{ state: 'pending' }]);
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_1', type: 'refund.succeeded', refund: processorRow(w) })).toBe(true);
    expect((await w.list(`payment_intent=${pi.id}`)).body.data).toEqual([expect.objectContaining({ id: err.refund, status: 'succeeded' })]);
    expect((await record(w, err.refund)).failureCode).toBeNull();
    expect(refundAttempts(w)).toEqual([{ state: 'done' }]);
    await w.clock(300);
    expect(w.events('charge.refunded')).toHaveLength(1);
  });

  it('a pending answer keeps the attempt open; the reconciler waits on it; the processor’s refund id alone then finds it', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'pending'));
    expect(r.status).toBe('requested');
    expect(refundAttempts(w)).toEqual([{ state: 'pending' }]);
    expect(await reconcile(w.t.deps, { all: true })).toEqual({ recorded: 0, failed: 0, waiting: 1 });
    expect((await w.list(`payment_intent=${pi.id}`)).body.data[0].status).toBe('requested');
    // The provider's event carries its refund id, not the service's reference.
    const pr = { ...processorRow(w), reference: 'not-ours' };
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_byid', type: 'refund.succeeded', refund: pr })).toBe(true);
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ data: [{ id: r.id, status: 'succeeded' }], amount_refunded: 400 });
    expect(w.events('charge.refunded')).toHaveLength(1);
  });

  it('an event for another processor refund under the same reference is not applied', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'other-id'));
    const pr = { ...processorRow(w), id: 'sbx_re_someone_else' };
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_x', type: 'refund.succeeded', refund: pr })).toBe(false);
    expect((await record(w, r.id)).status).toBe('requested');
    expect(w.events('charge.refunded')).toHaveLength(0);
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
    expect(w.events('charge.refunded')).toHaveLength(0);
    expect(refundAttempts(w)).toEqual([{ state: 'pending' }]);
  });

  it('charge.refunded carries the intent’s metadata', async () => {
    const w = await world();
    const pi = await w.pay(1000, '4242', { metadata: { order: 'PI-7' } });
    await w.refund({ payment_intent: pi.id, amount: 100 }, 'meta');
    expect(w.events('charge.refunded')[0]).toMatchObject({ metadata: { order: 'PI-7' } });
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
    expect(w.events('refund.failed')).toEqual([expect.objectContaining({ refund_id: err.refund, retry_available: true })]);
    expect(refundAttempts(w)).toEqual([{ state: 'done' }]);
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
    const [ev] = w.events('refund.failed');
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
    expect(w.events('refund.failed')).toEqual([expect.objectContaining({ refund_id: r.id, retry_available: false })]);
  });

  it('a refund.failed event keeps the processor’s failure code, refund_declined when it gives none', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'p'));
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_f', type: 'refund.failed', refund: { ...processorRow(w), status: 'failed', failureCode: null } })).toBe(true);
    expect(await record(w, r.id)).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
    expect(refundAttempts(w)).toEqual([{ state: 'done' }]);
    expect(w.events('refund.failed')).toHaveLength(1);
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
    expect(refundAttempts(w)).toEqual([{ state: 'pending' }, { state: 'pending' }]);
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_mixed', type: 'refund.succeeded', refund: { ...pr1, reference: pr2.reference } })).toBe(true);
    expect((await record(w, r1.id)).status).toBe('succeeded');
    // The second refund is still pending at the processor: the reconciler must keep watching it.
    expect((await record(w, r2.id)).status).toBe('requested');
    expect(refundAttempts(w)).toEqual([{ state: 'pending' }, { state: 'pending' }]);
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
    expect(w.events('refund.failed')).toEqual([expect.objectContaining({ refund_id: err.refund, retry_available: true })]);
    expect(refundAttempts(w)).toEqual([{ state: 'done' }]);
  });
});

describe('the reconciler never cancels money that moved', () => {
  it('a refund that succeeded by its event stays succeeded when the processor later cannot find its reference', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'kept'));
    // The event names the processor's refund id only: the attempt stays open.
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_s', type: 'refund.succeeded', refund: { ...processorRow(w), reference: 'theirs' } })).toBe(true);
    expect(refundAttempts(w)).toEqual([{ state: 'pending' }]);
    w.t.processor.refundLookup = async () => null;
    await w.t.deps.clock.advance(600);
    expect(await reconcile(w.t.deps, { all: true })).toEqual({ recorded: 0, failed: 1, waiting: 0 });
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ data: [{ id: r.id, status: 'succeeded' }], amount_refunded: 400, remaining_refundable: 600 });
    expect(refundAttempts(w)).toEqual([{ state: 'failed' }]);
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
    expect(refundAttempts(w)).toEqual([{ state: 'failed' }]);
  });

  it('a refund attempt whose refund is gone is closed, not asked about forever', async () => {
    const w = await world();
    const a = newAttempt({ merchantId: w.m.merchant.id, livemode: false, kind: 'refund', refundId: 'vpr_test_gone', amount: 100, currency: 'USD' }, w.t.deps.clock.nowMs());
    await w.t.deps.store.tx((r) => r.attempts.insert(a));
    expect(await reconcile(w.t.deps, { all: true })).toEqual({ recorded: 0, failed: 1, waiting: 0 });
    expect(refundAttempts(w)).toEqual([{ state: 'failed' }]);
    expect(await reconcile(w.t.deps, { all: true })).toEqual({ recorded: 0, failed: 0, waiting: 0 });
  });
});
