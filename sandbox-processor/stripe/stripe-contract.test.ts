/**
 * The Stripe stand-in, driven by the real `stripe` Node SDK (issue 19, step 1). The SDK's own types
 * are the reference: every answer is read through them, and the fields the svcpay adapter will rely
 * on are checked against Stripe's documented values (`Stripe.PaymentIntent.Status` and so on), so
 * the stand-in cannot drift into something Stripe never sends. The sandbox test cards behave as
 * they do on every other path.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, SECRET, testProcessor } from '../testing.ts';
import { stripeOverStandIn } from './testing.ts';

/** Stripe's documented PaymentIntent statuses: the type rejects any other spelling. */
const STATUSES: readonly Stripe.PaymentIntent.Status[] = ['canceled', 'processing', 'requires_action', 'requires_capture', 'requires_confirmation', 'requires_payment_method', 'succeeded'];
const REFUND_STATUSES: readonly string[] = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'];

function world() {
  const sandbox = testProcessor();
  const client = (secret = SECRET) => stripeOverStandIn(sandbox.processor, secret);
  const stripe = client();
  const as = { stripeAccount: ACCOUNT };
  const card = async (reference = 'tok_sandbox_visa_4242') => (await stripe.paymentMethods.create({ type: 'card', card: { token: reference } }, as)).id;
  const ledger = () => sandbox.processor.db.prepare('SELECT status, capture_state AS capture, captured_amount AS captured FROM transactions').all();
  return { sandbox, stripe, client, as, card, ledger };
}

/** What the adapter will read of a PaymentIntent, checked against Stripe's shape. */
function expectPaymentIntent(pi: Stripe.PaymentIntent) {
  expect(pi.object).toBe('payment_intent');
  expect(pi.id).toMatch(/^pi_/);
  expect(STATUSES).toContain(pi.status);
  expect(typeof pi.amount).toBe('number');
  expect(pi.currency).toMatch(/^[a-z]{3}$/);
  expect(['automatic', 'automatic_async', 'manual']).toContain(pi.capture_method);
  expect(typeof pi.client_secret).toBe('string');
  expect(typeof pi.created).toBe('number');
  expect(pi.metadata).toBeTypeOf('object');
}

describe('the Stripe stand-in through the stripe SDK', () => {
  it('makes a card payment method from a test card reference, with its brand, last four and expiry', async () => {
    const { stripe, as } = world();
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_sandbox_mastercard_4444' } }, as);
    expect(pm).toMatchObject({ object: 'payment_method', type: 'card', card: { brand: 'mastercard', last4: '4444' } });
    expect(pm.id).toMatch(/^pm_/);
    expect(pm.card!.exp_year).toBeGreaterThan(2025);
  });

  it('charges with confirm: succeeded, once per idempotency key, found again by its metadata', async () => {
    const { stripe, as, card, ledger } = world();
    const params = { amount: 2500, currency: 'usd', payment_method: await card(), confirm: true, metadata: { svcpay_reference: 'att_1', svcpay_session: 'cs_1' } };
    const pi = await stripe.paymentIntents.create(params, { ...as, idempotencyKey: 'att_1' });
    expectPaymentIntent(pi);
    expect(pi).toMatchObject({ status: 'succeeded', amount: 2500, amount_received: 2500, currency: 'usd', metadata: { svcpay_reference: 'att_1' } });
    expect(await stripe.paymentIntents.create(params, { ...as, idempotencyKey: 'att_1' })).toEqual(pi);
    expect(ledger()).toEqual([{ status: 'approved', capture: 'settled', captured: 2500 }]);
    const found = await stripe.paymentIntents.search({ query: "metadata['svcpay_reference']:'att_1'" }, as);
    expect(found.data.map((p) => p.id)).toEqual([pi.id]);
    expect((await stripe.paymentIntents.search({ query: "metadata['svcpay_reference']:'att_2'" }, as)).data).toEqual([]);
    expect(await stripe.paymentIntents.retrieve(pi.id, {}, as)).toEqual(pi);
    // Expanded, the card's details come with it, as the adapter reads them.
    const expanded = await stripe.paymentIntents.retrieve(pi.id, { expand: ['payment_method'] }, as);
    expect(expanded.payment_method).toMatchObject({ object: 'payment_method', card: { brand: 'visa', last4: '4242' } });
    const searched = await stripe.paymentIntents.search({ query: "metadata['svcpay_reference']:'att_1'", expand: ['data.payment_method'] }, as);
    expect(searched.data[0]!.payment_method).toMatchObject({ card: { last4: '4242' } });
  });

  it('answers a decline as Stripe does: a 402 card error carrying the PaymentIntent, replayed for the same key, nothing moved', async () => {
    const { stripe, as, card, ledger } = world();
    const params = { amount: 900, currency: 'usd', payment_method: await card('tok_sandbox_visa_9995'), confirm: true };
    const err = await stripe.paymentIntents.create(params, { ...as, idempotencyKey: 'att_d' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    const declined = err as Stripe.errors.StripeCardError;
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds' });
    const pi = declined.payment_intent!;
    expectPaymentIntent(pi);
    expect(pi).toMatchObject({ status: 'requires_payment_method', amount_received: 0, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } });
    const again = await stripe.paymentIntents.create(params, { ...as, idempotencyKey: 'att_d' }).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 402, payment_intent: { id: pi.id } });
    expect(ledger()).toEqual([{ status: 'declined', capture: 'none', captured: 0 }]);
    // Retrieved later, it reads as Stripe shows it: waiting for another payment method.
    expect(await stripe.paymentIntents.retrieve(pi.id, {}, as)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('authorizes with manual capture, captures part, and refunds', async () => {
    const { stripe, as, card } = world();
    const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'eur', capture_method: 'manual', payment_method: await card(), confirm: true }, as);
    expect(pi).toMatchObject({ status: 'requires_capture', amount_capturable: 2000 });
    const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 1500 }, as);
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 1500, amount_capturable: 0 });
    const refund = await stripe.refunds.create({ payment_intent: pi.id, amount: 500, metadata: { svcpay_reference: 'rf_1' } }, as);
    expect(refund).toMatchObject({ object: 'refund', amount: 500, currency: 'eur', payment_intent: pi.id, status: 'succeeded', metadata: { svcpay_reference: 'rf_1' } });
    expect(REFUND_STATUSES).toContain(refund.status);
    // Refunded once per reference; more than was captured is refused as Stripe refuses it.
    expect((await stripe.refunds.create({ payment_intent: pi.id, amount: 500, metadata: { svcpay_reference: 'rf_1' } }, as)).id).toBe(refund.id);
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 1001, metadata: { svcpay_reference: 'rf_2' } }, as)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('cancels an authorization (the hold is released) and refuses to cancel a succeeded payment', async () => {
    const { stripe, as, card, ledger } = world();
    const held = await stripe.paymentIntents.create({ amount: 700, currency: 'usd', capture_method: 'manual', payment_method: await card(), confirm: true }, as);
    expect(await stripe.paymentIntents.cancel(held.id, {}, as)).toMatchObject({ status: 'canceled', cancellation_reason: 'requested_by_customer' });
    const paid = await stripe.paymentIntents.create({ amount: 700, currency: 'usd', payment_method: await card(), confirm: true }, as);
    const err = await stripe.paymentIntents.cancel(paid.id, {}, as).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(ledger()).toEqual([
      { status: 'approved', capture: 'voided', captured: 0 },
      { status: 'approved', capture: 'settled', captured: 700 },
    ]);
  });

  it('refuses to confirm a canceled PaymentIntent, unused or declined, with payment_intent_unexpected_state; nothing charged', async () => {
    const { stripe, as, card, ledger } = world();
    const unused = await stripe.paymentIntents.create({ amount: 700, currency: 'usd', payment_method: await card() }, as);
    await stripe.paymentIntents.cancel(unused.id, {}, as);
    const declined = await stripe.paymentIntents.create({ amount: 700, currency: 'usd', payment_method: await card('tok_sandbox_visa_9995'), confirm: true }, as).catch((e: Stripe.errors.StripeCardError) => e.payment_intent!);
    await stripe.paymentIntents.cancel(declined.id, {}, as);
    for (const id of [unused.id, declined.id]) {
      const err = await stripe.paymentIntents.confirm(id, { payment_method: await card() }, as).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    }
    expect(ledger()).toEqual([{ status: 'declined', capture: 'none', captured: 0 }]);
  });

  it('sends a challenge card to the bank with next_action, and refuses one without a return_url', async () => {
    const { stripe, as, card } = world();
    const pi = await stripe.paymentIntents.create({ amount: 700, currency: 'usd', payment_method: await card('tok_sandbox_visa_3220'), confirm: true, return_url: 'http://localhost:4242/back' }, as);
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action).toMatchObject({ type: 'redirect_to_url', redirect_to_url: { url: expect.stringMatching(/\/challenge\//), return_url: 'http://localhost:4242/back' } });
    await expect(stripe.paymentIntents.create({ amount: 700, currency: 'usd', payment_method: await card('tok_sandbox_visa_3220'), confirm: true }, as)).rejects.toMatchObject({ code: 'missing_redirect_url' });
  });

  it('refuses another key, a missing account and unknown objects the way the SDK understands', async () => {
    const { stripe, client, as } = world();
    await expect(client('sk_test_wrong').paymentIntents.retrieve('pi_x', {}, as)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.paymentIntents.retrieve('pi_x')).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(stripe.paymentIntents.retrieve('pi_missing', {}, as)).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
    await expect(stripe.paymentIntents.create({ amount: 0, currency: 'usd' }, as)).rejects.toMatchObject({ param: 'amount' });
    // Another account's intent is not found.
    const other = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' }, as);
    await expect(stripe.paymentIntents.retrieve(other.id, {}, { stripeAccount: 'merchant_other' })).rejects.toMatchObject({ statusCode: 404 });
  });
});
