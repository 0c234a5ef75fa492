/** How the checkout first reads a session: the phase it opens in, and the language it speaks. */
import type { PublicSession } from '../api/checkout.ts';
import { negotiateLocale } from '../locales/index.ts';

/**
 * What the page shows (issue 10, "every state with its own wording"). `ready` is the form (the
 * session pending, or declined with another card allowed: `notice` says why); `processing` a
 * payment under way that the page cannot settle yet; `succeeded` paid by this visit; `held`
 * authorized for a manual capture; `paid_already` paid before this page asked (another tab);
 * `cancelled` a hold the merchant released; `failed` declined with no attempt left.
 */
export type Phase =
  | 'loading'
  | 'not_found'
  | 'expired'
  | 'error'
  | 'ready'
  | 'processing'
  | 'succeeded'
  | 'held'
  | 'paid_already'
  | 'cancelled'
  | 'failed';

/**
 * The language of the hosted page: the session's `locale` (Doc 1) when it has a catalogue, else
 * the browser's first language that has one, else English.
 */
export const pageLocale = (sessionLocale: string | null | undefined, languages?: readonly string[]): string =>
  negotiateLocale([sessionLocale, 'auto'], languages);

/**
 * The phase of a session that takes no payment, as the page first reads it: paid (by another tab
 * or an earlier visit), held, released, or declined with no attempt left; null when it can pay.
 */
export function settledPhase(s: Pick<PublicSession, 'status' | 'paymentStatus' | 'retry'> & Partial<Pick<PublicSession, 'mode'>>): Phase | null {
  // A setup session that saved its card paid nothing: the page says the card is saved (issue 35).
  if (s.mode === 'setup' && s.status === 'succeeded') return 'succeeded';
  if (s.paymentStatus === 'cancelled') return 'cancelled';
  if (s.paymentStatus === 'held') return 'held';
  if (s.status === 'succeeded' || s.paymentStatus === 'paid') return 'paid_already';
  if (s.status === 'failed' && s.retry && !s.retry.allowed && s.retry.attempts_remaining === 0) return 'failed';
  return null;
}

/**
 * Where a refusal of init, complete or the save of the buyer's details leaves the page, when it
 * says what became of the session; null for any other failure (the page reports it).
 */
export function refusalPhase(status: number, code: string): Phase | null {
  if (status === 410) return 'expired';
  if (status === 404) return 'not_found';
  // Another tab (or a webhook) settled the session while this page was open.
  if (status === 409 && code === 'session_already_completed') return 'paid_already';
  // Doc 1, `retry`: a declined session with no attempt left takes no other card.
  if (status === 409 && code === 'session_wrong_state') return 'failed';
  // Doc 1, Idempotency 5: a payment for this session is running elsewhere; paying here could pay twice.
  if (status === 409 && code === 'charge_in_progress') return 'processing';
  return null;
}
