/**
 * The refund engine (engine/refunds/refunds.ts) before and around the processor call: refusals, checks
 * made first, and a reservation a crash left behind.
 */
import { describe, expect, it } from 'vitest';
import { loseAnswer } from '../../../testing.ts';
import { Json, LOCK_MS, ProcessorRefund, ProcessorRejectedError, ProcessorUnavailableError, authOf, body, countRefundCalls, createRefund, newId, refundAttempts, settlementOf, world } from './refunds.fixtures.ts';

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
    expect((await w.t.count('refunds'))).toBe(0);
    expect((await refundAttempts(w))).toEqual([]);
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
    expect((await w.t.count('refunds'))).toBe(1);
    expect((await refundAttempts(w))).toEqual([{ state: 'done' }]);
    expect(w.processorRefunds()).toEqual({ n: 2, total: 800 });
    expect((await w.events('charge.refunded'))).toHaveLength(1);
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
    expect((await w.t.count('refunds'))).toBe(0);
    expect((await refundAttempts(w))).toEqual([]);
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
    expect((await refundAttempts(w))).toEqual([]);
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
    expect((await w.t.count('refunds'))).toBe(0);
  });

  it('the currency is checked first and named in the envelope, also for an intent with nothing captured yet', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    expect(await body(await w.refund({ payment_intent: pi.id, amount: 100, currency: 'eur' }, 'c1'))).toMatchObject({ code: 'refund_currency_mismatch', currency: 'USD' });
    const auth = await w.pay(1000, '4242', { capture_method: 'manual' });
    expect(await body(await w.refund({ payment_intent: auth.id, amount: 100, currency: 'eur' }, 'c2'))).toMatchObject({ code: 'refund_currency_mismatch', currency: 'USD' });
    expect((await w.t.count('refunds'))).toBe(0);
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
    expect((await w.t.count('refunds'))).toBe(1);
    expect(w.processorRefunds()).toEqual({ n: 1, total: 300 });
    // The reconciler learns what the processor did.
    await w.clock(20);
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ data: [{ id: first!.id, status: 'succeeded' }], amount_refunded: 300 });
    expect((await w.events('charge.refunded'))).toHaveLength(1);
  });

  it('an unknown outcome keeps its key bound to its request: another body under that key is refused', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const restore = loseAnswer(w.t.processor, 'refund');
    expect((await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'bound'))).code).toBe('provider_unavailable');
    restore();
    const other = await w.refund({ payment_intent: pi.id, amount: 200 }, 'bound');
    expect(other.status).toBe(422);
    expect((await body(other)).code).toBe('idempotency_replay_incompatible');
    expect((await w.t.count('refunds'))).toBe(1);
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
