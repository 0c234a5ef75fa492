/**
 * An `agent_hosted_fields` merchant (issue 19; the decision in docs/merchant.md, Payment providers): Stripe's card element makes a
 * PaymentMethod, the page sends it to `chargeEndpoint` (complete), and the service confirms the
 * PaymentIntent itself: once per PaymentMethod, a decline offered another card, a bank check shown
 * as `next_action` and settled on the next complete.
 * The agent adapter's forms without the app are src/server/processors/stripe/agent-merchant.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { answerChallenge, bearer, testApp } from '../../../testing.ts';
import { CARD, origin } from '../../checkout/fixtures.ts';

async function agentWorld() {
  const t = await testApp();
  const m = await t.merchant({ processor: 'agent_hosted_fields' });
  const sk = bearer(m.keys.secret);
  const session = async (extra: Record<string, unknown> = {}) =>
    (await (await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/success', ...extra }, sk)).json()) as { id: string };
  const init = async (sessionId: string) => (await t.json('POST', '/api/checkout/init', { sessionId }, origin)).json();
  /** What stripe.js's createPaymentMethod sends from the card frame: the card, with the publishable key and the account. */
  const paymentMethod = async (i: { publishableKey: string; accountId: string }, number: string) => {
    const res = await t.sandbox.stripe.request('/v1/payment_methods', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: i.publishableKey, _stripe_account: i.accountId, type: 'card', 'card[number]': number, 'card[exp_month]': String(CARD.expMonth), 'card[exp_year]': String(CARD.expYear), 'card[cvc]': '123' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const complete = async (sessionId: string, pm: string, extra: Record<string, unknown> = {}) => {
    const res = await t.json('POST', '/api/checkout/complete', { sessionId, transactionId: pm, ...extra }, origin);
    return { status: res.status, body: await res.json() };
  };
  const charges = () => (t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;
  return { t, m, sk, session, init, paymentMethod, complete, charges };
}

describe('an agent_hosted_fields merchant', () => {
  it('init names the charge endpoint; the service confirms the PaymentMethod on complete, once', async () => {
    const w = await agentWorld();
    const s = await w.session();
    const init = await w.init(s.id);
    expect(init).toMatchObject({ type: 'agent_hosted_fields', environment: 'sandbox', accountId: w.m.merchant.id, chargeEndpoint: `${w.t.deps.config.publicUrl}/api/checkout/complete` });
    expect(init.token).toMatch(/^agent_form_/);
    expect(init.publishableKey).toMatch(/^pk_test_/);
    const pm = await w.paymentMethod(init, '4242424242424242');
    const done = await w.complete(s.id, pm);
    expect(done.body).toMatchObject({ status: 'succeeded' });
    expect(done.body.transactionId).toMatch(/^pi_/);
    expect((await w.complete(s.id, pm)).body).toMatchObject({ status: 'succeeded', transactionId: done.body.transactionId });
    expect(w.charges()).toBe(1);
  });

  it('a decline is explained and another card pays', async () => {
    const w = await agentWorld();
    const s = await w.session();
    const declined = await w.complete(s.id, await w.paymentMethod(await w.init(s.id), '4000000000009995'));
    expect(declined.body).toMatchObject({ error: { decline_code: 'insufficient_funds' } });
    expect((await w.complete(s.id, await w.paymentMethod(await w.init(s.id), '4242424242424242'))).body.status).toBe('succeeded');
  });

  it('a challenge card answers next_action; once the buyer completes the bank check, the next complete settles it', async () => {
    const w = await agentWorld();
    const s = await w.session();
    const pm = await w.paymentMethod(await w.init(s.id), '4000000000003220');
    const first = await w.complete(s.id, pm);
    expect(first.body.next_action.redirect_to_url.url).toMatch(/\/challenge\//);
    expect(await (await w.t.json('GET', `/v1/sessions/${s.id}`, undefined, w.sk)).json()).toMatchObject({ paymentStatus: 'unpaid' });
    expect((await answerChallenge(w.t, w.m.merchant.id, first.body.next_action.redirect_to_url.url, 'approve')).status).toBe(200);
    expect((await w.complete(s.id, pm)).body.status).toBe('succeeded');
    expect(w.charges()).toBe(1);
  });

  it('a bank check the buyer closed fails the payment: nothing charged, another card is offered', async () => {
    const w = await agentWorld();
    const s = await w.session();
    const pm = await w.paymentMethod(await w.init(s.id), '4000000000003220');
    expect((await w.complete(s.id, pm)).body.next_action).toBeTruthy();
    const closed = await w.complete(s.id, pm, { cancel: true });
    expect(closed.body.error).toBeTruthy();
    expect((await w.complete(s.id, await w.paymentMethod(await w.init(s.id), '4242424242424242'))).body.status).toBe('succeeded');
  });

  it('in an embed session (mountCheckout) the public complete answers the bank check, ends it on cancel, and settles it once passed', async () => {
    const w = await agentWorld();
    const s = await w.session({ integrationMode: 'embed', successUrl: undefined });
    const pk = bearer(w.m.keys.publishable);
    const init = await (await w.t.json('GET', `/v1/public/sessions/${s.id}/embed-token`, undefined, pk)).json();
    expect(init).toMatchObject({ ready: true, type: 'agent_hosted_fields' });
    const complete = async (pm: string, extra: Record<string, unknown> = {}) => (await w.t.json('POST', `/v1/public/sessions/${s.id}/complete`, { transactionId: pm, ...extra }, pk)).json();
    const pm1 = await w.paymentMethod(init, '4000000000003220');
    const first = await complete(pm1);
    expect(first).toMatchObject({ status: 'processing', paymentIntentId: null, next_action: { type: 'redirect_to_url' } });
    const bank = first.next_action.redirect_to_url.url as string;
    expect(w.charges()).toBe(1);
    // The buyer closed the check: the service ends it, nothing is charged.
    const closed = await complete(pm1, { cancel: true });
    expect(closed.next_action).toBeUndefined();
    expect(closed.error).toBeTruthy();
    expect((await (await w.t.json('GET', `/v1/sessions/${s.id}`, undefined, w.sk)).json()).paymentStatus).toBe('unpaid');
    // Another attempt, its check passed: paid, once.
    const pm = await w.paymentMethod(init, '4000000000003220');
    const again = await complete(pm);
    expect(bank).not.toBe(again.next_action.redirect_to_url.url);
    expect((await answerChallenge(w.t, w.m.merchant.id, again.next_action.redirect_to_url.url, 'approve')).status).toBe(200);
    const paid = await complete(pm);
    expect(paid).toMatchObject({ status: 'succeeded', paymentIntentId: expect.any(String) });
    expect(paid.next_action).toBeUndefined();
  });

  it('authorizes only, for a session that captures manually: held, not charged', async () => {
    const w = await agentWorld();
    const s = await w.session({ captureMethod: 'manual' });
    expect((await w.complete(s.id, await w.paymentMethod(await w.init(s.id), '4242424242424242'))).body).toMatchObject({ status: 'succeeded', paymentStatus: 'held' });
    expect(w.t.sandbox.db.prepare('SELECT capture_state AS capture FROM transactions').all()).toEqual([{ capture: 'none' }]);
  });
});

describe('an agent_hosted_fields merchant’s capability matrix (issue 34)', () => {
  it('tells the truth of Stripe PaymentIntents: manual capture, partial capture and EUR are answered and served', async () => {
    const w = await agentWorld();
    const caps = await (await w.t.json('GET', '/v1/capabilities', undefined, w.sk)).json();
    expect(caps.supported_operations).toMatchObject({ auth_capture_separation: true, partial_capture: true, partial_refund: true });
    expect(caps.settlement_currencies).toContain('EUR');
    const s = await w.session({ currency: 'eur', captureMethod: 'manual' });
    const done = await w.complete(s.id, await w.paymentMethod(await w.init(s.id), '4242424242424242'));
    expect(done.body).toMatchObject({ status: 'succeeded', paymentStatus: 'held' });
    const read = await (await w.t.json('GET', `/v1/sessions/${s.id}`, undefined, w.sk)).json();
    const captured = await w.t.json('POST', `/v1/payment_intents/${read.paymentIntentId}/capture`, { amount_to_capture: 1000 }, w.sk);
    expect(captured.status).toBe(200);
    expect(await captured.json()).toMatchObject({ status: 'succeeded', currency: 'EUR', amount_received: 1000 });
  });
});
