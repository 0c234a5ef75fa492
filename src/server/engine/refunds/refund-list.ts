/** Reading refunds: `GET /v1/refunds` and the session's refund totals (Doc 1, Doc 2). */
import type { EngineDeps } from '../deps.ts';
import { DomainError } from '../../domain/errors.ts';
import { parentFor, REFUND_LIST_LIMIT } from './refunds.ts';
import { settlementRefundTotals, type RefundTotals } from './refund-totals.ts';
import type { AuthContext, RefundRecord } from '../../domain/index.ts';

export interface RefundPage {
  data: RefundRecord[];
  hasMore: boolean;
  nextCursor: string | null;
  totals: RefundTotals;
}

/** `GET /v1/refunds`: every refund of the payment, whichever id it was made by, newest first. */
export async function listRefunds(
  deps: Pick<EngineDeps, 'store' | 'clock'>,
  auth: AuthContext,
  q: { paymentIntent?: string; transaction?: string; limit?: number; startingAfter?: string },
): Promise<RefundPage> {
  if ((q.paymentIntent === undefined) === (q.transaction === undefined)) {
    throw new DomainError('validation_error', 'Send exactly one of payment_intent or transaction.');
  }
  const { intent, settlement } = await parentFor(deps.store.read, auth, q);
  const limit = q.limit ?? REFUND_LIST_LIMIT.default;
  let after: RefundRecord | undefined;
  if (q.startingAfter !== undefined) {
    after = await deps.store.read.refunds.get(q.startingAfter);
    if (!after || !settlement || after.settlementId !== settlement.id) {
      throw new DomainError('validation_error', 'starting_after: not a refund of this payment; pass next_cursor of the previous page.');
    }
  }
  if (!settlement) return { data: [], hasMore: false, nextCursor: null, totals: { amountRefunded: 0, remainingRefundable: 0, refundable: false } };
  const rows = await deps.store.read.refunds.forSettlement(settlement.id, limit + 1, after);
  const data = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const totals = await settlementRefundTotals(deps.store.read, settlement, { now: deps.clock.iso(), intentStatus: intent?.status ?? null });
  return { data, hasMore, nextCursor: hasMore ? data[data.length - 1]!.id : null, totals };
}

/** Doc 1 session fields `amount_refunded`, `remaining_refundable`, `refundable`: null when the settlement cannot be read. */
export async function sessionRefundTotals(deps: Pick<EngineDeps, 'store' | 'clock'>, vpTxId: string): Promise<RefundTotals | null> {
  const settlement = await deps.store.read.settlements.get(vpTxId);
  if (!settlement) return null;
  const intent = settlement.intentId ? await deps.store.read.payments.get(settlement.intentId) : undefined;
  return settlementRefundTotals(deps.store.read, settlement, { now: deps.clock.iso(), intentStatus: intent?.status ?? null });
}
