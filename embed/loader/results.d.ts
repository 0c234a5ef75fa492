/**
 * Public types of svcpay's browser API (types.d.ts re-exports them all): what confirmPayment and
 * createToken resolve with.
 */
import type { CardBrand } from './vocab.js';

export interface PaymentError {
  code: string;
  message: string;
  declineCode?: string | null;
}

export interface RetryState {
  allowed: boolean;
  attempts_remaining: number;
}

/**
 * `status` `processing`: the outcome is not known yet (do not charge again; the webhook tells).
 * `failed` carries `error`: a decline (`card_declined`, with `declineCode` and a buyer-safe
 * `message` in the elements' language), `authentication_canceled` (the buyer closed their bank's
 * check; nothing charged), `session_failed` / `session_already_completed` (answered without a call
 * once the session takes no other payment), or a network or integration error. `retry` says
 * whether another card may be tried on the same session.
 */
export interface ConfirmPaymentResult {
  status: 'succeeded' | 'processing' | 'failed';
  sessionId: string;
  paymentIntentId?: string | null;
  error?: PaymentError;
  retry?: RetryState | null;
}

export interface CardToken {
  /** `vp_pmt_…`: the merchant server charges it with `POST /v1/payment_intents` and `session_id`. */
  id: string;
  /** What may be shown of the card; a value the service does not know is null. */
  card: { brand: CardBrand; last4: string | null; expMonth: number | null; expYear: number | null };
}

export type CreateTokenResult = { token: CardToken; error?: undefined } | { token?: undefined; error: PaymentError };
