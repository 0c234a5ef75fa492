/**
 * What the Stripe stand-in answers, in Stripe's shapes (API objects `payment_intent`,
 * `payment_method`, `refund`, and the error envelope), read from the sandbox's own records. Only
 * the fields the svcpay adapter reads, and those a Stripe client needs to tell objects apart, are
 * filled; stripe-contract.test.ts pins them to the `stripe` SDK's types.
 */
import type { Stripe } from 'stripe';
import type { RefundRecord, TransactionRecord, VaultRecord } from '../store/repo.ts';
import { challengeUrlOf } from '../wire.ts';
import { networkDeclineCodeOf } from '../cards.ts';
import type { StoredIntent } from './intents.ts';

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The stand-in names a vaulted card `pm_<vault id>`; the vault id comes back out of it. */
export const paymentMethodId = (vaultId: string) => `pm_${vaultId}`;
export const vaultIdOf = (pm: string) => (pm.startsWith('pm_') ? pm.slice(3) : null);

/** A PaymentIntent's status, read from its transaction (the money) and its own request. */
export function intentStatus(i: StoredIntent, t: TransactionRecord | undefined): Stripe.PaymentIntent.Status {
  if (!t) return i.canceledAt ? 'canceled' : i.paymentMethod ? 'requires_confirmation' : 'requires_payment_method';
  if (t.status === 'declined') return i.canceledAt ? 'canceled' : 'requires_payment_method';
  if (t.status === 'requires_action') return 'requires_action';
  if (t.captureState === 'voided') return 'canceled';
  if (t.captureState === 'none') return 'requires_capture';
  return t.captureState === 'pending' ? 'processing' : 'succeeded';
}

export function paymentIntentObject(i: StoredIntent, t: TransactionRecord | undefined, publicUrl: string) {
  const status = intentStatus(i, t);
  // Stripe clears `last_payment_error` once the intent changes again (a cancel): the charge keeps the decline.
  const declined = t?.status === 'declined' && status !== 'canceled';
  return {
    id: i.id,
    object: 'payment_intent' as const,
    amount: i.amount,
    amount_capturable: status === 'requires_capture' ? i.amount : 0,
    amount_received: t && t.status === 'approved' ? t.capturedAmount : 0,
    capture_method: i.captureMethod,
    // The browser's credential for this one PaymentIntent (stripe.js confirms and reads it with it).
    client_secret: i.clientSecret,
    confirmation_method: 'automatic' as const,
    created: unix(i.createdAt),
    currency: i.currency,
    description: i.description,
    latest_charge: t ? `ch_${t.id}` : null,
    livemode: i.livemode,
    metadata: i.metadata,
    payment_method: i.paymentMethod,
    payment_method_types: ['card'],
    status,
    statement_descriptor_suffix: i.statementDescriptorSuffix ?? null,
    canceled_at: status === 'canceled' ? unix(i.canceledAt ?? t?.createdAt ?? i.createdAt) : null,
    cancellation_reason: status === 'canceled' ? ((i.cancellationReason ?? 'requested_by_customer') as Stripe.PaymentIntent.CancellationReason) : null,
    last_payment_error: declined
      ? { type: 'card_error' as const, code: 'card_declined', decline_code: declineCodeOf(t!), network_decline_code: networkDeclineCodeOf(t!.declineCode), message: 'Your card was declined.' }
      : null,
    next_action:
      status === 'requires_action' && t
        ? { type: 'redirect_to_url' as const, redirect_to_url: { url: challengeUrlOf(publicUrl, t.id), return_url: i.returnUrl } }
        : null,
  };
}

const declineCodeOf = (t: TransactionRecord) => t.declineCode ?? 'generic_decline';

/**
 * The Charge a confirmation made: `succeeded` once authorized (captured or not), `failed` on a
 * decline, `pending` at the bank; a decline's issuer reason in `outcome.reason`, as Stripe keeps it.
 */
export function chargeObject(t: TransactionRecord) {
  return {
    id: `ch_${t.id}`,
    object: 'charge' as const,
    amount: t.amount,
    amount_captured: t.capturedAmount,
    captured: t.captureState === 'settled' || t.captureState === 'pending',
    currency: t.currency.toLowerCase(),
    created: unix(t.createdAt),
    paid: t.status === 'approved',
    status: t.status === 'approved' ? ('succeeded' as const) : t.status === 'declined' ? ('failed' as const) : ('pending' as const),
    failure_code: t.status === 'declined' ? 'card_declined' : null,
    outcome:
      t.status === 'declined'
        ? { type: 'issuer_declined', reason: declineCodeOf(t), network_status: 'declined_by_network', seller_message: 'The bank declined the payment.', advice_code: null, network_advice_code: null, network_decline_code: networkDeclineCodeOf(t.declineCode) }
        : null,
  };
}

export function paymentMethodObject(v: VaultRecord) {
  return {
    id: paymentMethodId(v.id),
    object: 'payment_method' as const,
    type: 'card' as const,
    created: unix(v.createdAt),
    livemode: v.livemode,
    customer: null,
    metadata: {},
    billing_details: { address: null, email: null, name: null, phone: null },
    card: { brand: v.brand, last4: v.last4, exp_month: v.expMonth, exp_year: v.expYear, funding: 'credit', country: 'US' },
  };
}

export function refundObject(r: RefundRecord, intentId: string | null, metadata: Record<string, string>) {
  return {
    id: `re_${r.id}`,
    object: 'refund' as const,
    amount: r.amount,
    charge: `ch_${r.transactionId}`,
    created: unix(r.createdAt),
    currency: r.currency.toLowerCase(),
    metadata,
    payment_intent: intentId,
    status: r.status,
    failure_reason: r.failureCode === null ? null : r.failureCode === 'refund_declined' ? 'declined' : 'unknown',
  };
}

/** Stripe's error envelope: `{ error: { type, code?, message, param?, decline_code? } }`. */
export function stripeError(type: 'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error' | 'idempotency_error', message: string, extra: { code?: string; param?: string; decline_code?: string; payment_intent?: unknown } = {}) {
  return { error: { type, message, ...extra } };
}
