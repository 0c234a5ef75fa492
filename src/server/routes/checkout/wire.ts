/**
 * The hosted page's complete answer (`POST /api/checkout/complete`): `{ status, sessionId,
 * transactionId, redirectUrl, paymentStatus, error?, next_action? }`, shaped from the engine's outcome.
 */
import { buyerError } from '../../engine/payments/payments.ts';
import type { CheckoutOutcome } from '../../engine/payments/forms/complete.ts';
import { redirectAction } from '../public/wire.ts';

export function completeAnswer(o: CheckoutOutcome) {
  const s = o.session;
  const answer = (redirectUrl: string | null) => ({ status: s.status, sessionId: s.id, transactionId: o.transactionId, redirectUrl, paymentStatus: s.paymentStatus });
  if (o.kind === 'challenge') return { ...answer(null), next_action: redirectAction(o.challengeUrl) };
  // A setup session: the card saved (`succeeded`, `unpaid`), or its check declined (re-opened, with the error).
  if (o.kind === 'saved') return { ...answer(o.redirectUrl), ...(o.error ? { error: o.error } : {}) };
  return { ...answer(o.redirectUrl), ...(o.ok ? {} : { error: buyerError(o.intent) }) };
}
