/**
 * A `card_element` merchant through the whole service (issue 19): its payments go through the
 * Stripe adapter and the sandbox's Stripe stand-in, and a merchant reads the same outcomes and
 * events as on the sandbox path: server charges, manual capture and void, refunds, a hosted form
 * paid in the browser, and Stripe's own webhooks (`/api/webhooks/stripe`, a dispute included).
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../testing.ts';
import { client } from '../../payment-intents/fixtures.ts';
import { origin } from '../../checkout/fixtures.ts';
import { confirmStripeForm } from './stripe.fixtures.ts';
import { networkDeclineCodes } from '../declines.fixtures.ts';
import { STRIPE_PUBLISHABLE_KEY } from '../../../../../sandbox-processor/testing.ts';

async function stripeWorld(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant({ processor: 'card_element', settings });
  const c = client(t, m.merchant.id, m.keys);
  /** The stand-in's PaymentIntents: Stripe's own record of what the service did. */
  const intents = () => t.sandbox.db.prepare('SELECT id, transaction_id FROM stripe_intents').all() as { id: string; transaction_id: string | null }[];
  /** The Stripe events the service kept, by the engine's type (payment_intent.* is `transaction.updated`). */
  const inbound = () =>
    t.store.db.prepare("SELECT json_extract(data, '$.type') AS type, state FROM inbound_events WHERE json_extract(data, '$.gateway') = 'stripe' ORDER BY seq").all() as { type: string; state: string }[];
  /** The stand-in's pending webhooks, delivered to the service, and applied. */
  const deliver = async () => {
    await t.sandbox.runDue();
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
  };
  return { ...c, m, intents, inbound, deliver };
}

describe('a card_element merchant, server side', () => {
  it('charges a vaulted card through a Stripe PaymentIntent, and refunds it', async () => {
    const w = await stripeWorld();
    const { status, body } = await w.payJson(await w.vault());
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'succeeded', amount_received: 1500, card: { brand: 'visa', last4: '4242' } });
    const [pi] = w.intents();
    expect(pi!.id).toMatch(/^pi_/);
    expect(body.transaction_id ?? pi!.id).toBe(pi!.id);
    const refund = await w.post('/v1/refunds', { payment_intent: body.id, amount: 500 });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ status: 'succeeded', amount: 500 });
    expect(w.t.sandbox.db.prepare('SELECT amount, status FROM refunds').all()).toEqual([{ amount: 500, status: 'succeeded' }]);
    expect((await w.types(body.id))).toEqual(['payment_intent.succeeded', 'charge.succeeded', 'charge.refunded']);
  });

  it('a decline’s charge.failed carries the issuer’s code Stripe sent (network_decline_code, issue 35)', async () => {
    const w = await stripeWorld();
    expect((await w.payJson(await w.vault('tok_sandbox_visa_9995'))).body).toMatchObject({ status: 'failed', decline_code: 'insufficient_funds' });
    expect(await networkDeclineCodes(w.t, w.m.merchant.id, w.m.keys.secret)).toEqual([['charge.failed', '51'], ['payment_intent.failed', '51']]);
  });

  it('authorizes with manual capture, captures; and voids another authorization', async () => {
    const w = await stripeWorld();
    const held = (await w.payJson(await w.vault(), { capture_method: 'manual' })).body;
    expect(held).toMatchObject({ status: 'authorized', amount_capturable: 1500 });
    expect((await w.post(`/v1/payment_intents/${held.id}/capture`)).body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
    const other = (await w.payJson(await w.vault(), { capture_method: 'manual' })).body;
    expect((await w.post(`/v1/payment_intents/${other.id}/void`)).body).toMatchObject({ status: 'voided' });
    const ledger = w.t.sandbox.db.prepare('SELECT capture_state AS capture FROM transactions ORDER BY rowid').all();
    expect(ledger).toEqual([{ capture: 'settled' }, { capture: 'voided' }]);
  });

  it('settles an async capture (0066) and an async refund (0082) on Stripe’s webhooks, sent from the control API', async () => {
    const w = await stripeWorld();
    const slow = (await w.payJson(await w.vault('tok_sandbox_visa_0066'))).body;
    expect(slow.status).toBe('captured');
    const settled = await w.t.json('POST', '/_sandbox/provider_events', { type: 'capture.settled', payment_intent: slow.id });
    expect(settled.status).toBe(202);
    expect(await w.get(`/v1/payment_intents/${slow.id}`)).toMatchObject({ status: 'succeeded', refundable: true });

    const paid = (await w.payJson(await w.vault('tok_sandbox_visa_0082'))).body;
    const refund = await w.post('/v1/refunds', { payment_intent: paid.id, amount: 400 });
    expect(refund.status).toBe(202);
    expect(refund.body.status).toBe('requested');
    expect((await w.t.json('POST', '/_sandbox/provider_events', { type: 'refund.succeeded', payment_intent: paid.id })).status).toBe(202);
    expect((await w.get(`/v1/refunds?payment_intent=${paid.id}`)).data[0]).toMatchObject({ id: refund.body.id, status: 'succeeded' });
    expect((await w.types(paid.id))).toContain('charge.refunded');
    // Both came as Stripe's events, verified and applied.
    // Both came as Stripe's events, verified and applied: the settlement as payment_intent.succeeded.
    expect(w.inbound()).toEqual([
      { type: 'transaction.updated', state: 'applied' },
      { type: 'refund.succeeded', state: 'applied' },
    ]);
  });

  it('hears a dispute from Stripe’s webhook (card 0259) and tells the merchant, as on the sandbox path', async () => {
    const w = await stripeWorld();
    const { body } = await w.payJson(await w.vault('tok_sandbox_visa_0259'));
    expect(body.status).toBe('succeeded');
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    await w.deliver();
    // Stripe's charge.dispute.created, read as the engine's dispute.created (the confirmation's payment_intent.succeeded before it).
    expect(w.inbound()).toEqual([
      { type: 'transaction.updated', state: 'applied' },
      { type: 'dispute.created', state: 'applied' },
    ]);
    expect((await w.types(body.id))).toContain('dispute.created');
    expect(await w.get(`/v1/payment_intents/${body.id}`)).toMatchObject({ status: 'succeeded', refundable: false });
  });
});

describe('a card_element merchant, in the browser', () => {
  const confirm = (w: Awaited<ReturnType<typeof stripeWorld>>, init: { token: string; accountId: string; publishableKey: string }, number: string) => confirmStripeForm(w.t, init, number);

  it('init hands stripe.js a PaymentIntent; the buyer confirms it; complete reads it back from Stripe', async () => {
    const w = await stripeWorld();
    const session = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd' })).body;
    const init = await (await w.t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json();
    expect(init).toMatchObject({ type: 'card_element', environment: 'sandbox', accountId: w.m.merchant.id, scriptUrl: `${w.t.deps.config.stripeUrl}/v3/` });
    expect(init.token).toMatch(/^pi_\w+_secret_\w+$/);
    expect(init.publishableKey).toMatch(/^pk_test_/);
    expect(init.publishableKey).not.toBe(STRIPE_PUBLISHABLE_KEY);
    const pi = await (await confirm(w, init, '4242424242424242')).json();
    expect(pi.status).toBe('succeeded');
    const done = await (await w.t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: pi.id }, origin)).json();
    expect(done).toMatchObject({ status: 'succeeded', transactionId: pi.id });
    // Stripe's payment_intent.succeeded arrives too: applied, and the payment is still one.
    await w.deliver();
    expect(w.inbound()).toEqual([{ type: 'transaction.updated', state: 'applied' }]);
    expect((await w.t.count('payment_intents'))).toBe(1);
    expect((await w.t.count('settlements'))).toBe(1);
    expect((await w.get(`/v1/sessions/${session.id}`)).paymentStatus).toBe('paid');
  });

  it('a decline leaves the session open for another card, on a new PaymentIntent', async () => {
    const w = await stripeWorld({ sameSessionRetry: 2 });
    const session = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd' })).body;
    const init = await (await w.t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json();
    const declined = await confirm(w, init, '4000000000000002');
    expect(declined.status).toBe(402);
    const pi = (await declined.json()).error.payment_intent;
    const done = await (await w.t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: pi.id }, origin)).json();
    expect(done).toMatchObject({ error: { decline_code: 'card_declined' } });
    const again = await (await w.t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json();
    expect(again.token).not.toBe(init.token);
    const paid = await (await confirm(w, again, '4242424242424242')).json();
    expect((await (await w.t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: paid.id }, origin)).json()).status).toBe('succeeded');
  });

  it('refuses a Stripe webhook that is not signed with the gateway’s secret', async () => {
    const w = await stripeWorld();
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } });
    const unsigned = await w.t.json('POST', '/api/webhooks/stripe', JSON.parse(body));
    expect(unsigned.status).toBe(401);
    const forged = await w.t.app.request('/api/webhooks/stripe', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body });
    expect(forged.status).toBe(401);
    expect((await forged.json()).code).toBe('webhook_invalid_signature');
    expect(w.inbound()).toEqual([]);
  });
});
