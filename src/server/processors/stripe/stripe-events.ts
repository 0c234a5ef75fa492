/**
 * Stripe's webhooks for the Stripe adapter (issue 19): verified the Stripe way (`Stripe-Signature`,
 * `t=…,v1=…`, HMAC-SHA256 of `t.payload` with the endpoint's `whsec_` secret, 300 s tolerance) by the
 * real SDK's `webhooks.constructEvent`, then read as the engine's ProviderEvent. Connect events
 * name the merchant's account in `account`.
 *
 * Read: `payment_intent.*` (the payment as it now stands), `refund.updated` / `refund.failed`, and
 * `charge.dispute.created` / `charge.dispute.closed` (won or lost), which name the PaymentIntent
 * only: the engine finds the payment by it.
 */
import Stripe from 'stripe';
import type { Merchant } from '../../domain/index.ts';
import type { ProcessorRefund, ProviderEvent } from '../types.ts';
import { REFERENCE_KEY, refundOf, transactionOf } from './stripe-calls.ts';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** The event when the signature is Stripe's for this secret and recent; why not otherwise. */
export function verifyStripeEvent(raw: string, header: string | undefined, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): Stripe.Event | 'missing' | 'invalid' {
  if (!header) return 'missing';
  try {
    // The SDK takes the receiving time in milliseconds.
    return Stripe.webhooks.constructEvent(raw, header, secret, 300, undefined, nowSeconds * 1000);
  } catch {
    return 'invalid';
  }
}

const PAYMENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.amount_capturable_updated',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
]);

/** A refund the adapter made (it carries the engine's reference) of a PaymentIntent; null for any other. */
function refundOfEvent(r: Stripe.Refund): ProcessorRefund | null {
  const transactionId = typeof r.payment_intent === 'string' ? r.payment_intent : r.payment_intent?.id;
  const reference = r.metadata?.[REFERENCE_KEY];
  return transactionId && reference ? refundOf(r, reference, transactionId) : null;
}

/**
 * A verified Stripe event as the engine's provider event; null for a type the adapter does not
 * read, one without an account, or a body that is not a Stripe event.
 */
export function parseStripeEvent(json: unknown, owner: string | null = null): ProviderEvent | null {
  const e = json as Partial<Stripe.Event> | null;
  if (!e || typeof e !== 'object' || e.object !== 'event' || typeof e.id !== 'string' || typeof e.type !== 'string' || typeof e.data?.object !== 'object' || e.data.object === null) return null;
  try {
    return providerEventOf(e as Stripe.Event, owner);
  } catch {
    return null;
  }
}

/**
 * `owner`: the merchant whose own Stripe account sent the event (its endpoint's secret verified it);
 * null for the platform's, whose events name the connected account in `account`.
 */
export function providerEventOf(event: Stripe.Event, owner: string | null = null): ProviderEvent | null {
  const merchantId = owner ?? event.account;
  if (!merchantId) return null;
  const merchant = { id: merchantId } as Merchant;
  if (PAYMENT_EVENTS.has(event.type)) {
    return { id: event.id, type: 'transaction.updated', transaction: transactionOf(merchant, event.data.object as Stripe.PaymentIntent) };
  }
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
    const d = event.data.object;
    const paymentIntent = typeof d.payment_intent === 'string' ? d.payment_intent : d.payment_intent?.id;
    if (!paymentIntent) return null;
    const type = event.type === 'charge.dispute.created' ? 'dispute.created' : d.status === 'won' ? 'dispute.won' : d.status === 'lost' ? 'dispute.lost' : null;
    return type ? { id: event.id, type, transaction: { id: paymentIntent, merchantId: merchant.id } } : null;
  }
  if (event.type === 'refund.updated' || event.type === 'refund.failed') {
    const refund = refundOfEvent(event.data.object);
    if (!refund || refund.status === 'pending') return null;
    return { id: event.id, type: refund.status === 'succeeded' ? 'refund.succeeded' : 'refund.failed', refund, merchantId };
  }
  return null;
}
