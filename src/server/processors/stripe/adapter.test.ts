/**
 * The Stripe adapter as the engine uses it (issue 19): a form is an unconfirmed PaymentIntent whose
 * client secret the browser gets; the service finds it again by that secret, closes it when the
 * session moves on, and looks refunds up through their PaymentIntent. The browser's confirmation
 * is played here through the SDK against the stand-in, as stripe.js will make it.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { SECRET, testProcessor } from '../../../../sandbox-processor/testing.ts';
import { standInFetch, stripeOverStandIn } from '../../../../sandbox-processor/stripe/testing.ts';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import { StripeProcessorAdapter, intentOfClientSecret } from './adapter.ts';

const merchant = { id: 'merchant_s' } as Merchant;
const session = { id: 'vp_cs_1', amount: 2500, currency: 'USD', captureMethod: 'automatic', livemode: false } as SessionRecord;

function world() {
  const sandbox = testProcessor();
  const standIn = standInFetch(sandbox.processor);
  /** Runs once before the adapter's next cancel reaches Stripe: what happens in between. */
  const beforeCancel: { run?: () => Promise<unknown> } = {};
  const fetch = async (url: string, init: RequestInit) => {
    const run = url.endsWith('/cancel') ? beforeCancel.run : undefined;
    if (run) {
      beforeCancel.run = undefined;
      await run();
    }
    return standIn(url, init);
  };
  const adapter = new StripeProcessorAdapter({ secretKey: SECRET, host: 'stripe.sandbox.invalid', fetch, publishableKey: 'pk_test_sandbox', environment: 'sandbox' });
  const stripe = stripeOverStandIn(sandbox.processor);
  const as = { stripeAccount: merchant.id };
  /** What stripe.js does with the buyer's card: confirms the form's PaymentIntent. */
  const confirmInBrowser = async (clientSecret: string, cardRef: string, returnUrl?: string) => {
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { token: cardRef } }, as);
    return stripe.paymentIntents.confirm(intentOfClientSecret(clientSecret)!, { payment_method: pm.id, ...(returnUrl ? { return_url: returnUrl } : {}) }, as).catch((e: unknown) => e);
  };
  return { adapter, confirmInBrowser, beforeCancel, stripe, as };
}

describe('Stripe adapter: browser forms', () => {
  it('opens a form as an unconfirmed PaymentIntent: card_element, its client secret, the publishable key and account', async () => {
    const { adapter } = world();
    const init = await adapter.clientInit(merchant, session);
    expect(init).toEqual({ type: 'card_element', token: expect.stringMatching(/^pi_[a-f0-9]+_secret_/), environment: 'sandbox', publishableKey: 'pk_test_sandbox', accountId: 'merchant_s' });
    // Nobody paid with it yet: no transaction.
    expect(await adapter.lookup(merchant, init.token)).toBeNull();
  });

  it('finds the payment made with a form by its client secret, and refuses to close a form that paid', async () => {
    const { adapter, confirmInBrowser } = world();
    const init = await adapter.clientInit(merchant, session);
    await confirmInBrowser(init.token, 'tok_sandbox_visa_4242');
    const t = await adapter.lookup(merchant, init.token);
    expect(t).toMatchObject({ id: intentOfClientSecret(init.token), status: 'approved', capture: 'settled', amount: 2500, sessionId: 'vp_cs_1', card: { last4: '4242' } });
    expect(await adapter.verifyTransaction(merchant, t!.id)).toEqual(t);
    await expect(adapter.revokeClientToken(merchant, init.token)).rejects.toMatchObject({ reason: 'token_used' });
  });

  it('refuses to close a form paid between its read and its cancel as used, never as a refusal that proves nothing (issue 34)', async () => {
    const { adapter, confirmInBrowser, beforeCancel } = world();
    const init = await adapter.clientInit(merchant, session);
    beforeCancel.run = () => confirmInBrowser(init.token, 'tok_sandbox_visa_4242');
    await expect(adapter.revokeClientToken(merchant, init.token)).rejects.toMatchObject({ reason: 'token_used' });
    expect(await adapter.lookup(merchant, init.token)).toMatchObject({ status: 'approved', capture: 'settled' });
  });

  it('closes an unused form: it can no longer be paid with, and closing again is harmless', async () => {
    const { adapter, confirmInBrowser } = world();
    const init = await adapter.clientInit(merchant, session);
    await adapter.revokeClientToken(merchant, init.token);
    await adapter.revokeClientToken(merchant, init.token);
    expect(await adapter.lookup(merchant, init.token)).toBeNull();
    expect(await confirmInBrowser(init.token, 'tok_sandbox_visa_4242')).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(adapter.revokeClientToken(merchant, 'pi_unknown_secret_x')).rejects.toMatchObject({ reason: 'token_not_found' });
  });

  it('closes a declined form too: it takes no card after, and still reads as the declines it took', async () => {
    const { adapter, confirmInBrowser } = world();
    const init = await adapter.clientInit(merchant, session);
    await confirmInBrowser(init.token, 'tok_sandbox_visa_0002');
    await confirmInBrowser(init.token, 'tok_sandbox_visa_9995');
    await adapter.revokeClientToken(merchant, init.token);
    expect(await confirmInBrowser(init.token, 'tok_sandbox_visa_4242')).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect(await adapter.lookup(merchant, init.token)).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds', declines: 2, capture: 'none' });
  });

  it('a declined form is a declined transaction; an abandoned bank check is canceled with nothing charged', async () => {
    const { adapter, confirmInBrowser } = world();
    const declined = await adapter.clientInit(merchant, session);
    await confirmInBrowser(declined.token, 'tok_sandbox_visa_0002');
    expect(await adapter.lookup(merchant, declined.token)).toMatchObject({ status: 'declined', declineCode: 'card_declined', declines: 1 });
    const challenged = await adapter.clientInit(merchant, session);
    await confirmInBrowser(challenged.token, 'tok_sandbox_visa_3220', 'http://localhost:4242/back');
    const waiting = await adapter.lookup(merchant, challenged.token);
    expect(waiting).toMatchObject({ status: 'requires_action', challengeUrl: expect.stringMatching(/\/challenge\//) });
    expect(await adapter.cancelChallenge(merchant, waiting!.id)).toMatchObject({ status: 'declined', capture: 'none', capturedAmount: 0 });
  });
});

describe('Stripe adapter: refunds and what it refuses', () => {
  it('looks a refund up by the engine’s reference through its PaymentIntent', async () => {
    const { adapter } = world();
    const { vaultId } = await adapter.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false });
    const t = await adapter.chargeVaulted(merchant, { reference: 'att_r', vaultId, amount: 1000, currency: 'USD', livemode: false, capture: true, sessionId: null, returnUrl: null, billingPostalCode: null, merchantInitiated: false });
    const refund = await adapter.refund(merchant, { transactionId: t.id, amount: 300, reference: 'rf_1' });
    expect(await adapter.refundLookup(merchant, 'rf_1', t.id)).toEqual(refund);
    expect(await adapter.refundLookup(merchant, 'rf_other', t.id)).toBeNull();
    // By the engine's own reference (not a form's secret), the metadata search finds it.
    expect(await adapter.lookup(merchant, 'att_r')).toMatchObject({ id: t.id, reference: 'att_r' });
  });

  it('captures and voids server-side holds, and leaves a payment the bank already answered as it is', async () => {
    const { adapter } = world();
    const { vaultId } = await adapter.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false });
    const hold = (reference: string) =>
      adapter.chargeVaulted(merchant, { reference, vaultId, amount: 1000, currency: 'USD', livemode: false, capture: false, sessionId: null, returnUrl: null, billingPostalCode: null, merchantInitiated: false });
    const a = await hold('att_a');
    expect(await adapter.capture(merchant, { transactionId: a.id, amount: 1000, reference: 'cap_a' })).toMatchObject({ capture: 'settled', capturedAmount: 1000 });
    // The buyer's bank check was already over: cancelChallenge changes nothing.
    expect(await adapter.cancelChallenge(merchant, a.id)).toMatchObject({ status: 'approved', capture: 'settled' });
    const b = await hold('att_b');
    expect(await adapter.void(merchant, { transactionId: b.id, reference: 'void_b' })).toMatchObject({ status: 'approved', capture: 'voided' });
    await expect(adapter.cancelChallenge(merchant, 'pi_unknown')).rejects.toMatchObject({ reason: 'not_found' });
    expect(adapter.googlePayGateway(merchant)).toEqual({ gateway: 'stripe', gatewayMerchantId: 'merchant_s' });
  });

  it('opens a manual-capture session’s form as an authorization only', async () => {
    const { adapter, confirmInBrowser } = world();
    const init = await adapter.clientInit(merchant, { ...session, captureMethod: 'manual' } as SessionRecord);
    await confirmInBrowser(init.token, 'tok_sandbox_visa_4242');
    expect(await adapter.lookup(merchant, init.token)).toMatchObject({ status: 'approved', capture: 'none', capturedAmount: 0 });
  });

  it('refuses card data and wallets through the service: for Stripe merchants they go through stripe.js', async () => {
    const { adapter } = world();
    await expect(adapter.charge()).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(adapter.chargeWallet()).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(adapter.appleMerchantSession()).rejects.toMatchObject({ reason: 'unsupported' });
    expect(await adapter.runDue()).toBe(0);
  });
});

describe('Stripe adapter: fencing a server charge (issue 34, "No false final state")', () => {
  const card = (adapter: StripeProcessorAdapter) => adapter.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false });
  const charge = async (adapter: StripeProcessorAdapter, reference: string, capture = true) =>
    adapter.chargeVaulted(merchant, { reference, vaultId: (await card(adapter)).vaultId, amount: 1500, currency: 'USD', livemode: false, capture, sessionId: null, returnUrl: null, billingPostalCode: null, merchantInitiated: false });
  /** A server charge whose create landed and whose confirmation is still on its way. */
  const unconfirmed = async ({ adapter, stripe, as }: ReturnType<typeof world>, reference: string) =>
    stripe.paymentIntents.create({ amount: 1500, currency: 'usd', payment_method: (await card(adapter)).vaultId, metadata: { svcpay_reference: reference } }, as);

  it('cancels a PaymentIntent nothing confirmed yet: the confirmation that lands after is refused, and the look-up finds no charge', async () => {
    const w = world();
    const pi = await unconfirmed(w, 'att_late');
    expect(await w.adapter.lookup(merchant, 'att_late')).toBeNull();
    await w.adapter.fence(merchant, 'att_late');
    await expect(w.stripe.paymentIntents.confirm(pi.id, {}, w.as)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(await w.adapter.lookup(merchant, 'att_late')).toBeNull();
  });

  it('leaves a charge that succeeded or is authorized, even one confirmed between its read and the cancel: the look-up after the fence records it', async () => {
    const w = world();
    await charge(w.adapter, 'att_paid');
    await charge(w.adapter, 'att_held', false);
    await w.adapter.fence(merchant, 'att_paid');
    await w.adapter.fence(merchant, 'att_held');
    expect(await w.adapter.lookup(merchant, 'att_paid')).toMatchObject({ status: 'approved', capture: 'settled', capturedAmount: 1500 });
    expect(await w.adapter.lookup(merchant, 'att_held')).toMatchObject({ status: 'approved', capture: 'none' });
    const pi = await unconfirmed(w, 'att_race');
    w.beforeCancel.run = () => w.stripe.paymentIntents.confirm(pi.id, {}, w.as);
    await w.adapter.fence(merchant, 'att_race');
    expect(await w.adapter.lookup(merchant, 'att_race')).toMatchObject({ status: 'approved', capture: 'settled', capturedAmount: 1500 });
  });
});
