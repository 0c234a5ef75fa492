/**
 * `POST /v1/public/sessions/{id}/complete` (Doc 1, Public endpoints): after a charge at submit
 * that needed the buyer's bank (3-D Secure), the service's frames ask how it ended. A UX signal,
 * not the authority: the provider's own event settles the same transaction, and `recordOutcome`
 * applies a transaction once, whichever of the two arrives first.
 */
import type { Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import { ProcessorUnavailableError } from '../processors/types.ts';
import { processorOf } from './binder.ts';
import { browserDeclineCode, declineMessage } from './declines.ts';
import { awaitingChallenge, recordOutcome, submitAnswer } from './payments.ts';
import type { Merchant, SessionRecord } from './types.ts';

type CompleteDeps = Pick<Deps, 'store' | 'clock' | 'processorFor' | 'signer' | 'log'>;

const unavailable = (err: unknown): never => {
  throw err instanceof ProcessorUnavailableError ? new ApiError('provider_unavailable') : err;
};

/**
 * The outcome of the session's latest charge at submit. With `cancel`, a challenge still waiting
 * is ended first (the buyer closed it): the bank records failed authentication, nothing is charged.
 */
export async function completeAtSubmit(deps: CompleteDeps, merchant: Merchant, s: SessionRecord, cancel: boolean) {
  // Doc 3: `settings.completeEndpoint: false` switches the route off.
  if (!merchant.settings.completeEndpoint) throw new ApiError('feature_unavailable');
  if (!(s.integrationMode === 'elements' && s.chargeAtSubmit && s.mode === 'payment')) throw new ApiError('charge_at_submit_not_enabled');
  const attemptId = s.chargeLock;
  if (attemptId) {
    const processor = processorOf(deps, merchant);
    let t = await processor.lookup(merchant, attemptId).catch(unavailable);
    // The processor has no answer for the attempt yet: still in flight (the reconciler settles it).
    if (!t) return { status: 'processing' as const, sessionId: s.id, retry: null };
    if (t.status === 'requires_action' && cancel) t = await processor.cancelChallenge(merchant, t.id).catch(unavailable);
    if (t.status === 'requires_action') return awaitingChallenge(s.id, t);
    const { session, intent } = await recordOutcome(deps, merchant, s.id, t, attemptId);
    return submitAnswer(session, intent);
  }
  // No charge in flight: the provider's event may have settled it first. Answer from the session.
  if (s.status === 'succeeded') return { status: 'succeeded' as const, sessionId: s.id, ...(s.paymentIntentId ? { paymentIntentId: s.paymentIntentId } : {}), retry: s.retry };
  const declined = s.lastPaymentError && s.latestAttemptId && s.declinedAttemptId === s.latestAttemptId;
  if (declined && s.lastPaymentError) {
    const code = s.lastPaymentError.decline_code ?? 'card_declined';
    return {
      status: 'failed' as const,
      sessionId: s.id,
      error: { code: 'card_declined', decline_code: browserDeclineCode(code), message: declineMessage(code) },
      retry: s.retry,
    };
  }
  if (s.status === 'expired') throw new ApiError('session_expired');
  throw new ApiError('session_wrong_state', 'Nothing to complete: no charge was started on this session.');
}
