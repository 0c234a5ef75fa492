/**
 * Wire shaping of the session (Doc 1, "Checkout session" field table): the engine hands out
 * records, the routes decide what a merchant's server and a buyer's browser may see.
 */
import type { Session } from '../../../api/sessions.ts';
import type { PublicSession } from '../../../api/checkout.ts';
import type { RefundTotals } from '../../engine/refunds/refund-totals.ts';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import { buyerFieldsOf } from '../../engine/payments/forms/buyer-details.ts';

/**
 * The merchant-facing object. `write` is the shape PATCH and expire answer with (Doc 1: totals and
 * last_payment_error null). `refunds`: the settlement's refund totals (`sessionRefundTotals`), null
 * when they could not be read; the totals are null too whenever `vp_tx_id` is.
 */
export function toSession(s: SessionRecord, view: 'get' | 'write' = 'get', refunds: RefundTotals | null = null): Session {
  const settled = s.vpTxId !== null && s.vpTxCount === 1;
  const totals = view === 'get' && settled ? refunds : null;
  return {
    id: s.id,
    status: s.status,
    expiredFrom: s.expiredFrom,
    paymentStatus: s.paymentStatus,
    mode: s.mode,
    captureMethod: s.captureMethod,
    integrationMode: s.integrationMode,
    channel: s.channel,
    chargeAtSubmit: s.chargeAtSubmit,
    threeDSecure: { mode: s.mode === 'setup' ? 'not_applicable' : 'in_page' },
    storedCredentialUse: s.storedCredentialUse,
    setupForFutureUse: s.setupForFutureUse,
    merchantId: s.merchantId,
    amount: s.amount,
    currency: s.currency,
    country: s.country,
    description: s.description,
    locale: s.locale,
    successUrl: s.successUrl,
    cancelUrl: s.cancelUrl,
    shipping: s.shipping,
    billingAddress: s.billingAddress,
    phone: s.phone,
    collectEmail: s.collectEmail,
    nameCollection: s.nameCollection,
    emailCollection: s.emailCollection,
    shippingAddress: s.status === 'succeeded' ? s.shippingAddress : null,
    buyerId: s.buyerId,
    buyerPhone: s.buyerPhone,
    transactionId: s.transactionId,
    vp_tx_id: settled ? s.vpTxId : null,
    vp_tx_count: s.vpTxCount,
    amount_refunded: totals ? totals.amountRefunded : null,
    remaining_refundable: totals ? totals.remainingRefundable : null,
    refundable: totals ? totals.refundable : null,
    paymentIntentId: s.paymentIntentId,
    retry: s.retry,
    last_payment_error: view === 'get' ? s.lastPaymentError : null,
    metadata: s.metadata,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    expiresAt: s.expiresAt,
  };
}

/** What a buyer's browser may read (`GET /v1/public/sessions/{id}`): no buyer data, no metadata. */
export function toPublicSession(s: SessionRecord, merchant: Merchant): PublicSession {
  return {
    id: s.id,
    status: s.status,
    paymentStatus: s.paymentStatus,
    amount: s.amount,
    currency: s.currency,
    description: s.description,
    locale: s.locale,
    mode: s.mode,
    integrationMode: s.integrationMode,
    chargeAtSubmit: s.chargeAtSubmit,
    livemode: s.livemode,
    merchantName: merchant.settings.displayName,
    lineItems: s.lineItems,
    cancelUrl: s.cancelUrl,
    expiresAt: s.expiresAt,
    retry: s.retry,
    country: s.country,
    shipping: s.shipping,
    billingAddress: s.billingAddress,
    phone: s.phone,
    nameCollection: s.nameCollection,
    buyerFields: buyerFieldsOf(s),
  };
}
