/**
 * The merchant's two changes to a session: a new total (`PATCH /v1/sessions/{id}`) and closing
 * it (`POST /v1/sessions/{id}/expire`), Doc 1, Sessions. Each check and its change are one
 * transaction, shared with payment attempts: a charge takes the session's charge lock in a
 * transaction too, so a total can never change under a running charge, nor a session close.
 */
import type { LineItem } from '../../../api/sessions.ts';
import type { EngineDeps } from '../deps.ts';
import { DomainError } from '../../domain/errors.ts';
import { moveTo, saveSession } from './session-status.ts';
import { checkCurrency, expireIfDue, isDue, sessionForKey } from './sessions.ts';
import { closeRevokedForms, revokeLiveForms } from '../payments/forms/close-forms.ts';
import type { AuthContext, SessionRecord } from '../../domain/index.ts';

type SessionDeps = Pick<EngineDeps, 'store' | 'clock'>;

/** Doc 1, expire rule 3: a decline not known to be the latest attempt's needs this much quiet. */
export const QUIET_PERIOD_MS = 10 * 60 * 1000;

export interface TotalChange {
  amount: number;
  currency?: string;
  lineItems?: LineItem[];
}

const notModifiable = (reason: string, message: string) => new DomainError('session_not_modifiable', message, { reason });

/** Doc 3: when several reasons apply, the first of this order is given. */
function refusal(s: SessionRecord, auth: AuthContext): DomainError | null {
  if (s.mode === 'setup') return notModifiable('setup_session', 'A setup session has no total.');
  if (s.integrationMode !== 'elements') {
    return notModifiable('integration_mode', 'Hosted and embedded-form sessions fix the total at load; create a new session.');
  }
  // Its total is the store order's (the money rule): change the order in the store.
  if (s.mirrorSealed) return notModifiable('store_order', 'The session describes a connected-store order whose total it must equal; change the order in the store and create a new session.');
  if (auth.merchant.settings.inPageBankCheck) {
    return notModifiable('in_page_bank_check', 'The account checks the total with the bank on the page; create a new session.');
  }
  if (s.status !== 'pending' || s.paymentStatus !== 'unpaid' || s.chargeLock !== null) {
    return notModifiable('not_open', `The session is ${s.status} (${s.paymentStatus}); read status and paymentStatus.`);
  }
  return null;
}

export async function changeTotal(deps: SessionDeps, auth: AuthContext, id: string, change: TotalChange): Promise<SessionRecord> {
  return deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    // Read inside the transaction, scoped to the key: 404 first, then the currency (422).
    const s = await expireIfDue(r, now, await sessionForKey(r, auth, id));
    checkCurrency(change.currency);
    const refused = refusal(s, auth);
    if (refused) throw refused;
    const updated: SessionRecord = {
      ...s,
      amount: change.amount,
      currency: change.currency?.toUpperCase() ?? s.currency,
      lineItems: change.lineItems ?? s.lineItems,
      updatedAt: now,
    };
    return saveSession(r, s, updated);
  });
}

const notExpirable = (message: string, reason?: string) => new DomainError('session_not_expirable', message, reason ? { reason } : {});

/** Doc 1, expire rule 3: may a declined `elements` + `chargeAtSubmit` session close now? */
function declinedMayClose(s: SessionRecord, nowMs: number): DomainError | 'now' {
  const inFlight = 'A payment may still be in progress on this session; do not take payment another way.';
  if (!(s.integrationMode === 'elements' && s.chargeAtSubmit)) return notExpirable(inFlight, 'payment_may_be_in_flight');
  if (s.vpTxCount > 0 || s.paymentStatus !== 'unpaid' || s.chargeLock !== null || s.hostedOpenedAt) {
    return notExpirable(inFlight, 'payment_may_be_in_flight');
  }
  if (s.declinedAttemptId && s.declinedAttemptId === s.latestAttemptId) return 'now';
  const quietUntil = Date.parse(s.updatedAt) + QUIET_PERIOD_MS;
  if (nowMs >= quietUntil) return 'now';
  return notExpirable('The session changed recently; call again after retryAfterSeconds.', 'recent_activity').retryAfter((quietUntil - nowMs) / 1000);
}

/** `POST /v1/sessions/{id}/expire`: closes an open unpaid session so no payment can start on it. */
export async function expireSession(deps: SessionDeps & Pick<EngineDeps, 'processorFor' | 'ownProcessor' | 'signer' | 'log'>, auth: AuthContext, id: string): Promise<SessionRecord> {
  // Rule 4 in one step: the session's live forms are revoked at the processor before it closes,
  // and a session whose form could not be revoked does not close (409), so nothing pays it after the answer.
  const current = await sessionForKey(deps.store.read, auth, id);
  // A request refused anyway changes nothing, forms included: its refusal comes first.
  if (!isDue(current, deps.clock.iso()) && current.status !== 'expired') expirableFrom(current, deps.clock.nowMs());
  const forms = await revokeLiveForms(deps, auth.merchant, current.id);
  if (forms.paid) throw notExpirable('A payment was made on this session and is being recorded; read the session.', 'payment_may_be_in_flight');
  if (!forms.closed) throw notExpirable('A payment form of this session could not be closed at the processor, so a payment may still arrive; try again shortly.', 'payment_may_be_in_flight');
  return deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    await closeRevokedForms(r, id, forms.revoked, now, () => notExpirable('A payment form was opened on this session meanwhile; try again.', 'payment_may_be_in_flight'));
    const s = await expireIfDue(r, now, await sessionForKey(r, auth, id));
    if (s.status === 'expired') {
      // Rule 1: safe to retry when nothing was charged; rule 2: `processing` or unknown is not.
      if (s.expiredFrom === 'pending' || s.expiredFrom === 'failed') return s;
      throw notExpirable('This session expired while a payment may have been in progress; contact support with the session id.');
    }
    // Rule 4: an embed form in `processing` is closed too; the service refuses anything after this.
    return saveSession(r, s, moveTo(s, 'expired', { expiredFrom: expirableFrom(s, deps.clock.nowMs()) }, now));
  });
}

/** The status an open session may expire from now (`expiredFrom`), or the refusal (409) of the expire. */
function expirableFrom(s: SessionRecord, nowMs: number): 'pending' | 'processing' | 'failed' {
  if (s.status === 'succeeded' || s.status === 'expired' || s.paymentStatus !== 'unpaid') throw notExpirable('The session is paid or holds an authorization; nothing changed.');
  if (s.chargeLock !== null) throw notExpirable('A payment is being processed on this session.', 'payment_may_be_in_flight');
  if (s.status === 'failed' || s.lastPaymentError) {
    // A declined session (failed, or re-opened after a decline) closes as `failed`.
    const verdict = s.retry?.allowed && s.status === 'pending' ? 'now' : declinedMayClose(s, nowMs);
    if (verdict !== 'now') throw verdict;
    return 'failed';
  }
  return s.status;
}
