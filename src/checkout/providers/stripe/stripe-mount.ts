/**
 * Stripe's card element on a checkout (issue 19): loads stripe.js (`@stripe/stripe-js`; in the
 * sandbox the stand-in's script is put on the page first, and the loader takes the `window.Stripe`
 * it finds), mounts a `card` element, and confirms the PaymentIntent with it. Loaded on demand by
 * StripeCardFields, so a page of another provider's merchant never downloads it.
 *
 * What comes back is what the sandbox fields frame says about a charge (`sbx.result`): the page
 * then completes with the PaymentIntent's id, and the service reads the outcome from Stripe. The
 * bank check (3-D Secure) is stripe.js's own dialog, as with Stripe everywhere.
 */
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElement, StripeError, PaymentIntent } from '@stripe/stripe-js';
import type { StripeSpec } from './spec.ts';
import { addScript } from '../provider-script.ts';

export type StripeResult =
  | { status: 'approved' | 'declined' | 'requires_action'; transactionId: string; declineCode?: string }
  | { status: 'invalid' | 'error' };

export interface StripeMount {
  confirm(): Promise<StripeResult>;
  focus(): void;
  destroy(): void;
}

/** A PaymentIntent as the checkout reads a charge: money held or moved, the bank waiting, or nothing. */
export function resultOf(pi: Pick<PaymentIntent, 'id' | 'status'>): StripeResult {
  if (pi.status === 'succeeded' || pi.status === 'requires_capture' || pi.status === 'processing') return { status: 'approved', transactionId: pi.id };
  if (pi.status === 'requires_action') return { status: 'requires_action', transactionId: pi.id };
  return { status: 'declined', transactionId: pi.id };
}

/** stripe.js's error: a card the element itself refuses, a decline of the PaymentIntent, or a failure. */
export function errorResult(error: Pick<StripeError, 'type' | 'code' | 'decline_code'> & { payment_intent?: Pick<PaymentIntent, 'id'> }): StripeResult {
  if (error.type === 'validation_error') return { status: 'invalid' };
  if (error.payment_intent?.id) {
    const declineCode = error.decline_code ?? error.code;
    return { status: 'declined', transactionId: error.payment_intent.id, ...(declineCode ? { declineCode } : {}) };
  }
  return { status: 'error' };
}

export async function mountStripeCard(host: HTMLElement, spec: StripeSpec, locale: string, events: { ready(): void }): Promise<StripeMount> {
  if (spec.scriptUrl) await addScript(spec.scriptUrl);
  const stripe: Stripe | null = await loadStripe(spec.publishableKey, { ...(spec.accountId ? { stripeAccount: spec.accountId } : {}), locale: locale as 'auto' });
  if (!stripe) throw new Error('stripe.js did not load');
  const card: StripeCardElement = stripe.elements({ locale: locale as 'auto' }).create('card', { hidePostalCode: false });
  card.on('ready', () => events.ready());
  card.mount(host);
  return {
    async confirm() {
      try {
        if (spec.confirms === 'service') {
          // agent_hosted_fields: the PaymentMethod goes to complete, and the service confirms the payment.
          const made = await stripe.createPaymentMethod({ type: 'card', card });
          if (made.paymentMethod) return { status: 'approved', transactionId: made.paymentMethod.id };
          return errorResult(made.error);
        }
        const { error, paymentIntent } = await stripe.confirmCardPayment(spec.clientSecret, { payment_method: { card } });
        if (paymentIntent) return resultOf(paymentIntent);
        return errorResult(error);
      } catch {
        return { status: 'error' };
      }
    },
    // The page's focus goes into the element's frame first: a frame may not take it on its own.
    focus: () => {
      host.querySelector('iframe')?.focus();
      card.focus();
    },
    destroy: () => card.destroy(),
  };
}
