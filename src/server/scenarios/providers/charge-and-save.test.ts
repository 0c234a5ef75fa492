/**
 * Charge and save through the real providers' forms (Doc 1, a buyer on the session makes the charge
 * save a reusable `vp_pmt_*`; issue 35), as the sandbox path does it (scenarios/checkout/charge-and-save.test.ts):
 * - Stripe: the form's PaymentIntent is made with `setup_future_usage`, and the PaymentMethod it paid
 *   with is saved once complete reads the payment back;
 * - Braintree saves a card only as part of the sale, under the buyer's customer
 *   (`storeInVaultOnSuccess`), so a charge-and-save session without a buyer is refused before any
 *   money moves: Doc 2's 422 `buyer_required_for_saved_card`, at init and at complete.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { expectSavedAndReusable, origin } from '../checkout/fixtures.ts';
import { braintreeStandIn, dropinCards } from './braintree/braintree.fixtures.ts';
import { confirmStripeForm } from './stripe/stripe.fixtures.ts';
import type { ProcessorKind } from '../../domain/index.ts';

const SAVE = { buyerId: 'cust_save', setupForFutureUse: 'on_session' };

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function world(processor: ProcessorKind) {
  const t = await testApp();
  const braintree = processor === 'hosted_fields' || processor === 'vault_hosted_fields' ? await braintreeStandIn(t, [processor]) : null;
  if (braintree) closers.push(braintree.close);
  const m = await t.merchant({ processor });
  const sk = bearer(m.keys.secret);
  const session = async (extra: Record<string, unknown>) => ((await (await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok', ...extra }, sk)).json()) as { id: string }).id;
  const init = (sessionId: string) => t.json('POST', '/api/checkout/init', { sessionId }, origin);
  const complete = (sessionId: string, transactionId: string) => t.json('POST', '/api/checkout/complete', { sessionId, transactionId }, origin);
  return { t, m, sk, session, init, complete, port: braintree?.port ?? 0 };
}

describe('a card_element (Stripe) merchant', () => {
  it('saves the card the buyer paid with in stripe.js for the session’s buyer', async () => {
    const w = await world('card_element');
    const id = await w.session(SAVE);
    const pi = await (await confirmStripeForm(w.t, await (await w.init(id)).json(), '4242424242424242')).json();
    expect(pi.status).toBe('succeeded');
    expect(await (await w.complete(id, pi.id)).json()).toMatchObject({ status: 'succeeded' });
    await expectSavedAndReusable(w.t, w.sk, id, 'cust_save', '4242');
  });
});

describe('a hosted_fields (Braintree) merchant', () => {
  it('saves the card with the sale, under the buyer’s customer', async () => {
    const w = await world('hosted_fields');
    const id = await w.session(SAVE);
    expect((await w.init(id)).status).toBe(200);
    expect(await (await w.complete(id, 'tok_sandbox_visa_4242')).json()).toMatchObject({ status: 'succeeded' });
    await expectSavedAndReusable(w.t, w.sk, id, 'cust_save', '4242');
    // Braintree filed it under the buyer's customer (Drop-in shows it to them).
    expect(w.t.sandbox.db.prepare('SELECT count(*) FROM braintree_customer_cards').pluck().get()).toBe(1);
  });

  it('refuses a charge-and-save session without a buyer before any money moves: 422 buyer_required_for_saved_card at init and at complete', async () => {
    const w = await world('hosted_fields');
    const id = await w.session({ setupForFutureUse: 'on_session' });
    const init = await w.init(id);
    expect([init.status, (await init.json()).code]).toEqual([422, 'buyer_required_for_saved_card']);
    const done = await w.complete(id, 'tok_sandbox_visa_4242');
    expect([done.status, (await done.json()).code]).toEqual([422, 'buyer_required_for_saved_card']);
    expect(w.t.sandbox.db.prepare('SELECT count(*) FROM transactions').pluck().get()).toBe(0);
    expect(await (await w.t.json('GET', `/v1/sessions/${id}`, undefined, w.sk)).json()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    // A guest session that saves nothing pays as before.
    const plain = await w.session({});
    expect(await (await w.complete(plain, 'tok_sandbox_visa_4242')).json()).toMatchObject({ status: 'succeeded' });
  });

  it('a card the buyer saved before and pays with in Drop-in (vault_hosted_fields) stays one saved card, which the payment names', async () => {
    const w = await world('vault_hosted_fields');
    const before = await (await w.t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'cust_save', setup_for_future_use: 'on_session' }, w.sk)).json();
    const id = await w.session(SAVE);
    const [card] = await dropinCards(w.port, (await (await w.init(id)).json()).token);
    expect(await (await w.complete(id, card!.nonce)).json()).toMatchObject({ status: 'succeeded' });
    const paid = await (await w.t.json('GET', `/v1/sessions/${id}`, undefined, w.sk)).json();
    expect(await (await w.t.json('GET', `/v1/payment_intents/${paid.paymentIntentId}`, undefined, w.sk)).json()).toMatchObject({ payment_method_id: before.id });
    expect((await (await w.t.json('GET', '/v1/payment_methods?buyer_id=cust_save', undefined, w.sk)).json()).data.map((p: { id: string }) => p.id)).toEqual([before.id]);
  });
});
