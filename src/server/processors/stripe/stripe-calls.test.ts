/**
 * The server half of the Stripe adapter (issue 19, step 2), through the real `stripe` SDK against
 * the sandbox's Stripe stand-in: the same test cards give the same transactions the engine knows
 * from the sandbox adapter, and every failure is one of the engine's two errors.
 */
import { describe, expect, it } from 'vitest';
import { SECRET, testProcessor } from '../../../../sandbox-processor/testing.ts';
import { standInFetch, stripeOverStandIn } from '../../../../sandbox-processor/stripe/testing.ts';
import type { Merchant } from '../../domain/index.ts';
import { ProcessorConflictError, ProcessorRejectedError, ProcessorUnavailableError, type VaultChargeRequest } from '../types.ts';
import { FORM_CLOSED, StripeCalls, transactionOf } from './stripe-calls.ts';

const merchant = { id: 'merchant_s' } as Merchant;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

function world(opts: { secretKey?: string; fetch?: Fetch; wrap?: (standIn: Fetch) => Fetch } = {}) {
  const sandbox = testProcessor();
  const standIn = standInFetch(sandbox.processor);
  const calls = new StripeCalls({
    secretKey: opts.secretKey ?? SECRET,
    host: 'stripe.sandbox.invalid',
    fetch: opts.fetch ?? opts.wrap?.(standIn) ?? standIn,
  });
  // A retry of one reference charges the card it first vaulted: Stripe refuses a key reused with another payment_method.
  const vaults = new Map<string, string>();
  const charge = async (reference: string, cardRef = 'tok_sandbox_visa_4242', extra: Partial<VaultChargeRequest> = {}) => {
    const vaultId = vaults.get(reference) ?? (await calls.vault(merchant, { providerReference: cardRef, livemode: false })).vaultId;
    vaults.set(reference, vaultId);
    return calls.chargeVaulted(merchant, {
      reference,
      vaultId,
      amount: 1500,
      currency: 'USD',
      livemode: false,
      capture: true,
      sessionId: 'vp_cs_1',
      returnUrl: null,
      billingPostalCode: null,
      merchantInitiated: false,
      ...extra,
    });
  };
  return { sandbox, calls, charge };
}

describe('Stripe adapter, server calls', () => {
  it('vaults a card reference and charges it once per engine reference, found again by that reference', async () => {
    const { calls, charge } = world();
    const t = await charge('att_1');
    expect(t).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      status: 'approved',
      capture: 'settled',
      capturedAmount: 1500,
      amount: 1500,
      currency: 'USD',
      reference: 'att_1',
      sessionId: 'vp_cs_1',
      merchantId: 'merchant_s',
      card: { brand: 'visa', last4: '4242' },
      challengeUrl: null,
      declineCode: null,
    });
    expect(await charge('att_1')).toEqual(t);
    expect(await calls.lookup(merchant, 'att_1')).toEqual(t);
    expect(await calls.lookup(merchant, 'att_never')).toBeNull();
    expect(await calls.verifyTransaction(merchant, t.id)).toEqual(t);
    expect(await calls.verifyTransaction(merchant, 'pi_unknown')).toBeNull();
  });

  it('reads a decline as a declined transaction with its code, the card known', async () => {
    const { calls, charge } = world();
    const t = await charge('att_d', 'tok_sandbox_visa_9995');
    expect(t).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds', capture: 'none', capturedAmount: 0, card: { last4: '9995' } });
    expect(await calls.lookup(merchant, 'att_d')).toMatchObject({ id: t.id, status: 'declined' });
  });

  it('authorizes, captures part, refunds once per reference, and voids another authorization', async () => {
    const { calls, charge } = world();
    const auth = await charge('att_m', 'tok_sandbox_visa_4242', { capture: false });
    expect(auth).toMatchObject({ status: 'approved', capture: 'none', capturedAmount: 0 });
    expect(await calls.capture(merchant, { transactionId: auth.id, amount: 1000, reference: 'cap_1' })).toMatchObject({ capture: 'settled', capturedAmount: 1000 });
    const refund = await calls.refund(merchant, { transactionId: auth.id, amount: 400, reference: 'rf_1' });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), reference: 'rf_1', transactionId: auth.id, amount: 400, currency: 'USD', status: 'succeeded', failureCode: null });
    expect(await calls.refund(merchant, { transactionId: auth.id, amount: 400, reference: 'rf_1' })).toEqual(refund);
    await expect(calls.refund(merchant, { transactionId: auth.id, amount: 601, reference: 'rf_2' })).rejects.toBeInstanceOf(ProcessorRejectedError);
    const other = await charge('att_v', 'tok_sandbox_visa_4242', { capture: false });
    expect(await calls.void(merchant, { transactionId: other.id, reference: 'void_1' })).toMatchObject({ status: 'approved', capture: 'voided' });
  });

  it('sends a challenge card to the bank with its page, and refuses it without a return URL', async () => {
    const { charge } = world();
    const t = await charge('att_c', 'tok_sandbox_visa_3220', { returnUrl: 'http://localhost:4242/back' });
    expect(t).toMatchObject({ status: 'requires_action', challengeUrl: expect.stringMatching(/\/challenge\//) });
    await expect(charge('att_c2', 'tok_sandbox_visa_3220')).rejects.toMatchObject({ constructor: ProcessorRejectedError, reason: 'missing_redirect_url' });
  });

  it('reads a PaymentIntent canceled before any charge as nothing charged, and a canceled authorization as a released hold', async () => {
    const { sandbox, charge } = world();
    const stripe = stripeOverStandIn(sandbox.processor);
    const as = { stripeAccount: merchant.id };
    const form = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' }, as);
    expect(transactionOf(merchant, form)).toMatchObject({ status: 'declined', capture: 'none', capturedAmount: 0 });
    const closed = await stripe.paymentIntents.cancel(form.id, {}, as);
    expect(transactionOf(merchant, closed)).toMatchObject({ status: 'declined', declineCode: 'canceled', capture: 'none' });
    const hold = await charge('att_h', 'tok_sandbox_visa_4242', { capture: false });
    const released = await stripe.paymentIntents.cancel(hold.id, {}, as);
    expect(transactionOf(merchant, released)).toMatchObject({ status: 'approved', capture: 'voided', declineCode: null });
  });

  it('reads a form closed after a decline (canceled as abandoned) as that decline, also from an event’s unexpanded charge, never as a released hold', async () => {
    const { sandbox, calls } = world();
    const stripe = stripeOverStandIn(sandbox.processor);
    const as = { stripeAccount: merchant.id };
    const form = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' }, as);
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_sandbox_visa_9995' } }, as);
    await stripe.paymentIntents.confirm(form.id, { payment_method: pm.id }, as).catch(() => undefined);
    const closed = await calls.cancel(merchant, form.id, FORM_CLOSED);
    // Stripe clears last_payment_error on the change; the failed charge keeps the issuer's reason.
    expect(closed).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', last_payment_error: null, latest_charge: { status: 'failed', outcome: { reason: 'insufficient_funds' } } });
    expect(transactionOf(merchant, closed)).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds', capture: 'none' });
    const inEvent = await stripe.paymentIntents.retrieve(form.id, {}, as);
    expect(transactionOf(merchant, inEvent)).toMatchObject({ status: 'declined', capture: 'none', capturedAmount: 0 });
    await expect(stripe.paymentIntents.confirm(form.id, { payment_method: pm.id }, as)).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    await expect(stripe.paymentIntents.cancel(form.id, { cancellation_reason: 'bored' as 'abandoned' }, as)).rejects.toMatchObject({ statusCode: 400, param: 'cancellation_reason' });
  });

  it('reads a capture the network has not settled yet as pending, and a refund that ends later as pending', async () => {
    const { calls, charge } = world();
    // Card 0066: captured, settlement confirmed later (Stripe: processing).
    expect(await charge('att_async', 'tok_sandbox_visa_0066')).toMatchObject({ status: 'approved', capture: 'pending' });
    // Card 0082: the refund is accepted and completes later.
    const paid = await charge('att_ar', 'tok_sandbox_visa_0082');
    expect(await calls.refund(merchant, { transactionId: paid.id, amount: 500, reference: 'rf_async' })).toMatchObject({ status: 'pending', failureCode: null });
    expect(await calls.refundLookup(merchant, 'rf_async', paid.id)).toMatchObject({ status: 'pending', reference: 'rf_async', amount: 500 });
  });

  it('reads a PaymentIntent with a card attached but never confirmed as nothing charged', async () => {
    const { sandbox, calls } = world();
    const stripe = stripeOverStandIn(sandbox.processor);
    const { vaultId } = await calls.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false });
    const pi = await stripe.paymentIntents.create({ amount: 500, currency: 'usd', payment_method: vaultId }, { stripeAccount: merchant.id });
    expect(pi.status).toBe('requires_confirmation');
    expect(transactionOf(merchant, pi)).toMatchObject({ status: 'declined', capture: 'none' });
  });

  it('refuses card data: it reaches Stripe only from its own fields', async () => {
    const { calls } = world();
    await expect(calls.vault(merchant, { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' }, livemode: false })).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('reads an idempotency or state error as an unknown outcome, never as nothing moved: what Stripe did is found by its reference (issue 34, finding 1)', async () => {
    // The stand-in acts on the call, then its answer is replaced by the error Stripe can give a same-key resend.
    let next: { status: number; error: Record<string, string> } | null = null;
    const { calls, charge } = world({
      wrap: (standIn) => async (url, init) => {
        const res = await standIn(url, init);
        // A call on a PaymentIntent (a charge's confirmation, a capture), not its unconfirmed create.
        const replaced = init.method === 'POST' && /\/v1\/payment_intents\/[^/?]+\//.test(url) ? next : null;
        if (!replaced) return res;
        next = null;
        return new Response(JSON.stringify({ error: { message: 'Stripe said no.', ...replaced.error } }), { status: replaced.status, headers: { 'Content-Type': 'application/json' } });
      },
    });
    next = { status: 400, error: { type: 'idempotency_error' } };
    await expect(charge('att_idem')).rejects.toMatchObject({ constructor: ProcessorConflictError, reason: 'idempotency_error', nothingMoved: false });
    expect(await calls.lookup(merchant, 'att_idem')).toMatchObject({ status: 'approved', capture: 'settled', capturedAmount: 1500 });
    const auth = await charge('att_held', 'tok_sandbox_visa_4242', { capture: false });
    next = { status: 409, error: { type: 'invalid_request_error', code: 'idempotency_key_in_use' } };
    await expect(calls.capture(merchant, { transactionId: auth.id, amount: 1500, reference: 'cap_lost' })).rejects.toMatchObject({ constructor: ProcessorConflictError, reason: 'idempotency_key_in_use' });
    expect(await calls.verifyTransaction(merchant, auth.id)).toMatchObject({ capture: 'settled', capturedAmount: 1500 });
    // A resend with the same key hears the capture replayed, as Stripe replays every POST by key;
    // one under another key gets "has a status of succeeded", a state error read as a conflict.
    expect(await calls.capture(merchant, { transactionId: auth.id, amount: 1500, reference: 'cap_lost' })).toMatchObject({ capture: 'settled', capturedAmount: 1500 });
    await expect(calls.capture(merchant, { transactionId: auth.id, amount: 1500, reference: 'cap_again' })).rejects.toMatchObject({ constructor: ProcessorConflictError, reason: 'payment_intent_unexpected_state' });
    await expect(calls.void(merchant, { transactionId: auth.id, reference: 'void_late' })).rejects.toMatchObject({ constructor: ProcessorConflictError, reason: 'payment_intent_unexpected_state' });
  });

  it('tells a refusal from an outage: a wrong key moved nothing; a lost answer or no connection may have', async () => {
    const wrongKey = world({ secretKey: 'sk_test_wrong' });
    await expect(wrongKey.calls.lookup(merchant, 'att_1')).rejects.toMatchObject({ constructor: ProcessorUnavailableError, nothingMoved: true });
    // Card 0090: charged, and the answer lost on the way.
    const { calls, charge } = world();
    await expect(charge('att_lost', 'tok_sandbox_visa_0090')).rejects.toMatchObject({ constructor: ProcessorUnavailableError, nothingMoved: false });
    expect(await calls.lookup(merchant, 'att_lost')).toMatchObject({ status: 'approved', capture: 'settled' });
    const down = world({ fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    await expect(down.calls.lookup(merchant, 'att_1')).rejects.toMatchObject({ constructor: ProcessorUnavailableError, nothingMoved: false });
  });
});
