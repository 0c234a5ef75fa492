/**
 * The public charge and complete answers (Doc 3, "Public endpoints the field frames call"):
 * `{ status, sessionId, paymentIntentId?, error?, retry, next_action? }`, shaped from what the
 * engine says the charge came to.
 */
import { buyerError, isApproved } from '../../engine/payments/payments.ts';
import { browserDeclineCode, declineMessage } from '../../engine/payments/declines.ts';
import type { SubmitOutcome } from '../../engine/payments/charge/charge-at-submit.ts';
import type { PaymentIntentRecord, SessionRecord } from '../../domain/index.ts';

/** Doc 2 `next_action`: the bank's challenge page the buyer is sent to. */
export const redirectAction = (url: string) => ({ type: 'redirect_to_url', redirect_to_url: { url } });

/** An embed session's complete answer: the transaction the buyer made, settled (Doc 1, public complete). */
export function embedCompleteAnswer(
  o:
    | { kind: 'settled'; session: SessionRecord; intent: PaymentIntentRecord; transactionId: string; ok: boolean }
    | { kind: 'challenge'; session: SessionRecord; transactionId: string; challengeUrl: string }
    | { kind: 'saved'; session: SessionRecord; transactionId: string; error: ReturnType<typeof buyerError> | null },
) {
  // A setup session (engine/payments/forms/setup.ts): no payment intent; the card saved, or its check declined.
  if (o.kind === 'saved') return { status: o.session.status, sessionId: o.session.id, transactionId: o.transactionId, paymentIntentId: null, ...(o.error ? { error: o.error } : {}) };
  // The buyer's bank wants them (a charge the service made with the page's PaymentMethod): nothing settled yet.
  if (o.kind === 'challenge') return { status: o.session.status, sessionId: o.session.id, transactionId: o.transactionId, paymentIntentId: null, next_action: redirectAction(o.challengeUrl) };
  return {
    status: o.session.status,
    sessionId: o.session.id,
    transactionId: o.transactionId,
    paymentIntentId: o.intent.id,
    ...(o.ok ? {} : { error: buyerError(o.intent) }),
  };
}

export function submitAnswer(o: SubmitOutcome) {
  switch (o.kind) {
    case 'in_flight':
      return { status: 'processing' as const, sessionId: o.sessionId, retry: null };
    case 'challenge':
      return { status: 'requires_action' as const, sessionId: o.sessionId, retry: null, next_action: redirectAction(o.challengeUrl) };
    case 'settled': {
      const ok = isApproved(o.intent);
      return {
        status: ok ? ('succeeded' as const) : ('failed' as const),
        sessionId: o.session.id,
        paymentIntentId: o.intent.id,
        ...(ok ? {} : { error: buyerError(o.intent) }),
        retry: o.session.retry,
      };
    }
    case 'from_session': {
      const s = o.session;
      if (s.status === 'succeeded') return { status: 'succeeded' as const, sessionId: s.id, ...(s.paymentIntentId ? { paymentIntentId: s.paymentIntentId } : {}), retry: s.retry };
      const code = s.lastPaymentError?.decline_code ?? 'card_declined';
      return {
        status: 'failed' as const,
        sessionId: s.id,
        error: { code: 'card_declined', decline_code: browserDeclineCode(code), message: declineMessage(code) },
        retry: s.retry,
      };
    }
  }
}

