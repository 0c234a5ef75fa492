/**
 * The second watch (issue 17, finding 1). An attempt the service gave up on (the processor did not
 * know its reference after the grace period, or a checkout form was closed unused) is fenced at the
 * processor first, so it cannot land later. A processor that cannot fence (Stripe, Braintree), or a
 * call that slipped past, may still act on it: for 72 hours of service clock (`RECHECK_MS`) the
 * reconciler asks again now and then. A final state once announced never flips (issue 34, finding
 * 2): a charge that lands after its intent was told `failed`, or after its session was paid by
 * another charge or expired, is reversed at the provider (reverse-late.ts), not recorded as a
 * payment; one that lands on a session still open pays it (nothing final was announced for it). A
 * capture or void made after all is applied to the still authorized intent. A refund is never
 * canceled while it may still land (refund-outcomes.ts), and a canceled one never flips.
 */
import type { EngineDeps } from '../../deps.ts';
import type { AttemptRecord } from '../../../store/types.ts';
import type { Processor, ProcessorTransaction } from '../../../processors/types.ts';
import type { Merchant } from '../../../domain/index.ts';
import { recheckLater } from '../../attempts/attempts.ts';
import { revokeForms } from '../payments.ts';
import { applyCapture, applyVoid } from '../intents/intent-capture.ts';
import { applyRefundOutcome } from '../../refunds/refund-outcomes.ts';
import { processorOrNull } from '../../binder.ts';
import { settleIntent, isCaptured } from '../charge/settle.ts';
import { settleFormTransaction } from '../forms/setup.ts';
import { reverseLateCharge } from './reverse-late.ts';

type RecheckDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log' | 'sealer'>;

/**
 * One look at a failed attempt still watched: `recorded` when the processor acted on it after all.
 * `seen`: the charge as a verified provider event brings it, read instead of asking the processor.
 */
export async function recheckAttempt(deps: RecheckDeps, a: AttemptRecord, seen?: ProcessorTransaction): Promise<'recorded' | 'unseen'> {
  const merchant = await deps.store.read.merchants.get(a.merchantId);
  const processor = merchant && processorOrNull(deps, merchant);
  let found = false;
  try {
    found = merchant && processor ? await lookAgain(deps, merchant, processor, a, seen) : false;
  } catch (err) {
    // A processor that cannot answer now is asked at the next look.
    deps.log.warn('could not look again at a failed attempt; will ask later', { attempt: a.id, error: err instanceof Error ? err.message : String(err) });
  }
  await deps.store.tx(async (r) => {
    const cur = await r.attempts.get(a.id);
    if (cur?.state !== 'failed' || cur.recheckUntil === null) return;
    // What the processor did is on record now: the attempt is done and the watch over.
    const now = deps.clock.iso();
    await r.attempts.update(found ? { ...cur, state: 'done', recheckUntil: null, updatedAt: now } : recheckLater(cur, deps.clock.nowMs()));
  });
  return found ? 'recorded' : 'unseen';
}

/** Asks the processor about the attempt and records what it shows; true when it moved money (or released it) after all. */
async function lookAgain(deps: RecheckDeps, merchant: Merchant, processor: Processor, a: AttemptRecord, seen?: ProcessorTransaction): Promise<boolean> {
  if (a.kind === 'refund') {
    const refund = a.refundId ? await deps.store.read.refunds.get(a.refundId) : undefined;
    const settlement = refund ? await deps.store.read.settlements.get(refund.settlementId) : undefined;
    const pr = refund && settlement ? await processor.refundLookup(merchant, a.reference, settlement.processorRef) : null;
    if (!refund || pr?.status !== 'succeeded') return false;
    const applied = await deps.store.tx((r) => applyRefundOutcome(r, deps, merchant, refund.id, a.id, pr, null));
    // Canceled stays canceled (a final state never flips): money a fenced processor moved anyway is for support.
    if (applied.status !== 'succeeded') deps.log.error('a canceled refund moved money at the processor after all: settle it with support', { refund: refund.id, processorRefund: pr.id });
    return true;
  }
  const intent = a.intentId ? await deps.store.read.payments.get(a.intentId) : undefined;
  if (a.kind === 'capture' || a.kind === 'void') {
    const t = intent?.processorRef ? await processor.verifyTransaction(merchant, intent.processorRef) : null;
    if (!t || !(a.kind === 'capture' ? isCaptured(t) : t.capture === 'voided')) return false;
    await deps.store.tx((r) => (a.kind === 'capture' ? applyCapture(r, deps, merchant, intent!.id, a.id, t) : applyVoid(r, deps, intent!.id, a.id, t)));
    return true;
  }
  // A charge (an intent's, or a session's at submit) or a checkout form's: looked up by its reference.
  const t: ProcessorTransaction | null = seen ?? (await processor.lookup(merchant, a.reference));
  // Only money that moved is recorded late: a decline or a charge at the bank challenge changes nothing.
  if (t?.status !== 'approved') return false;
  if (intent) {
    if (intent.processorRef === t.id) return true;
    // Still waiting for its charge (nothing announced): the charge is its answer.
    if (intent.status === 'requires_action' && intent.processorRef === null) {
      const { revoke } = await deps.store.tx((r) => settleIntent(r, deps, merchant, intent.id, a.id, t));
      await revokeForms(deps, merchant, revoke);
      return true;
    }
    return reverseLateCharge(deps, merchant, processor, a, t);
  }
  const session = a.sessionId ? await deps.store.read.sessions.get(a.sessionId) : undefined;
  if (!session) return false;
  // Recorded already (a provider event brought it): nothing to do.
  if (await deps.store.read.payments.byProcessorRef(t.id)) return true;
  // Where late calls are expected (no fence) a session already paid or expired is not charged
  // again; on one that fences, a call that slipped past is Doc 1's second payment (vp_tx_count 2).
  const closed = session.status === 'succeeded' || session.status === 'expired';
  if (closed && !processor.fencesLateCalls.charge) return reverseLateCharge(deps, merchant, processor, a, t);
  await settleFormTransaction(deps, merchant, session.id, t, a.id);
  return true;
}
