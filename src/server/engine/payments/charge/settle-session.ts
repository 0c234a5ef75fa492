/**
 * The session side of a settle (settle.ts): what a processor's answer makes of the session it
 * paid or tried to pay, computed here and written by the caller through `saveSession`. Every status
 * change is a `moveTo` of the state machine (Doc 1, "Session status"); nothing here writes.
 */
import type { ProcessorTransaction } from '../../../processors/types.ts';
import type { Merchant, PaymentIntentRecord, SessionRecord } from '../../../domain/index.ts';
import { moveTo } from '../../sessions/session-status.ts';
import type { PaymentErrorCode } from '../../../../vocab/sessions.ts';

const isClosed = (s: SessionRecord) => s.status === 'succeeded' || s.status === 'expired';

/**
 * The session after an approved payment of it, whichever path made it (a session payment or an
 * intent with `session_id`). An open session is paid (`held` while only authorized); a paid or
 * closed one records the payment as a second one (Doc 1: recorded, never discarded): it counts in
 * `vp_tx_count` once captured, and `paymentIntentId` goes null because more than one intent exists.
 */
export function sessionAfterApproval(s: SessionRecord, intent: PaymentIntentRecord, t: ProcessorTransaction, attemptId: string | null, now: string): SessionRecord {
  const captured = intent.vpTxId ? 1 : 0;
  if (isClosed(s)) {
    return { ...s, ...(s.chargeLock === attemptId ? { chargeLock: null } : {}), vpTxCount: s.vpTxCount + captured, paymentIntentId: null, updatedAt: now };
  }
  return moveTo(
    s,
    'succeeded',
    {
      expiredFrom: null,
      paymentStatus: intent.status === 'authorized' ? 'held' : 'paid',
      transactionId: t.id,
      vpTxId: intent.vpTxId,
      vpTxCount: s.vpTxCount + captured,
      paymentIntentId: intent.id,
      retry: null,
      chargeLock: null,
    },
    now,
  );
}

/**
 * An `elements` + `chargeAtSubmit` session that expired at the bank check of this attempt
 * (`expiredFrom` `processing`, its lock still held): a decline of it is the provider confirming
 * that nothing was authorized, which turns `expiredFrom` to `failed` (Doc 1).
 */
export const bankCheckTimedOut = (s: SessionRecord, attemptId: string | null) =>
  s.status === 'expired' && s.expiredFrom === 'processing' && attemptId !== null && s.chargeLock === attemptId;

/**
 * A payment the buyer made on the session (a browser form or charge at submit), its intent made
 * from the answer. Doc 1: success takes precedence (a failed session paid on retry becomes
 * succeeded); a late decline never overwrites a success; a partial approval leaves the session
 * unpaid, as a decline does (the buyer reads a processing error), and the money it moved counts in
 * `vp_tx_count` (issue 17, finding 7).
 */
export function sessionAfterPayment(current: SessionRecord, merchant: Merchant, intent: PaymentIntentRecord, t: ProcessorTransaction, attemptId: string | null, now: string): SessionRecord {
  const declinedAttempt = current.chargeLock ?? attemptId ?? t.id;
  if (t.status === 'approved' && intent.amountMismatch && !isClosed(current)) {
    const asDecline = sessionAfterDecline(current, merchant, 'processing_error', declinedAttempt, now, 'payment_failed');
    return { ...asDecline, vpTxCount: current.vpTxCount + (intent.vpTxId ? 1 : 0) };
  }
  if (t.status === 'approved') return sessionAfterApproval(current, intent, t, attemptId, now);
  if (bankCheckTimedOut(current, attemptId)) {
    // Doc 1, expiredFrom: the provider confirmed no authorization after the timed-out bank check.
    return { ...current, chargeLock: null, expiredFrom: 'failed', lastPaymentError: { code: 'card_declined', decline_code: intent.declineCode }, updatedAt: now };
  }
  if (isClosed(current)) return { ...current, ...(current.chargeLock === attemptId ? { chargeLock: null } : {}), updatedAt: now };
  return sessionAfterDecline(current, merchant, intent.declineCode, declinedAttempt, now);
}

/** Doc 1, `retry`: an elements + chargeAtSubmit session with same-session retry re-opens after a decline. */
function sessionAfterDecline(current: SessionRecord, merchant: Merchant, declineCode: string | null, attemptId: string, now: string, code: PaymentErrorCode = 'card_declined'): SessionRecord {
  const base = {
    declines: (current.declines ?? 0) + 1,
    lastPaymentError: { code, decline_code: declineCode },
    chargeLock: null,
    declinedAttemptId: attemptId,
    latestAttemptId: current.chargeLock ?? attemptId,
  };
  const retries = merchant.settings.sameSessionRetry;
  if (current.integrationMode === 'elements' && current.chargeAtSubmit && retries > 0) {
    const remaining = current.retry ? current.retry.attempts_remaining - 1 : retries;
    const allowed = remaining > 0;
    return moveTo(current, allowed ? 'pending' : 'failed', { ...base, retry: { allowed, attempts_remaining: Math.max(remaining, 0) } }, now);
  }
  return moveTo(current, 'failed', { ...base, retry: null }, now);
}

/**
 * Doc 1, `retry` `{ allowed: false, attempts_remaining > 0 }`: re-opened, next card form still
 * preparing. A decline the buyer's page is not waiting for (it arrived by the provider's event or
 * the reconciler while the page is at the bank check) re-opens the session, but its card form
 * takes another card only once the page is back (`readyForNextCard`, at `complete`) or the buyer
 * submits one. Any other session is returned as it is.
 */
export function preparingNextForm(s: SessionRecord): SessionRecord {
  if (s.status !== 'pending' || !s.retry?.allowed) return s;
  return { ...s, retry: { allowed: false, attempts_remaining: s.retry.attempts_remaining } };
}

/** The page came back after such a decline: its next card form is ready (`retry.allowed` true). */
export function readyForNextCard(s: SessionRecord, now: string): SessionRecord {
  if (s.status !== 'pending' || !s.retry || s.retry.allowed || s.retry.attempts_remaining === 0) return s;
  return { ...s, retry: { allowed: true, attempts_remaining: s.retry.attempts_remaining }, updatedAt: now };
}

/**
 * Doc 3: an elements session an intent with `session_id` charged, after the processor's answer;
 * null when the answer leaves it as it is. A server-side decline, or an approval for another
 * amount, leaves the session open for the merchant to charge another card; only the charge that
 * holds the session's lock releases it.
 */
export function sessionAfterIntentCharge(s: SessionRecord, intent: PaymentIntentRecord, t: ProcessorTransaction, attemptId: string | null, now: string): SessionRecord | null {
  const mine = s.chargeLock === attemptId;
  if (t.status === 'declined') {
    if (!mine) return null;
    return moveTo(s, 'pending', { chargeLock: null, declines: (s.declines ?? 0) + 1, lastPaymentError: { code: 'card_declined', decline_code: intent.declineCode } }, now);
  }
  if (intent.amountMismatch && !isClosed(s)) {
    if (!mine) return null;
    return moveTo(s, 'pending', { chargeLock: null, lastPaymentError: { code: 'payment_failed', decline_code: 'processing_error' }, vpTxCount: s.vpTxCount + (intent.vpTxId ? 1 : 0) }, now);
  }
  return sessionAfterApproval(s, intent, t, attemptId, now);
}

/**
 * A browser form that took several tries at the provider (a Stripe client secret; issue 32, finding
 * 3): the declines beyond the one its payment record counts reach the session's cap (MAX_DECLINES)
 * too. Counted when the form's attempt closes, so once, whichever path reads the form first.
 */
export function withFormDeclines(s: SessionRecord, t: ProcessorTransaction, now: string): SessionRecord {
  const extra = (t.declines ?? 0) - (t.status === 'declined' ? 1 : 0);
  if (extra <= 0) return s;
  return { ...s, declines: (s.declines ?? 0) + extra, updatedAt: now };
}
