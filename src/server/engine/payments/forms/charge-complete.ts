/**
 * `POST /v1/public/sessions/{id}/complete` (Doc 1, Public endpoints): after a charge at submit
 * that needed the buyer's bank (3-D Secure), the service's frames ask how it ended. A UX signal,
 * not the authority: the provider's own event settles the same transaction, and `settlePayment`
 * applies a transaction once, whichever of the two arrives first.
 */
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { ProcessorUnavailableError } from '../../../processors/types.ts';
import { processorOf } from '../../binder.ts';
import { awaitingChallenge, type SubmitOutcome } from '../charge-at-submit.ts';
import type { Merchant, SessionRecord } from '../../../domain/index.ts';
import { settlePayment } from '../charge/settle.ts';

type CompleteDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log'>;

const unavailable = (err: unknown): never => {
  throw err instanceof ProcessorUnavailableError ? new DomainError('provider_unavailable') : err;
};

/**
 * The outcome of the session's latest charge at submit. With `cancel`, a challenge still waiting
 * is ended first (the buyer closed it): the bank records failed authentication, nothing is charged.
 */
export async function completeAtSubmit(deps: CompleteDeps, merchant: Merchant, s: SessionRecord, cancel: boolean): Promise<SubmitOutcome> {
  // Doc 3: `settings.completeEndpoint: false` switches the route off.
  if (!merchant.settings.completeEndpoint) throw new DomainError('feature_unavailable');
  if (!(s.integrationMode === 'elements' && s.chargeAtSubmit && s.mode === 'payment')) throw new DomainError('charge_at_submit_not_enabled');
  const attemptId = s.chargeLock;
  if (attemptId) {
    const processor = processorOf(deps, merchant);
    let t = await processor.lookup(merchant, attemptId).catch(unavailable);
    // The processor has no answer for the attempt yet: still in flight (the reconciler settles it).
    if (!t) return { kind: 'in_flight', sessionId: s.id };
    if (t.status === 'requires_action' && cancel) t = await processor.cancelChallenge(merchant, t.id).catch(unavailable);
    if (t.status === 'requires_action') return awaitingChallenge(s.id, t);
    const { session, intent } = await settlePayment(deps, merchant, s.id, t, attemptId);
    return { kind: 'settled', session, intent };
  }
  // No charge in flight: the provider's event may have settled it first. Answer from the session.
  if (s.status === 'succeeded' || (s.lastPaymentError && s.latestAttemptId && s.declinedAttemptId === s.latestAttemptId)) return { kind: 'from_session', session: s };
  if (s.status === 'expired') throw new DomainError('session_expired');
  throw new DomainError('session_wrong_state', 'Nothing to complete: no charge was started on this session.');
}
