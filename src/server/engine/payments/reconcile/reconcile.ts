/**
 * The reconciler (ARCHITECTURE.md, data flow 4): resolves every payment attempt left `pending` by
 * a crash, a lost answer or a buyer who never came back, by asking the processor about the
 * attempt's reference. Found: the outcome is recorded as if the answer had arrived. Not found
 * once the attempt's grace period is over: the attempt fails and the charge lock is released.
 * It runs at start-up (every pending attempt) and on the service clock (the attempts due a look,
 * then the failed ones it still watches for a late arrival: recheck.ts).
 */
import type { EngineDeps } from '../../deps.ts';
import type { AttemptRecord } from '../../../store/types.ts';
import { backOff, closeAttempt } from '../../attempts/attempts.ts';
import { revokeForms } from '../payments.ts';
import { releaseCharge } from '../charge/charge-at-submit.ts';
import { giveUpUnresolvedRefund, resolveRefundAttempt } from '../../refunds/refunds.ts';
import { applyCapture, applyVoid, releaseOp } from '../intents/intent-capture.ts';
import { recheckAttempt } from './recheck.ts';
import { endTimedOutBankCheck } from './bank-check.ts';
import type { Processor } from '../../../processors/types.ts';
import type { Merchant } from '../../../domain/index.ts';
import { processorOrNull } from '../../binder.ts';
import { settleIntent, failUnseenCharge } from '../charge/settle.ts';
import { settleFormTransaction } from '../forms/setup.ts';

type ReconcileDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log' | 'sealer'>;

const BATCH = 200;

export interface ReconcileResult {
  recorded: number;
  failed: number;
  waiting: number;
  /** Attempts due that this pass left for the next one: its time budget was spent. */
  deferred?: number;
  /** Failed attempts looked at again that the processor still does not know (present when there were any). */
  rechecked?: number;
}

/**
 * `all`: every pending attempt whatever its next look says (start-up, after a crash).
 * `budgetMs`: real time after which the pass starts no new look-up (a processor that holds every
 * call costs a look its whole timeout); what is left stays due for the next pass, so a pass is
 * bounded and the jobs after it (the expiry sweep) are not held up.
 */
export async function reconcile(deps: ReconcileDeps, opts: { all?: boolean; budgetMs?: number } = {}): Promise<ReconcileResult> {
  const result: ReconcileResult = { recorded: 0, failed: 0, waiting: 0 };
  const pending = await deps.store.read.attempts.due(opts.all ? null : deps.clock.iso(), BATCH);
  // Then the failed attempts still watched (recheck.ts), on the clock only: start-up is for the pending.
  const due = [...pending, ...(opts.all ? [] : await deps.store.read.attempts.rechecksDue(deps.clock.iso(), BATCH))];
  const stopAt = opts.budgetMs === undefined ? Infinity : performance.now() + opts.budgetMs;
  for (const [i, a] of due.entries()) {
    if (performance.now() >= stopAt) {
      result.deferred = due.length - i;
      deps.log.warn('reconciler pass out of time; the rest wait for the next pass', { deferred: result.deferred });
      break;
    }
    try {
      // Instances on one database (issue 21) run this pass at the same moments: the attempt is
      // taken first, and one another pass took since it was read is left to that pass.
      const mine = await claim(deps, a);
      if (!mine) continue;
      if (mine.state !== 'failed') result[await resolveAttempt(deps, mine)]++;
      else if ((await recheckAttempt(deps, mine)) === 'recorded') result.recorded++;
      else result.rechecked = (result.rechecked ?? 0) + 1;
    } catch (err) {
      // One attempt the processor cannot answer about must not stop the others.
      deps.log.warn('reconciler could not resolve an attempt; will ask again', { attempt: a.id, error: err instanceof Error ? err.message : String(err) });
      // Unless it is a refund the provider could not be asked about for the whole watch: unresolved.
      if (await giveUpUnresolvedRefund(deps, a)) {
        result.failed++;
        continue;
      }
      await waitLonger(deps, a);
      result.waiting++;
    }
  }
  return result;
}

/**
 * How long a look the reconciler has taken on is its own: its next look is put this far off, so
 * another instance's pass skips it, and a pass that dies with its process leaves it due again.
 */
const LOOK_LEASE_MS = 60_000;

/**
 * Takes an attempt for this pass: unchanged since it was read (compare-and-set on its state, its
 * last change and its next look), its next look moves past the lease. Null when another pass, or
 * the payment itself, changed it first. The start-up pass (`all`) takes attempts whatever their
 * next look says, so two instances starting at the same moment may both look: recording an
 * outcome is idempotent, only the look is spent twice.
 */
async function claim(deps: ReconcileDeps, a: AttemptRecord): Promise<AttemptRecord | null> {
  return deps.store.tx(async (r) => {
    const cur = await r.attempts.get(a.id);
    if (!cur || cur.state !== a.state || cur.updatedAt !== a.updatedAt || cur.nextCheckAt !== a.nextCheckAt) return null;
    const nowMs = deps.clock.nowMs();
    const taken = { ...cur, nextCheckAt: new Date(nowMs + LOOK_LEASE_MS).toISOString(), updatedAt: new Date(nowMs).toISOString() };
    await r.attempts.update(taken);
    return taken;
  });
}

async function resolveAttempt(deps: ReconcileDeps, a: AttemptRecord): Promise<keyof ReconcileResult> {
  const merchant = await deps.store.read.merchants.get(a.merchantId);
  const processor = merchant && processorOrNull(deps, merchant);
  if (!merchant || !processor) return giveUp(deps, a);
  if (a.intentId && (a.kind === 'charge' || a.kind === 'capture' || a.kind === 'void')) return resolveIntentAttempt(deps, merchant, processor, a);
  if (a.kind === 'refund') {
    // The processor's record of the reference decides; never found after the grace period: canceled.
    const outcome = await resolveRefundAttempt(deps, merchant, processor, a);
    if (outcome !== 'wait') return outcome;
    await waitLonger(deps, a);
    return 'waiting';
  }
  if (a.kind !== 'charge' && a.kind !== 'client') {
    await waitLonger(deps, a);
    return 'waiting';
  }
  const seen = await applyLook(deps, merchant, processor, a);
  if (seen) return seen;
  if (a.kind === 'client') {
    const session = a.sessionId ? await deps.store.read.sessions.get(a.sessionId) : undefined;
    const open = session && (session.status === 'pending' || session.status === 'processing' || session.status === 'failed');
    if (open && deps.clock.iso() < a.resolveAfter) {
      await waitLonger(deps, a);
      return 'waiting';
    }
    // The form is closed at the processor first, then asked about once more; a charge of the
    // closed form still at the bank challenge is not waited for (nor recorded as a decline).
    await processor.revokeClientToken(merchant, a.reference);
    return (await applyLook(deps, merchant, processor, a, false)) ?? giveUp(deps, a);
  }
  if (deps.clock.iso() < a.resolveAfter) {
    await waitLonger(deps, a);
    return 'waiting';
  }
  // Before giving up: the processor refuses the reference from now on (a call still on its way is
  // refused when it arrives), then is asked once more.
  await processor.fence(merchant, a.reference);
  return (await applyLook(deps, merchant, processor, a)) ?? giveUp(deps, a);
}

/**
 * Asks the processor about a session charge's reference: a charge it made is recorded (never
 * lost), one still at the bank challenge waits for its provider event (unless `waitForChallenge`
 * is false); null when it made none.
 */
async function applyLook(deps: ReconcileDeps, merchant: Merchant, processor: Processor, a: AttemptRecord, waitForChallenge = true): Promise<'recorded' | 'waiting' | null> {
  const t = await processor.lookup(merchant, a.reference);
  if (!t || (!waitForChallenge && t.status === 'requires_action')) return null;
  if (t.status !== 'requires_action' && a.sessionId) {
    await settleFormTransaction(deps, merchant, a.sessionId, t, a.id, { buyerAway: true });
    return 'recorded';
  }
  // At the bank check past the session's time limit: closed, and the check ended (bank-check.ts).
  const ended = a.kind === 'charge' ? await endTimedOutBankCheck(deps, merchant, processor, a, t) : null;
  if (ended === 'recorded') return ended;
  await waitLonger(deps, a);
  return 'waiting';
}

/** A direct intent's charge, capture or void: ask the processor, apply what it did, or give up after the grace period. */
async function resolveIntentAttempt(deps: ReconcileDeps, merchant: Merchant, processor: Processor, a: AttemptRecord): Promise<keyof ReconcileResult> {
  const intent = (await deps.store.read.payments.get(a.intentId!))!;
  const expired = deps.clock.iso() >= a.resolveAfter;
  if (a.kind === 'charge') {
    let t = await processor.lookup(merchant, a.reference);
    // Giving up only after a fence: the reference is refused from now on, then looked up once more.
    if (!t && expired) {
      await processor.fence(merchant, a.reference);
      t = await processor.lookup(merchant, a.reference);
    }
    if (t && t.status !== 'requires_action') {
      await revokeForms(deps, merchant, (await deps.store.tx((r) => settleIntent(r, deps, merchant, intent.id, a.id, t))).revoke);
      return 'recorded';
    }
    if (t) await deps.store.tx((r) => settleIntent(r, deps, merchant, intent.id, a.id, t));
    if (t || !expired) {
      await waitLonger(deps, a);
      return 'waiting';
    }
    await failUnseenCharge(deps, merchant, intent.id, a.id, processor.fencesLateCalls.charge);
    return 'failed';
  }
  // A capture or void acts on the intent's transaction: read it back and see whether it happened.
  const read = async () => {
    const t = intent.processorRef ? await processor.verifyTransaction(merchant, intent.processorRef) : null;
    return { t, happened: t && (a.kind === 'capture' ? t.capture === 'pending' || t.capture === 'settled' : t.capture === 'voided') };
  };
  let { t, happened } = await read();
  if (!happened && expired) {
    await processor.fence(merchant, a.reference);
    ({ t, happened } = await read());
  }
  if (t && happened) {
    await deps.store.tx((r) => (a.kind === 'capture' ? applyCapture(r, deps, merchant, intent.id, a.id, t) : applyVoid(r, deps, intent.id, a.id, t)));
    return 'recorded';
  }
  if (!expired) {
    await waitLonger(deps, a);
    return 'waiting';
  }
  await releaseOp(deps, intent.id, a.id);
  return 'failed';
}

/** The processor never saw it: the attempt fails and a charge lock it still holds is released. */
async function giveUp(deps: ReconcileDeps, a: AttemptRecord): Promise<'failed'> {
  if (a.kind === 'charge' && a.sessionId) {
    const session = await deps.store.read.sessions.get(a.sessionId);
    if (session) {
      await releaseCharge(deps, { ...session, status: 'pending' }, a.id, 'gave_up');
      return 'failed';
    }
  }
  await deps.store.tx((r) => closeAttempt(r, a.id, 'failed', deps.clock.iso()));
  return 'failed';
}

async function waitLonger(deps: ReconcileDeps, a: AttemptRecord) {
  await deps.store.tx(async (r) => {
    const cur = await r.attempts.get(a.id);
    if (cur?.state === 'pending') await r.attempts.update(backOff(cur, deps.clock.nowMs()));
  });
}
