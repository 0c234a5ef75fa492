/**
 * `complete` for merchants whose provider's fields give the browser a payment method rather than a
 * payment (Braintree's nonce, issue 19): the service pays with it now, through charge at submit's
 * reservation, charge lock and reconciler (charge-at-submit.ts), under an attempt named by the
 * session and the nonce. A complete repeated with the same nonce (a lost answer, a second click)
 * finds that attempt and reads its payment back by the attempt's reference instead of paying again.
 */
import { createHash } from 'node:crypto';
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { processorOf } from '../../binder.ts';
import { ProcessorUnavailableError } from '../../../processors/types.ts';
import type { Merchant, PaymentIntentRecord, SessionRecord } from '../../../domain/index.ts';
import { chargeAtSubmit, type SubmitOutcome } from '../charge-at-submit.ts';
import { isApproved, type PaymentDeps } from '../payments.ts';
import { settlePayment } from '../charge/settle.ts';

/** The attempt a nonce pays under: one per session and nonce, never chosen by the browser. */
export const nonceAttemptId = (sessionId: string, nonce: string) => `att_nonce_${createHash('sha256').update(`${sessionId}\n${nonce}`).digest('hex').slice(0, 32)}`;

/** The same outcomes as a hosted completion (hosted-checkout.ts CheckoutOutcome). */
export type NonceOutcome =
  | { kind: 'challenge'; session: SessionRecord; transactionId: string; challengeUrl: string }
  | { kind: 'settled'; session: SessionRecord; intent: PaymentIntentRecord; transactionId: string; ok: boolean; redirectUrl: string | null };

export async function completeWithNonce(
  deps: PaymentDeps & Pick<EngineDeps, 'signer'>,
  merchant: Merchant,
  session: SessionRecord,
  nonce: string,
  onPaid: (s: SessionRecord) => SessionRecord,
  /** Where the bank check of the charge returns the buyer (a provider that checks at the charge), and whether the buyer closed it. */
  challenge: { returnUrl?: string; cancel?: boolean } = {},
): Promise<NonceOutcome> {
  const attemptId = nonceAttemptId(session.id, nonce);
  let outcome: SubmitOutcome;
  if (!(await deps.store.read.attempts.get(attemptId))) {
    outcome = await chargeAtSubmit(deps, merchant, session, { nonce }, undefined, attemptId, challenge.returnUrl ? { returnUrl: challenge.returnUrl } : {}, onPaid);
  } else {
    // This nonce was sent before: its payment, if the provider made one, is found by the attempt's reference.
    const processor = processorOf(deps, merchant);
    const unavailable = (err: unknown): never => {
      throw err instanceof ProcessorUnavailableError ? new DomainError('provider_unavailable') : err;
    };
    let t = await processor.lookup(merchant, attemptId).catch(unavailable);
    if (!t) throw new DomainError('charge_in_progress');
    // The bank still waits on the buyer: closed, it ends as failed authentication; open, it is shown again.
    if (t.status === 'requires_action' && challenge.cancel) t = await processor.cancelChallenge(merchant, t.id).catch(unavailable);
    if (t.status === 'requires_action') {
      if (!t.challengeUrl) throw new DomainError('charge_in_progress');
      return { kind: 'challenge', session, transactionId: nonce, challengeUrl: t.challengeUrl };
    }
    const { session: s, intent } = await settlePayment(deps, merchant, session.id, t, attemptId, undefined, onPaid);
    outcome = { kind: 'settled', session: s, intent, transactionId: t.id };
  }
  if (outcome.kind === 'challenge') return { kind: 'challenge', session, transactionId: nonce, challengeUrl: outcome.challengeUrl };
  // The provider has not answered yet: the reconciler settles it; the page shows it is being processed.
  if (outcome.kind !== 'settled' || !outcome.transactionId) throw new DomainError('charge_in_progress');
  const { session: s, intent, transactionId } = outcome;
  const ok = isApproved(intent);
  return { kind: 'settled', session: s, intent, transactionId, ok, redirectUrl: ok ? await deps.signer.url(s) : null };
}
