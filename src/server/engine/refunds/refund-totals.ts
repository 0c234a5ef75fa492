/**
 * Refund totals (Doc 1 session fields, Doc 2 intent fields and `GET /v1/refunds`), one meaning
 * everywhere: what a settlement has refunded, what remains, and whether it can be refunded now.
 */
import type { Reads } from '../../store/types.ts';
import type { PaymentIntentRecord, SettlementRecord } from '../../domain/index.ts';

/** A settlement can be refunded once the processor confirmed it and its `settlesAt` (service clock) has passed. */
export function isSettled(s: SettlementRecord, nowIso: string): boolean {
  return s.status === 'settled' && (s.settlesAt === null || s.settlesAt <= nowIso);
}

export interface RefundTotals {
  amountRefunded: number;
  remainingRefundable: number;
  refundable: boolean;
}

/**
 * Refund totals of one settlement (Doc 1 session fields, Doc 2 intent and `GET /v1/refunds`):
 * `amount_refunded` counts succeeded and in-progress refunds (failed and canceled excluded);
 * `refundable` needs a succeeded parent, a settled payment, no dispute and something left;
 * `remaining_refundable` is 0 when it is not refundable.
 */
export async function settlementRefundTotals(
  reads: Pick<Reads, 'refunds'>,
  settlement: SettlementRecord,
  opts: { now: string; intentStatus?: PaymentIntentRecord['status'] | null },
): Promise<RefundTotals> {
  const refunded = await reads.refunds.committedAmount(settlement.id);
  const remaining = Math.max(settlement.amount - refunded, 0);
  const parentOk = opts.intentStatus === undefined || opts.intentStatus === null || opts.intentStatus === 'succeeded';
  const refundable = parentOk && isSettled(settlement, opts.now) && settlement.dispute === null && remaining > 0;
  return { amountRefunded: refunded, remainingRefundable: refundable ? remaining : 0, refundable };
}

/** Refund totals of an intent (Doc 2: the same meaning as on the session). `now` is the service clock. */
export async function refundTotals(reads: Pick<Reads, 'settlements' | 'refunds'>, intent: PaymentIntentRecord, now: string): Promise<RefundTotals> {
  const settlement = intent.vpTxId ? await reads.settlements.get(intent.vpTxId) : undefined;
  if (!settlement) return { amountRefunded: 0, remainingRefundable: 0, refundable: false };
  return settlementRefundTotals(reads, settlement, { now, intentStatus: intent.status });
}
