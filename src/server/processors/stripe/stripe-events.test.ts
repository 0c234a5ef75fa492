/**
 * Stripe's webhooks as the Stripe adapter reads them (issue 19): signed the Stripe way, checked by
 * the real SDK, and turned into the engine's provider events. The PaymentIntent and Refund inside
 * come from the Stripe stand-in through the SDK, so they have Stripe's shapes.
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { testProcessor } from '../../../../sandbox-processor/testing.ts';
import { stripeOverStandIn } from '../../../../sandbox-processor/stripe/testing.ts';
import { parseStripeEvent, providerEventOf, verifyStripeEvent } from './stripe-events.ts';

const WHSEC = 'whsec_stripe_test';
const NOW = 1_900_000_000;

async function objects() {
  const sandbox = testProcessor();
  const stripe = stripeOverStandIn(sandbox.processor);
  const as = { stripeAccount: 'merchant_s' };
  const pm = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_sandbox_visa_4242' } }, as);
  const pi = await stripe.paymentIntents.create({ amount: 1200, currency: 'usd', payment_method: pm.id, confirm: true, metadata: { svcpay_reference: 'att_1' } }, as);
  const refund = await stripe.refunds.create({ payment_intent: pi.id, amount: 200, metadata: { svcpay_reference: 'rf_1' } }, as);
  return { pi, refund };
}

const event = (type: string, object: unknown, account: string | null = 'merchant_s') =>
  JSON.stringify({ id: `evt_${type}`, object: 'event', api_version: '2025-01-01', created: NOW, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, ...(account ? { account } : {}), data: { object } });

/** Stripe's documented scheme by hand: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
const signed = (payload: string, secret = WHSEC, t = NOW) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;

describe('Stripe webhooks', () => {
  it('accepts Stripe’s signature, whether made by the SDK or by its documented scheme, and nothing else', async () => {
    const { pi } = await objects();
    const payload = event('payment_intent.succeeded', pi);
    const bySdk = Stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC, timestamp: NOW });
    expect(verifyStripeEvent(payload, bySdk, WHSEC, NOW)).toMatchObject({ type: 'payment_intent.succeeded' });
    expect(verifyStripeEvent(payload, signed(payload), WHSEC, NOW)).toMatchObject({ id: 'evt_payment_intent.succeeded' });
    expect(verifyStripeEvent(payload, undefined, WHSEC, NOW)).toBe('missing');
    expect(verifyStripeEvent(payload, signed(payload, 'whsec_other'), WHSEC, NOW)).toBe('invalid');
    expect(verifyStripeEvent(payload.replace('1200', '9900'), signed(payload), WHSEC, NOW)).toBe('invalid');
    // Five minutes of tolerance, as Stripe's libraries default to.
    expect(verifyStripeEvent(payload, signed(payload, WHSEC, NOW - 301), WHSEC, NOW)).toBe('invalid');
    expect(verifyStripeEvent(payload, signed(payload, WHSEC, NOW - 299), WHSEC, NOW)).not.toBe('invalid');
  });

  it('reads a payment event as the payment now stands, for the account it names', async () => {
    const { pi } = await objects();
    const e = verifyStripeEvent(event('payment_intent.succeeded', pi), signed(event('payment_intent.succeeded', pi)), WHSEC, NOW);
    expect(providerEventOf(e as Stripe.Event)).toMatchObject({
      id: 'evt_payment_intent.succeeded',
      type: 'transaction.updated',
      transaction: { id: pi.id, status: 'approved', capture: 'settled', capturedAmount: 1200, reference: 'att_1', merchantId: 'merchant_s', currency: 'USD' },
    });
  });

  it('reads a refund that ended, by the engine’s reference; a pending one, or one the adapter did not make, is not an event', async () => {
    const { refund } = await objects();
    const read = (type: string, object: unknown) => providerEventOf(JSON.parse(event(type, object)) as Stripe.Event);
    expect(read('refund.updated', refund)).toMatchObject({ type: 'refund.succeeded', refund: { reference: 'rf_1', amount: 200, currency: 'USD', status: 'succeeded' } });
    expect(read('refund.failed', { ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' })).toMatchObject({
      type: 'refund.failed',
      refund: { status: 'failed', failureCode: 'expired_or_canceled_card' },
    });
    expect(read('refund.updated', { ...refund, status: 'canceled' })).toMatchObject({ type: 'refund.failed', refund: { failureCode: 'refund_declined' } });
    // An expanded PaymentIntent names the same payment.
    expect(read('refund.updated', { ...refund, payment_intent: { id: refund.payment_intent, object: 'payment_intent' } })).toMatchObject({ refund: { transactionId: refund.payment_intent } });
    expect(read('refund.updated', { ...refund, status: 'pending' })).toBeNull();
    expect(read('refund.updated', { ...refund, metadata: {} })).toBeNull();
  });

  it('ignores event types the adapter does not read, and events that name no account', async () => {
    const { pi } = await objects();
    expect(providerEventOf(JSON.parse(event('customer.created', { id: 'cus_1' })) as Stripe.Event)).toBeNull();
    expect(providerEventOf(JSON.parse(event('payment_intent.succeeded', pi, null)) as Stripe.Event)).toBeNull();
  });

  it('reads disputes: opened, and closed won or lost, naming the disputed PaymentIntent; another close is not read', () => {
    const dispute = (type: string, status: string, paymentIntent: unknown = 'pi_9') =>
      parseStripeEvent(JSON.parse(event(type, { id: 'dp_1', object: 'dispute', status, payment_intent: paymentIntent, charge: 'ch_1', amount: 1200, currency: 'usd' })));
    expect(dispute('charge.dispute.created', 'needs_response')).toEqual({ id: 'evt_charge.dispute.created', type: 'dispute.created', transaction: { id: 'pi_9', merchantId: 'merchant_s' } });
    expect(dispute('charge.dispute.closed', 'won')).toMatchObject({ type: 'dispute.won', transaction: { id: 'pi_9' } });
    expect(dispute('charge.dispute.closed', 'lost')).toMatchObject({ type: 'dispute.lost' });
    expect(dispute('charge.dispute.closed', 'warning_closed')).toBeNull();
    // An expanded PaymentIntent names it too; none at all is not read.
    expect(dispute('charge.dispute.created', 'needs_response', { id: 'pi_8', object: 'payment_intent' })).toMatchObject({ transaction: { id: 'pi_8' } });
    expect(dispute('charge.dispute.created', 'needs_response', null)).toBeNull();
  });

  it('reads only what is a Stripe event: anything else is null, never an error', () => {
    const good = JSON.parse(event('charge.dispute.created', { id: 'dp_1', object: 'dispute', status: 'needs_response', payment_intent: 'pi_9' }));
    expect(parseStripeEvent(good)).not.toBeNull();
    for (const bad of [null, 'evt', 7, [], { ...good, object: 'list' }, { ...good, id: 1 }, { ...good, type: null }, { ...good, data: {} }, { ...good, data: { object: null } }, { ...good, account: undefined }]) {
      expect(parseStripeEvent(bad)).toBeNull();
    }
    // A PaymentIntent event whose object cannot be read as one is not read either.
    expect(parseStripeEvent({ ...good, type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } })).toBeNull();
  });
});
