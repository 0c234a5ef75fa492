/**
 * `POST /v1/sessions/{id}/expire` (Doc 1, Sessions, expire rules): the session's live browser forms
 * are closed at the processor (close-forms.ts) before the session closes by the rules of
 * sessions/session-changes.ts. It lives with the forms, above the sessions, because a form that
 * paid meanwhile is settled on the way (charge/settle.ts).
 */
import type { EngineDeps } from '../../deps.ts';
import type { AuthContext, SessionRecord } from '../../../domain/index.ts';
import { moveTo, saveSession } from '../../sessions/session-status.ts';
import { expireIfDue, isDue, sessionForKey } from '../../sessions/sessions.ts';
import { expirableFrom, notExpirable } from '../../sessions/session-changes.ts';
import { closeRevokedForms, revokeLiveForms } from './close-forms.ts';

/** `POST /v1/sessions/{id}/expire`: closes an open unpaid session so no payment can start on it. */
export async function expireSession(deps: Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log' | 'sealer'>, auth: AuthContext, id: string): Promise<SessionRecord> {
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
