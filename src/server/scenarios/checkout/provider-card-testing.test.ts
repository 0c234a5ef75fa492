/**
 * Issue 32, finding 3: card testing on the Stripe path. One `init` hands out a client secret, and
 * stripe.js may confirm it again after each decline. The Stripe stand-in takes 6 declines on it and
 * then no card (its radar); the service reads the declines a form took from Stripe (the
 * PaymentIntent's charges) when it closes the form, so the session's cap of 6 declines (issue 18)
 * holds here too and a new `init` is refused. A form the service closes is canceled at Stripe too
 * (unless paid), so its client secret takes no card that would go uncounted. A buyer declined once
 * or twice still pays.
 */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { client } from '../payment-intents/fixtures.ts';
import { CARD, origin } from './fixtures.ts';
import { BUCKETS } from '../../middleware/rate-limit.ts';
import { MAX_DECLINES } from '../../engine/sessions/session-status.ts';
import { DECLINES_PER_SESSION, TRIES_PER_ADDRESS } from '../../../../sandbox-processor/radar.ts';

const DECLINING: [string, string][] = [
  ['4000000000009995', 'insufficient_funds'],
  ['4000000000000127', 'incorrect_cvc'],
  ['4000000000000069', 'expired_card'],
  ['4000000000009995', 'insufficient_funds'],
  ['4000000000000127', 'incorrect_cvc'],
  ['4000000000000069', 'expired_card'],
];

async function stripeWorld() {
  const t = await testApp();
  const m = await t.merchant({ processor: 'card_element' });
  const c = client(t, m.merchant.id, m.keys);
  const session = async () => (await c.post('/v1/sessions', { amount: 2500, currency: 'usd' })).body as { id: string };
  const init = (sessionId: string) => t.json('POST', '/api/checkout/init', { sessionId }, origin);
  const complete = async (sessionId: string, transactionId: string) => (await t.json('POST', '/api/checkout/complete', { sessionId, transactionId }, origin)).json();
  /** What stripe.js's card frame sends: the card, with the publishable key and the client secret. */
  const confirm = async (form: { token: string; accountId: string; publishableKey: string }, number: string) => {
    const res = await t.sandbox.stripe.request(`/v1/payment_intents/${form.token.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: form.publishableKey,
        _stripe_account: form.accountId,
        client_secret: form.token,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': String(CARD.expMonth),
        'payment_method_data[card][exp_year]': String(CARD.expYear),
        'payment_method_data[card][cvc]': '123',
      }),
    });
    const body = await res.json();
    return { status: res.status, body, id: (body.error?.payment_intent?.id ?? body.id) as string };
  };
  const charges = () => (t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;
  /** The PaymentIntent of a form as Stripe shows it. */
  const intent = async (form: { token: string; accountId: string }) =>
    (await t.sandbox.stripe.request(`/v1/payment_intents/${form.token.split('_secret_')[0]}`, { headers: { Authorization: `Bearer ${t.processorSecret}`, 'Stripe-Account': form.accountId } })).json();
  const declines = async (sessionId: string) => (await t.store.read.sessions.get(sessionId))!.declines;
  /** A fresh form for the session, declined at Stripe with DECLINING's first `n` cards. */
  const declinedForm = async (sessionId: string, n: number) => {
    const form = await (await init(sessionId)).json();
    for (const [number] of DECLINING.slice(0, n)) expect((await confirm(form, number)).status).toBe(402);
    return form;
  };
  /** A closed form: Stripe refuses the card on its canceled PaymentIntent and charges nothing. */
  const refused = async (form: Parameters<typeof confirm>[0], number: string) =>
    expect(await confirm(form, number)).toMatchObject({ status: 400, body: { error: { code: 'payment_intent_unexpected_state' } } });
  return { t, m, c, session, init, complete, confirm, charges, intent, declines, declinedForm, refused };
}

describe('card testing on the card_element path', () => {
  it('the stand-ins keep the sandbox path’s numbers: 6 declines, 20 card tries a minute per address', () => {
    expect([DECLINES_PER_SESSION, TRIES_PER_ADDRESS]).toEqual([MAX_DECLINES, BUCKETS.cardTokenizePerIp.limit]);
  });

  it('one init: 6 declines at Stripe, then no card (an approved one too), and no new client secret for the session', async () => {
    const w = await stripeWorld();
    const s = await w.session();
    const form = await (await w.init(s.id)).json();
    for (const [number, code] of DECLINING) expect((await w.confirm(form, number)).body.error).toMatchObject({ code: 'card_declined', decline_code: code });
    // The probe went on to 15 confirms: every one after the sixth decline is refused, nothing charged.
    for (const number of ['4242424242424242', '4000000000009995', '4000000000000127', '4242424242424242']) {
      expect((await w.confirm(form, number)).body.error).toMatchObject({ code: 'card_declined', decline_code: 'card_velocity_exceeded' });
    }
    expect(w.charges()).toBe(6);
    // Past the checkout limits' minute: only the cap on declines is left to stop a new form.
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    const again = await w.init(s.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'session_wrong_state', error: expect.stringMatching(/declined 6 times/) });
    expect((await w.t.store.read.sessions.get(s.id))!.declines).toBe(6);
  });

  it('the embedded checkout’s poll refuses a fresh form too, once its client secret took 6 declines', async () => {
    const w = await stripeWorld();
    const s = (await w.c.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'embed' })).body as { id: string };
    const poll = () => w.t.json('GET', `/v1/public/sessions/${s.id}/embed-token`, undefined, bearer(w.m.keys.publishable));
    const form = await (await poll()).json();
    expect(form).toMatchObject({ ready: true, type: 'card_element' });
    for (const [number] of DECLINING) expect((await w.confirm(form, number)).status).toBe(402);
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    const refused = await poll();
    expect([refused.status, (await refused.json()).code]).toEqual([409, 'session_wrong_state']);
  });

  it('counts a form’s declines once, also when the page completed with it first', async () => {
    const w = await stripeWorld();
    const s = await w.session();
    const first = await (await w.init(s.id)).json();
    let last = '';
    for (const [number] of DECLINING.slice(0, 3)) last = (await w.confirm(first, number)).id;
    expect(await w.complete(s.id, last)).toMatchObject({ error: { decline_code: expect.any(String) } });
    const second = await (await w.init(s.id)).json();
    expect((await w.t.store.read.sessions.get(s.id))!.declines).toBe(3);
    for (const [number] of DECLINING.slice(0, 3)) last = (await w.confirm(second, number)).id;
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    expect((await w.init(s.id)).status).toBe(409);
    expect((await w.t.store.read.sessions.get(s.id))!.declines).toBe(6);
  });

  it('a buyer declined twice on the same form pays with it; one declined on two forms pays on the third', async () => {
    const w = await stripeWorld();
    const s = await w.session();
    const form = await (await w.init(s.id)).json();
    expect((await w.confirm(form, '4000000000009995')).status).toBe(402);
    expect((await w.confirm(form, '4000000000000127')).status).toBe(402);
    const paid = await w.confirm(form, '4242424242424242');
    expect(paid.body.status).toBe('succeeded');
    expect(await w.complete(s.id, paid.id)).toMatchObject({ status: 'succeeded' });

    const other = await w.session();
    for (const number of ['4000000000000002', '4000000000009995']) {
      const declined = await w.confirm(await (await w.init(other.id)).json(), number);
      expect(await w.complete(other.id, declined.id)).toMatchObject({ error: { code: 'card_declined' } });
    }
    const third = await w.confirm(await (await w.init(other.id)).json(), '4242424242424242');
    expect(await w.complete(other.id, third.id)).toMatchObject({ status: 'succeeded' });
  });

  it('a new form closes the older declined one at Stripe: its client secret takes no more cards, and the declines of both forms count', async () => {
    const w = await stripeWorld();
    const s = await w.session();
    const first = await w.declinedForm(s.id, 4);
    const second = await (await w.init(s.id)).json();
    expect(second.token).not.toBe(first.token);
    expect(await w.declines(s.id)).toBe(4);
    // The first client secret is canceled: Stripe refuses any card on it, an approved one too, and charges nothing.
    for (const number of ['4242424242424242', '4000000000009995']) await w.refused(first, number);
    expect(await w.intent(first)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(w.charges()).toBe(4);
    // The session's payment record still reads the decline the form ended with, not a cancel.
    expect((await w.t.store.read.sessions.get(s.id))!.lastPaymentError).toMatchObject({ decline_code: 'insufficient_funds' });
    // Two more on the new form make 6 across both: the next form is refused, and every client secret is closed.
    for (const [number] of DECLINING.slice(4)) expect((await w.confirm(second, number)).status).toBe(402);
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    expect((await w.init(s.id)).status).toBe(409);
    expect(await w.t.store.read.sessions.get(s.id)).toMatchObject({ status: 'failed', declines: 6 });
    for (const form of [first, second]) await w.refused(form, '4242424242424242');
    expect(w.charges()).toBe(6);
  });

  it('a declined form the reconciler records is closed at Stripe too: no card it takes later goes uncounted', async () => {
    const w = await stripeWorld();
    const s = await w.session();
    const form = await w.declinedForm(s.id, 3);
    // The browser never comes back: the reconciler's look records the form's 3 declines and closes it.
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    expect(await w.declines(s.id)).toBe(3);
    await w.refused(form, '4000000000009995');
    expect(w.charges()).toBe(3);
    // The buyer still pays on a fresh form.
    const paid = await w.confirm(await (await w.init(s.id)).json(), '4242424242424242');
    expect(await w.complete(s.id, paid.id)).toMatchObject({ status: 'succeeded' });
  });

  it('a form paid just before the next init is recorded as paid, never canceled', async () => {
    const w = await stripeWorld();
    const s = await w.session();
    const form = await w.declinedForm(s.id, 1);
    const paid = await w.confirm(form, '4242424242424242');
    // The next init sees the payment: refused, the PaymentIntent left as it is, and the page's complete records it.
    expect(await (await w.init(s.id)).json()).toMatchObject({ code: 'charge_in_progress' });
    expect(await w.intent(form)).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    expect(await w.complete(s.id, paid.id)).toMatchObject({ status: 'succeeded' });
  });

  it('a form paid while the next init cancels it: Stripe refuses the cancel, and the payment is recorded', async () => {
    const w = await stripeWorld();
    const s = await w.session();
    const form = await w.declinedForm(s.id, 1);
    // The buyer's approved card lands between the service's look at the form and its cancel.
    const standIn = w.t.sandbox.stripe;
    const request = standIn.request;
    standIn.request = (async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input).endsWith('/cancel')) await w.confirm(form, '4242424242424242');
      return request(input, init);
    }) as typeof request;
    const refused = await Promise.resolve(w.init(s.id)).finally(() => (standIn.request = request));
    expect(await refused.json()).toMatchObject({ code: 'session_already_completed' });
    expect(await w.intent(form)).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    const after = (await w.t.store.read.sessions.get(s.id))!;
    expect(after).toMatchObject({ status: 'succeeded', transactionId: form.token.split('_secret_')[0], declines: 1 });
  });
});
