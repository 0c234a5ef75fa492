/**
 * The merchant's two changes to a session: a new total (`PATCH /v1/sessions/{id}`) and the rules
 * of closing it (`POST /v1/sessions/{id}/expire`, which closes its browser forms first:
 * payments/forms/expire-session.ts), Doc 1, Sessions. Each check and its change are one
 * transaction, shared with payment attempts: a charge takes the session's charge lock in a
 * transaction too, so a total can never change under a running charge, nor a session close.
 */
import type { LineItem } from '../../../api/sessions.ts';
import type { EngineDeps } from '../deps.ts';
import { DomainError } from '../../domain/errors.ts';
import { saveSession } from './session-status.ts';
import { checkCurrency, expireIfDue, sessionForKey } from './sessions.ts';
import { checkPaymentAsk } from '../merchants/capabilities.ts';
import type { AuthContext, SessionRecord } from '../../domain/index.ts';

type SessionDeps = Pick<EngineDeps, 'store' | 'clock' | 'providers'>;

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
    checkPaymentAsk(deps, auth.merchant, { currency: change.currency });
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

/** The expire's refusal (409 session_not_expirable), with the reason a caller can act on. */
export const notExpirable = (message: string, reason?: string) => new DomainError('session_not_expirable', message, reason ? { reason } : {});

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

/** The status an open session may expire from now (`expiredFrom`), or the refusal (409) of the expire. */
export function expirableFrom(s: SessionRecord, nowMs: number): 'pending' | 'processing' | 'failed' {
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
