/** The wire shapes of this resource: domain records shaped as the spec spells them (STYLE.md, habit 7). */
import { Refund } from '../../../api/refunds.ts';
import type { RefundTotals } from '../../engine/refunds/refund-totals.ts';
import type { RefundRecord } from '../../domain/index.ts';

/** The refund object; list reads add `idempotency_key` and `created_at` (Doc 2, "Refund"). */
export function toRefund(r: RefundRecord, opts: { list?: boolean; idempotent?: boolean } = {}): Refund {
  return {
    id: r.id,
    object: 'refund',
    payment_intent: r.paymentIntentId,
    transaction: r.transactionId,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    reason: r.reason,
    metadata: r.metadata,
    ...(opts.idempotent !== undefined ? { idempotent: opts.idempotent } : {}),
    ...(opts.list ? { idempotency_key: r.idempotencyKey, created_at: r.createdAt } : {}),
  };
}

/** Refund totals as Document 1 and 2 spell them on sessions, intents and refund lists. */
export const refundTotalsWire = (t: RefundTotals) => ({ amount_refunded: t.amountRefunded, remaining_refundable: t.remainingRefundable, refundable: t.refundable });
