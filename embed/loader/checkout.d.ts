/** Public types of svcpay's browser API (types.d.ts re-exports them all): an `embed` session's checkout (`mountCheckout`). */
import type { PaymentError } from './results.js';
import type { Locale } from './vocab.js';

export type CheckoutEventName = 'ready' | 'success' | 'failure';

/** Outcome of one payment attempt in an embedded checkout: a UX signal; confirm by webhook. */
export interface CheckoutResult {
  status: 'succeeded' | 'failed';
  sessionId: string;
  paymentIntentId?: string | null;
  error?: PaymentError;
}

export interface CheckoutEventMap {
  /** The processor's card fields can take the card. */
  ready: { sessionId: string };
  /** The session is paid. */
  success: CheckoutResult & { status: 'succeeded' };
  /** An attempt failed (a decline, say); the form stays open for another one. */
  failure: CheckoutResult & { status: 'failed'; error: PaymentError };
}

export type CheckoutEventHandler<E extends CheckoutEventName> = (event: CheckoutEventMap[E]) => void;

/** An `embed` session's checkout, mounted in the merchant's container (`mountCheckout`). */
export interface EmbeddedCheckout {
  /** `ready` registered after the fields became ready still fires, once. */
  on<E extends CheckoutEventName>(event: E, handler: CheckoutEventHandler<E>): EmbeddedCheckout;
  off<E extends CheckoutEventName>(event: E, handler?: CheckoutEventHandler<E>): EmbeddedCheckout;
  /** Removes the checkout's frame; the container can take a new checkout. */
  destroy(): void;
  error?: undefined;
}

/** The checkout itself, or `{ error }` when the session cannot be mounted (refused, or not ready in time). */
export type MountCheckoutResult = EmbeddedCheckout | { error: PaymentError; on?: undefined; off?: undefined; destroy?: undefined };

export interface MountCheckoutOptions {
  sessionId: string;
  /** Defaults to the `SvcPay` instance's locale, then the session's. */
  locale?: Locale;
}
