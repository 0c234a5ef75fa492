/** The wire shapes of this resource: domain records shaped as the spec spells them (STYLE.md, habit 7). */
import { PaymentIntent } from '../../../api/payment-intents.ts';
import { actionOf, declineMessage } from '../../engine/payments/declines.ts';
import type { CreateEcho } from '../../engine/payments/intents/intents.ts';
import { refundTotals } from '../../engine/refunds/refund-totals.ts';
import { refundTotalsWire } from '../refunds/wire.ts';
import type { PaymentIntentRecord } from '../../domain/index.ts';
import type { DeclineCode } from '../../../vocab/declines.ts';
import { amountMismatchWire } from '../../engine/payments/charge/charge-records.ts';
import type { CheckoutDetails } from '../../engine/sessions/checkout-details.ts';
import type { PostalAddress } from '../../../buyer/buyer-fields.ts';

const addressWire = (a: PostalAddress | null) =>
  a && { name: a.name ?? null, line1: a.line1 ?? null, line2: a.line2 ?? null, city: a.city ?? null, state: a.state ?? null, postal_code: a.postalCode ?? null, country: a.country ?? null };

/** A session's buyer details on the intent it paid, snake_case (issue 35). */
const detailsWire = (d: CheckoutDetails | null) =>
  d && { email: d.email, name: d.name, phone: d.phone, shipping_address: addressWire(d.shippingAddress), billing_address: addressWire(d.billingAddress) };

/**
 * The intent object. Decline detail (`rule_code`, `action`, `decline_message`) is served on
 * create only; retrieve keeps `decline_code` (Doc 3). Buyer echoes are create-only too.
 */
export function toPaymentIntent(
  p: PaymentIntentRecord,
  totals: Totals,
  opts: { echo?: CreateEcho; buyer?: { id: string | null; email: string | null }; details?: CheckoutDetails | null } = {},
): PaymentIntent {
  const d = p.declineCode;
  const onCreate = opts.echo !== undefined;
  const buyerId = opts.echo ? opts.echo.buyerId : (opts.buyer?.id ?? null);
  const buyerEmail = opts.echo ? opts.echo.buyerEmail : (opts.buyer?.email ?? null);
  return {
    id: p.id,
    object: 'payment_intent',
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    capture_method: p.captureMethod,
    amount_capturable: p.status === 'authorized' ? (p.authorizedAmount ?? p.amount) : 0,
    amount_received: p.capturedAmount ?? (p.status === 'succeeded' ? p.amount : 0),
    next_action:
      p.status === 'requires_action' && p.nextAction
        ? { type: 'redirect_to_url', redirect_to_url: { url: p.nextAction.url }, ...(onCreate ? {} : { issued_at: p.nextAction.issuedAt }) }
        : null,
    client_confirm: null,
    decline_code: (d as DeclineCode | null) ?? null,
    rule_code: onCreate && d === 'blocked_by_rule' ? (p.ruleCode ?? null) : null,
    action: onCreate && d ? actionOf(d) : null,
    decline_message: onCreate && d ? declineMessage(d) : null,
    amount_mismatch: amountMismatchWire(p.amountMismatch),
    ...(onCreate ? {} : { payment_method_id: p.paymentMethodId ?? null }),
    card: p.card,
    wallet_type: p.walletType ?? null,
    avs_result_code: p.avsResultCode,
    cvv_result_code: p.cvvResultCode,
    three_d_secure: p.threeDSecure ?? null,
    created_at: p.createdAt,
    metadata: p.metadata,
    ...(buyerEmail ? { buyer_email: buyerEmail } : {}),
    ...(buyerId ? { buyer_id: buyerId } : {}),
    ...(opts.echo?.buyer ? { buyer: opts.echo.buyer } : {}),
    ...(opts.details !== undefined ? { buyer_details: detailsWire(opts.details) } : {}),
    ...(opts.echo?.buyerIpForwarded !== undefined ? { buyer_ip_address_forwarded: opts.echo.buyerIpForwarded } : {}),
    ...(opts.echo ? { resolved_descriptor: opts.echo.resolvedDescriptor } : {}),
    pulseToken: null,
    session_id: p.sessionId,
    vp_tx_id: p.vpTxId,
    ...refundTotalsWire(totals),
    livemode: p.livemode,
  };
}

export type Totals = Awaited<ReturnType<typeof refundTotals>>;
