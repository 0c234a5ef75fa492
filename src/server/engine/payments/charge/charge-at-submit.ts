/**
 * Charge at submit (Doc 3, `POST /v1/public/sessions/{id}/charge`): the reservation, the lock and
 * the processor call of a buyer's charge from the fields, and what it came to, in domain terms
 * (routes/public/wire.ts shapes the answer).
 */
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { processorOf } from '../../binder.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type ProcessorTransaction } from '../../../processors/types.ts';
import { closeAttempt, forgetAttempt, newAttempt } from '../../attempts/attempts.ts';
import type { Merchant, PaymentIntentRecord, SessionRecord } from '../../../domain/index.ts';
import type { PaymentDeps } from '../payments.ts';
import { refuseUnsavable } from './save-card.ts';
import { chargeSource, type BuyerSource, type ChallengeReturn } from './charge-source.ts';
import { moveTo, refuseDeclinedOut, saveSession } from '../../sessions/session-status.ts';
import { expireIfDue, isDue } from '../../sessions/sessions.ts';
import { closeRevokedForms, revokeOlderForms } from '../forms/close-forms.ts';
import { settlePayment } from './settle.ts';
import { reserveCharge } from '../../idempotency.ts';
import { requireBuyerFields } from './required-fields.ts';
import type { BuyerDetails } from '../../../../buyer/buyer-fields.ts';

/**
 * What a charge at submit came to: settled (approved or declined), still in flight at the
 * processor, waiting for the buyer's bank at `challengeUrl`, or, when no charge is running, what
 * the session itself says.
 */
export type SubmitOutcome =
  | { kind: 'settled'; session: SessionRecord; intent: PaymentIntentRecord; transactionId?: string }
  | { kind: 'in_flight'; sessionId: string }
  | { kind: 'challenge'; sessionId: string; challengeUrl: string }
  | { kind: 'from_session'; session: SessionRecord };

/** A transaction waiting for the bank: its challenge page, or still in flight while it has none. */
export function awaitingChallenge(sessionId: string, t: ProcessorTransaction): SubmitOutcome {
  return t.challengeUrl ? { kind: 'challenge', sessionId, challengeUrl: t.challengeUrl } : { kind: 'in_flight', sessionId };
}

/**
 * `POST /v1/public/sessions/{id}/charge` (Doc 3): charge at submit on an elements session, with a
 * card or (docs/merchant.md, Wallets) a wallet token: the same reservation, lock and settlement for both.
 * `attemptId` is the service's own id for this attempt (the idempotency reservation or a fresh
 * one), never a client-sent value. The attempt is committed with the charge lock before the
 * processor is called; the lock is released only when the processor is known not to have charged.
 */
export async function chargeAtSubmit(
  deps: PaymentDeps & Pick<EngineDeps, 'sealer'>,
  merchant: Merchant,
  found: SessionRecord,
  source: BuyerSource,
  expectedAmount: number | undefined,
  attemptId: string,
  /** Where a bank challenge returns the buyer, and the page that may frame it (Doc 2, `next_action`). */
  challenge: ChallengeReturn = {},
  /**
   * What else the payment brings to the session (`onPaid`: the hosted page's buyer details), and
   * the details the buyer sent with it (`typed`: the page's, or the billing address element's).
   */
  buyer: { onPaid?: (s: SessionRecord) => SessionRecord; typed?: BuyerDetails } = {},
): Promise<SubmitOutcome> {
  const processor = processorOf(deps, merchant);
  // A form of the session still live could pay it too: revoked first, or this charge is refused.
  // Only a request that would be accepted revokes anything (a refused one changes nothing).
  const current = expireIfDueNow(deps, (await deps.store.read.sessions.get(found.id))!);
  refuseCharge(current, expectedAmount, source);
  // Doc 2: a session that cannot save its card as asked is refused before any money moves.
  refuseUnsavable(processor, found);
  // Doc 2: the details the session requires, before anything is written or charged.
  requireBuyerFields(deps, current, buyer.typed);
  const revoked = await revokeOlderForms(deps, merchant, found.id);
  // Reservation: one transaction decides which request may charge (Doc 1, Idempotency 5).
  const locked = await reserveCharge(deps, async (r) => {
    const now = deps.clock.iso();
    const s = await expireIfDue(r, now, (await r.sessions.get(found.id))!);
    refuseCharge(s, expectedAmount, source);
    await closeRevokedForms(r, s.id, revoked, now);
    await r.attempts.insert(
      newAttempt(
        { id: attemptId, merchantId: merchant.id, livemode: s.livemode, kind: 'charge', sessionId: s.id, amount: s.amount, currency: s.currency, walletType: 'wallet' in source ? source.wallet.type : null },
        deps.clock.nowMs(),
      ),
    );
    // A declined hosted form's session stays `failed` while its next card is tried (as after init);
    // the lock alone says a charge is running.
    const lock = { chargeLock: attemptId, latestAttemptId: attemptId };
    return saveSession(r, s, s.status === 'failed' ? { ...s, ...lock, updatedAt: now } : moveTo(s, 'processing', lock, now));
  });
  let t: ProcessorTransaction | null;
  try {
    t = await chargeSource(processor, merchant, source, locked, attemptId, challenge);
  } catch (err) {
    if (err instanceof ProcessorRejectedError || (err instanceof ProcessorUnavailableError && err.nothingMoved)) {
      // Nothing moved: the session goes back as it was, so the buyer can submit again.
      await releaseCharge(deps, found, attemptId);
      if (err instanceof ProcessorRejectedError) throw new DomainError('provider_request_rejected', err.message, { reason: err.reason });
      throw new DomainError('provider_unavailable');
    }
    // The outcome is unknown (a timeout, a lost answer, a fault of ours): ask once now; if the
    // processor cannot say, the lock stays and the reconciler settles it (Doc 1: `processing`).
    deps.log.warn('charge outcome unknown; asking the processor', { attempt: attemptId, error: err instanceof Error ? err.message : String(err) });
    t = await processor.lookup(merchant, attemptId).catch(() => null);
    if (!t) return { kind: 'in_flight', sessionId: found.id };
  }
  // The bank wants the buyer: the lock and the attempt stay (the reconciler and the provider's
  // event settle it if the browser never comes back); `complete` asks for the answer.
  if (t.status === 'requires_action') return awaitingChallenge(found.id, t);
  // The settle saves the card when the session asks it to (save-card.ts), whatever paid.
  const { session, intent } = await settlePayment(deps, merchant, found.id, t, attemptId, source, buyer.onPaid);
  return { kind: 'settled', session, intent, transactionId: t.id };
}

/**
 * Undoes a charge reservation the processor is known not to have acted on: the attempt fails (or,
 * with `drop`, for a request refused on the spot, is removed) and, if the session still holds this
 * attempt's lock, it goes back to the status it had, so a refused request leaves no trace
 * (compare-and-set on the lock, inside the transaction).
 */
export async function releaseCharge(deps: Pick<EngineDeps, 'store' | 'clock'>, before: SessionRecord, attemptId: string, how: 'refused' | 'gave_up' = 'refused') {
  await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    // A refusal leaves no trace; an attempt given up on by the reconciler stays on record as failed.
    if (how === 'refused') await forgetAttempt(r, attemptId);
    else await closeAttempt(r, attemptId, 'failed', now);
    const s = await r.sessions.get(before.id);
    if (!s || s.chargeLock !== attemptId) return;
    // The session reads as it did before the reservation, its time included.
    const back = { chargeLock: null, latestAttemptId: before.latestAttemptId ?? null };
    await saveSession(r, s, moveTo(s, before.status === 'processing' ? 'pending' : before.status, back, before.updatedAt));
  });
}

/** Why a charge at submit of this session is refused now, if it is (checked before anything changes, and again in the reservation). */
function refuseCharge(s: SessionRecord, expectedAmount: number | undefined, source: BuyerSource) {
  // A nonce pays any payment session of its provider's merchant (its fields are that provider's);
  // the service's own fields charge at submit on elements sessions that ask for it only.
  const allowed = 'nonce' in source ? s.mode === 'payment' : s.integrationMode === 'elements' && s.chargeAtSubmit && s.mode === 'payment';
  if (!allowed) throw new DomainError('charge_at_submit_not_enabled');
  if (s.status === 'succeeded') throw new DomainError('session_already_completed');
  if (s.status === 'expired') throw new DomainError('session_expired');
  if (s.chargeLock !== null) throw new DomainError('charge_in_progress');
  // A nonce pays a hosted or embedded form: a declined session takes another card unless its
  // same-session retries are used up, the rule `init` applies to every form (forms/init.ts).
  const retryable = 'nonce' in source && !(s.retry && s.retry.attempts_remaining === 0);
  if (s.status === 'failed' && !retryable) throw new DomainError('session_wrong_state', 'This session was declined and cannot be charged again; create a new session.');
  refuseDeclinedOut(s);
  // Doc 1, PATCH: the approved total must still be the session's.
  if (expectedAmount !== undefined && expectedAmount !== s.amount) throw new DomainError('expected_amount_mismatch');
}

/** The session as a read would show it now: past its time it reads expired (nothing is written). */
function expireIfDueNow(deps: Pick<PaymentDeps, 'clock'>, s: SessionRecord): SessionRecord {
  return isDue(s, deps.clock.iso()) ? { ...s, status: 'expired' } : s;
}
