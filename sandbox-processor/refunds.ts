/**
 * Refunds at the sandbox processor: once per caller reference, never more than was captured (the
 * sum and the insert share one transaction), refused before settlement, declined on a dispute,
 * and asynchronous for cards 0082 (succeeds on `refund.succeeded`) and 5126 (fails 60 s later).
 */
import { newId } from './facts.ts';
import { ChargeRefused, fencedRefusal, type SandboxProcessorCore } from './processor.ts';
import type { RefundRecord } from './store/repo.ts';

/** Card 5126: a pending refund fails by itself after 60 seconds of clock (Doc 3 decisions). */
const REFUND_FAILS_AFTER_MS = 60 * 1000;

export function refund(core: SandboxProcessorCore, merchantId: string, req: { transactionId: string; amount: number; reference: string }): { refund: RefundRecord; created: boolean } {
  return core.tx(() => {
    const existing = core.repo.refundByReference(merchantId, req.reference);
    if (existing) {
      if (existing.transactionId !== req.transactionId || existing.amount !== req.amount) {
        throw new ChargeRefused('reference_reused', 'This reference already names a different refund.', 409);
      }
      return { refund: existing, created: false };
    }
    if (core.repo.isFenced(merchantId, req.reference)) throw fencedRefusal();
    const t = core.transaction(merchantId, req.transactionId);
    if (!t) throw new ChargeRefused('transaction_not_found', 'No such transaction.', 404);
    if (t.captureState === 'none' || t.captureState === 'voided' || t.captureState === 'failed') throw new ChargeRefused('not_captured', 'Nothing was captured on this transaction.', 409);
    const now = core.now();
    if (t.captureState === 'pending' || (t.settlesAt !== null && t.settlesAt > now.toISOString())) {
      // Not stored: the same request succeeds once settled (Doc 3 decisions, refund_before_settlement).
      throw new ChargeRefused('not_settled', 'This transaction has not settled yet; refund it once it has.', 409);
    }
    const remaining = t.capturedAmount - core.repo.refundedAmount(t.id);
    if (req.amount > remaining) throw new ChargeRefused('amount_exceeds_captured', `At most ${remaining} can still be refunded.`, 409);
    const b = t.behaviour;
    const base = { id: newId('sbx_re_'), reference: req.reference, merchantId, transactionId: t.id, amount: req.amount, currency: t.currency, createdAt: now.toISOString() };
    const record: RefundRecord = t.disputeStatus
      ? // The buyer's money is already in a dispute: the refund is declined, nothing moves.
        { ...base, status: 'failed', failureCode: 'refund_declined', failsAt: null }
      : b.outcome === 'async_refund'
        ? { ...base, status: 'pending', failureCode: null, failsAt: b.succeed ? null : new Date(now.getTime() + REFUND_FAILS_AFTER_MS).toISOString() }
        : { ...base, status: 'succeeded', failureCode: null, failsAt: null };
    core.repo.insertRefund(record);
    return { refund: record, created: true };
  });
}

export function refundByReference(core: SandboxProcessorCore, merchantId: string, reference: string): RefundRecord | undefined {
  return core.repo.refundByReference(merchantId, reference);
}
