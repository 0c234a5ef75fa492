/**
 * A refund's outcome applied once, however it arrives (Doc 2, refund states): the processor's
 * answer, a provider event (`refund.succeeded` / `refund.failed`), or the reconciler's look-up.
 */
import type { EngineDeps } from '../deps.ts';
import { ForeignRecordError, type Processor, type ProcessorRefund, type ProviderEvent } from '../../processors/types.ts';
import type { AttemptRecord, Repos } from '../../store/types.ts';
import { closeAttempt, RECHECK_MS } from '../attempts/attempts.ts';
import { emit } from '../events.ts';
import type { Merchant, RefundRecord, SettlementRecord } from '../../domain/index.ts';
import { processorOrNull } from '../binder.ts';

export type RefundDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'log'>;

/**
 * Whether a refund still takes an outcome from the processor: only while `requested`. A `canceled`
 * one never flips (issue 34, finding 2): a refund is canceled only once the processor cannot make
 * it any more (fenced), or after the whole watch on a processor that cannot fence.
 */
const takesOutcome = (refund: RefundRecord) => refund.status === 'requested';

/**
 * Applies what the processor did with a refund, once (compare-and-set on `requested`): the row,
 * its processor id, the attempt, and `charge.refunded` / `refund.failed` in the same transaction.
 * A `pending` answer only records the processor's id; the attempt stays open for the reconciler.
 */
export async function applyRefundOutcome(
  r: Repos,
  deps: Pick<EngineDeps, 'clock'>,
  merchant: Merchant,
  refundId: string,
  attemptId: string | null,
  pr: ProcessorRefund,
  retryAvailable: boolean | null,
): Promise<RefundRecord> {
  const now = deps.clock.iso();
  const current = (await r.refunds.get(refundId))!;
  if (pr.status !== 'pending' && attemptId) await closeAttempt(r, attemptId, 'done', now);
  if (!takesOutcome(current)) return current;
  if (current.processorRefundId !== null && current.processorRefundId !== pr.id) return current;
  if (pr.status === 'pending') {
    if (current.processorRefundId === pr.id) return current;
    const next = { ...current, processorRefundId: pr.id, updatedAt: now };
    await r.refunds.update(next);
    return next;
  }
  const next: RefundRecord = {
    ...current,
    status: pr.status,
    processorRefundId: pr.id,
    failureCode: pr.status === 'failed' ? (pr.failureCode ?? 'refund_declined') : null,
    ...(pr.status === 'failed' ? { retryAvailable } : {}),
    updatedAt: now,
  };
  await r.refunds.update(next);
  const data = await refundEventData(r, next);
  if (next.status === 'succeeded') await emit(r, deps.clock, merchant.id, next.livemode, 'charge.refunded', data);
  else await emit(r, deps.clock, merchant.id, next.livemode, 'refund.failed', { ...data, reason_code: 'refund_declined', retry_available: retryAvailable });
  return next;
}

/** Doc 2, Events: `charge.refunded` (and `refund.failed`, same shape). Read after the row changed. */
async function refundEventData(r: Repos, refund: RefundRecord): Promise<Record<string, unknown>> {
  const s = (await r.settlements.get(refund.settlementId))!;
  const intent = s.intentId ? await r.payments.get(s.intentId) : undefined;
  const session = s.sessionId ? await r.sessions.get(s.sessionId) : undefined;
  return {
    session_id: s.sessionId,
    payment_intent_id: s.intentId,
    transaction_id: s.processorRef,
    vp_tx_id: s.id,
    refund_id: refund.id,
    // This refund, on this connection (Doc 2: varies by processor; never sum it).
    amount: refund.amount,
    refund_amount: refund.amount,
    // Cumulative: succeeded and in-progress refunds, this one included when it succeeded.
    amount_refunded_total: await r.refunds.committedAmount(s.id),
    currency: s.currency,
    reason: refund.reason,
    is_partial: refund.amount < s.amount,
    original_charge_amount: s.amount,
    card: s.card,
    // Issue 22: the wallet the refunded payment was made with (null for a card), as on the intent.
    wallet_type: intent?.walletType ?? null,
    // The merchant's own references travel with the event (session metadata for session payments).
    metadata: session ? session.metadata : (intent?.metadata ?? {}),
  };
}

/**
 * Provider events `refund.succeeded` / `refund.failed` (passed to `applyProviderEvent`): the refund
 * is found by the processor's refund id or by its attempt's reference, and moved off `requested`
 * once. False when no refund of this service matches (a refund made directly at the provider).
 */
export async function applyRefundEvent(deps: Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'log'>, event: Extract<ProviderEvent, { refund: unknown }>): Promise<boolean> {
  const pr: ProcessorRefund = {
    ...event.refund,
    status: event.type === 'refund.succeeded' ? 'succeeded' : 'failed',
    failureCode: event.type === 'refund.failed' ? (event.refund.failureCode ?? 'refund_declined') : null,
  };
  const settlement = await deps.store.read.settlements.byProcessorRef(pr.transactionId);
  if (!settlement) return false;
  // Issue 32, finding 2: the payment and the refund must be the event's merchant's. The shared
  // sandbox processor names no merchant on a refund: the payment its own id names says whose it is.
  const scope = event.merchantId ?? settlement.merchantId;
  if (settlement.merchantId !== scope) throw new ForeignRecordError(pr.transactionId);
  const merchant = await deps.store.read.merchants.get(scope);
  if (!merchant) return false;
  const attempt = await deps.store.read.attempts.byReference(merchant.id, pr.reference);
  const refund = (await deps.store.read.refunds.byProcessorRef(pr.id)) ?? (attempt?.refundId ? await deps.store.read.refunds.get(attempt.refundId) : undefined);
  if (refund && refund.merchantId !== scope) throw new ForeignRecordError(pr.id);
  if (!refund || refund.settlementId !== settlement.id) return false;
  if (!takesOutcome(refund)) return false;
  const processor = processorOrNull(deps, merchant);
  const retryAvailable = pr.status === 'failed' && processor ? await retryAvailableAfterDecline(deps, merchant, processor, settlement) : null;
  const attemptId = attempt?.kind === 'refund' && attempt.refundId === refund.id ? attempt.id : null;
  const next = await deps.store.tx((r) => applyRefundOutcome(r, deps, merchant, refund.id, attemptId, pr, retryAvailable));
  return next.status === pr.status;
}

/**
 * The reconciler's look at a pending `refund` attempt: the processor's record by reference wins.
 * Found and final: applied. Found and pending: look again later (its event may still come). Not
 * found once the grace period is over, on a processor that fences: it never reached the processor,
 * so the refund is `canceled` (no money moved, nothing consumed; never retried blind, Doc 2). On a
 * processor that cannot fence (issue 34, finding 2) a refund held on its way may still land: a
 * `canceled` refund would invite a reissue and a double refund, so it stays `requested` (Doc 2's
 * asynchronous state, its share of the balance kept) and is looked up for the whole watch
 * (`RECHECK_MS` from the request); only then canceled. `wait` asks the caller to back off.
 */
export async function resolveRefundAttempt(
  deps: Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'log'>,
  merchant: Merchant,
  processor: Processor,
  a: AttemptRecord,
): Promise<'recorded' | 'failed' | 'wait'> {
  const refund = a.refundId ? await deps.store.read.refunds.get(a.refundId) : undefined;
  if (!refund) {
    await deps.store.tx((r) => closeAttempt(r, a.id, 'failed', deps.clock.iso()));
    return 'failed';
  }
  const settlement = (await deps.store.read.settlements.get(refund.settlementId))!;
  let pr = await processor.refundLookup(merchant, a.reference, settlement.processorRef);
  const watched = !processor.fencesLateCalls.refund;
  if (!pr) {
    if (deps.clock.iso() < a.resolveAfter) return 'wait';
    if (watched && deps.clock.nowMs() < Date.parse(a.createdAt) + RECHECK_MS) return 'wait';
    // Before canceling: a processor that fences refunds refuses the reference from now on (a refund
    // still on its way is refused when it arrives); either way it is asked once more, and a refund
    // made in between is recorded.
    if (!watched) await processor.fence(merchant, a.reference);
    pr = await processor.refundLookup(merchant, a.reference, settlement.processorRef);
  }
  if (pr) {
    const retryAvailable = pr.status === 'failed' ? await retryAvailableAfterDecline(deps, merchant, processor, settlement) : null;
    await deps.store.tx((r) => applyRefundOutcome(r, deps, merchant, refund.id, a.id, pr, retryAvailable));
    return pr.status === 'pending' ? 'wait' : 'recorded';
  }
  await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    // Watched already for the whole window: no second watch follows.
    if (!(await closeAttempt(r, a.id, 'failed', now, !watched))) return;
    const current = await r.refunds.get(refund.id);
    if (current?.status === 'requested') await r.refunds.update({ ...current, status: 'canceled', updatedAt: now });
  });
  if (watched) deps.log.warn('a refund the provider never showed in the whole watch is canceled', { refund: refund.id, attempt: a.id });
  return 'failed';
}

/**
 * Doc 2, `refund.failed` `reason_code` `refund_unresolved` ("no answer; money may have moved; never
 * retry blind, settle with support"): a refund still `requested` whose provider could not be asked
 * about it for the whole watch (`RECHECK_MS` from the request: every look-up failed) is given up
 * on. It becomes `failed` with that code and `retry_available` false (not to be reissued), and
 * `refund.failed` says so, once. Its attempt stays watched, so a refund the provider shows later
 * is logged for support. False while the watch lasts, or when the refund already has an outcome.
 */
export async function giveUpUnresolvedRefund(deps: Pick<EngineDeps, 'store' | 'clock' | 'log'>, a: AttemptRecord): Promise<boolean> {
  if (a.kind !== 'refund' || !a.refundId || deps.clock.nowMs() < Date.parse(a.createdAt) + RECHECK_MS) return false;
  const refundId = a.refundId;
  const given = await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    if (!(await closeAttempt(r, a.id, 'failed', now))) return false;
    const current = await r.refunds.get(refundId);
    if (!current || !takesOutcome(current)) return false;
    const next: RefundRecord = { ...current, status: 'failed', failureCode: 'refund_unresolved', retryAvailable: false, updatedAt: now };
    await r.refunds.update(next);
    await emit(r, deps.clock, next.merchantId, next.livemode, 'refund.failed', { ...(await refundEventData(r, next)), reason_code: 'refund_unresolved', retry_available: false });
    return true;
  });
  if (given) deps.log.error('a refund the provider could not be asked about for the whole watch is unresolved: settle it with support', { refund: refundId, attempt: a.id });
  return given;
}

/**
 * Doc 2, `refund.failed` `retry_available`: false when the payment is disputed. A dispute recorded
 * on the settlement says so; with `disputeReporting: tracked` the processor is asked too (a
 * dispute not yet linked); with `not_tracked` nothing in the API may reveal a dispute, so null.
 */
export async function retryAvailableAfterDecline(deps: RefundDeps, merchant: Merchant, processor: Processor, settlement: SettlementRecord): Promise<boolean | null> {
  if (settlement.dispute !== null) return false;
  if (merchant.settings.disputeReporting !== 'tracked') return null;
  try {
    const t = await processor.verifyTransaction(merchant, settlement.processorRef);
    return t ? !t.dispute : null;
  } catch {
    return null;
  }
}
