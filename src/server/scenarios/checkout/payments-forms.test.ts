/**
 * Browser forms bound to their session, charge and save, and a second payment held for capture
 * (Doc 1: one session pays once; a second payment is recorded, never discarded).
 */
import { describe, expect, it } from 'vitest';
import { CARD, HOSTED, INSUFFICIENT, T, approvedAtProcessor, bearer, leakyRevocation, origin, outliveHandback, session, testApp } from '../payments/payments.fixtures.ts';

describe('browser forms: bound to their session, single-use, closed when the session moves on', () => {
  const init = async (t: T, id: string) => (await (await t.json('POST', '/api/checkout/init', { sessionId: id }, origin)).json()) as { token: string };
  const payAtProcessor = (t: T, token: string, card = CARD) =>
    t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, card }) });

  it('records a hosted payment the buyer never came back from: the processor event settles the session', async () => {
    const t = await testApp();
    const s = await session(t, HOSTED);
    const { token } = await init(t, s.id);
    expect((await payAtProcessor(t, token)).status).toBe(200);
    expect(await s.read()).toMatchObject({ status: 'processing' });
    // No `complete`: the processor's signed event (delivered as the clock moves) records it.
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect(await s.events()).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
  });

  it('records it even when the processor event never arrives: the reconciler asks about the form it handed out', async () => {
    const t = await testApp();
    t.sandbox.setDeliver(async () => new Response('down', { status: 503 }), { atOnce: false });
    const s = await session(t, HOSTED);
    const { token } = await init(t, s.id);
    expect((await payAtProcessor(t, token)).status).toBe(200);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    expect(await s.read()).toMatchObject({ status: 'processing' });
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 20 });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  });

  it('hands the live unused form back to a second init (another tab, or anyone who knows the session id): the buyer can still pay with it, once', async () => {
    const t = await testApp();
    const s = await session(t, HOSTED);
    const buyers = await init(t, s.id);
    const someoneElse = await init(t, s.id);
    expect(someoneElse).toEqual(buyers);
    expect((await payAtProcessor(t, buyers.token)).status).toBe(200);
    // One form: the processor charges it once, whichever tab tries.
    const again = await payAtProcessor(t, someoneElse.token);
    expect(again.status).toBe(409);
    expect(approvedAtProcessor(t)).toEqual({ n: 1 });
  });

  it('makes a fresh form, and revokes the old one, once the old one was used or is half an hour old', async () => {
    const t = await testApp();
    const s = await session(t, { ...HOSTED, expiresIn: 7200 });
    const declined = await init(t, s.id);
    expect((await payAtProcessor(t, declined.token, INSUFFICIENT)).status).toBe(200);
    const next = await init(t, s.id);
    expect(next.token).not.toBe(declined.token);
    // Half an hour on, the form is not handed back (half its hour gone): a fresh one, the old revoked.
    expect(await init(t, s.id)).toEqual(next);
    await outliveHandback(t);
    const fresh = await init(t, s.id);
    expect(fresh.token).not.toBe(next.token);
    const stale = await payAtProcessor(t, next.token);
    expect([stale.status, ((await stale.json()) as { code: string }).code]).toEqual([409, 'token_revoked']);
    expect((await payAtProcessor(t, fresh.token)).status).toBe(200);
  });

  it('makes a fresh form when the live one was made for another way back (the embed poll’s form, then the hosted page)', async () => {
    const t = await testApp();
    const s = await session(t, { integrationMode: 'embed', chargeAtSubmit: false });
    const polled = await (await t.json('GET', `/v1/public/sessions/${s.id}/embed-token`, undefined, bearer(s.m.keys.publishable))).json();
    expect(polled).toMatchObject({ ready: true });
    // The hosted page's form sends the bank check back to the service: not the embed form, which has nowhere to go.
    const hosted = await init(t, s.id);
    expect(hosted.token).not.toBe(polled.token);
    expect(await init(t, s.id)).toEqual(hosted);
  });

  it('closes the open form when the session is paid another way, so a second tab cannot pay', async () => {
    const t = await testApp();
    const s = await session(t, HOSTED);
    const form = await init(t, s.id);
    const token = await (await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, bearer(s.m.keys.secret))).json();
    const paid = await t.json('POST', '/v1/payment_intents', { amount: 2500, currency: 'usd', payment_method: { id: token.id }, session_id: s.id }, bearer(s.m.keys.secret));
    expect(await paid.json()).toMatchObject({ status: 'succeeded', session_id: s.id });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
    const late = await payAtProcessor(t, form.token);
    expect([late.status, ((await late.json()) as { code: string }).code]).toEqual([409, 'token_revoked']);
    expect(approvedAtProcessor(t)).toEqual({ n: 1 });
  });

  it('closes the open form when the session expires', async () => {
    const t = await testApp();
    const s = await session(t, { ...HOSTED, expiresIn: 300 });
    const form = await init(t, s.id);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 301 });
    expect(await s.read()).toMatchObject({ status: 'expired' });
    // The reconciler closes forms of sessions that are no longer open.
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 60 });
    const late = await payAtProcessor(t, form.token);
    expect([late.status, ((await late.json()) as { code: string }).code]).toEqual([409, 'token_revoked']);
  });

  it('refuses to hand out a form while a charge is in flight, and never charges a setup session', async () => {
    const t = await testApp();
    const s = await session(t);
    const charge = t.processor.charge.bind(t.processor);
    let release!: () => void;
    let reached!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const atProcessor = new Promise<void>((r) => (reached = r));
    t.processor.charge = async (...args) => {
      reached();
      await gate;
      return charge(...args);
    };
    const inFlight = s.charge();
    // The charge holds its lock from before it calls the processor: wait until it has called it.
    await atProcessor;
    const refused = await t.json('POST', '/api/checkout/init', { sessionId: s.id }, origin);
    expect([refused.status, (await refused.json()).code]).toEqual([409, 'charge_in_progress']);
    release();
    expect(await (await inFlight).json()).toMatchObject({ status: 'succeeded' });

    // A setup session checks the card for nothing and saves it (setup-sessions.test.ts): a guest one gets no form at all.
    const setup = await session(t, { ...HOSTED, mode: 'setup' });
    const init = await t.json('POST', '/api/checkout/init', { sessionId: setup.id }, origin);
    expect([init.status, (await init.json()).code]).toEqual([422, 'saved_card_buyer_required']);
  });
});

describe('charge and save (Doc 1: a buyer on the session makes the charge vault a reusable card)', () => {
  it('saves the card for the session’s buyer alongside an approved charge, and the merchant can charge it again', async () => {
    const t = await testApp();
    const s = await session(t, { buyerId: 'cust_7', setupForFutureUse: 'on_session' });
    expect(await (await s.charge()).json()).toMatchObject({ status: 'succeeded' });
    const read = await s.read();
    const intent = await (await t.json('GET', `/v1/payment_intents/${read.paymentIntentId}`, undefined, bearer(s.m.keys.secret))).json();
    expect(intent.payment_method_id).toMatch(/^vp_pmt_test_/);
    const [event] = (await t.store.read.events.forSession(s.id)).filter((e) => e.type === 'charge.succeeded');
    expect(event!.data).toMatchObject({ payment_method_id: intent.payment_method_id });
    const cards = await (await t.json('GET', '/v1/payment_methods?buyer_id=cust_7', undefined, bearer(s.m.keys.secret))).json();
    expect(cards.data).toEqual([expect.objectContaining({ id: intent.payment_method_id, card: expect.objectContaining({ last4: '4242' }), setup_for_future_use: 'on_session' })]);
    const again = await t.json('POST', '/v1/payment_intents', { amount: 900, currency: 'usd', payment_method: { id: intent.payment_method_id } }, bearer(s.m.keys.secret));
    expect(await again.json()).toMatchObject({ status: 'succeeded', amount: 900 });
  });

  it('saves nothing for a guest session or a declined charge', async () => {
    const t = await testApp();
    const guest = await session(t, { setupForFutureUse: 'on_session' });
    await guest.charge();
    const declined = await session(t, { buyerId: 'cust_8', setupForFutureUse: 'on_session' });
    await declined.charge(INSUFFICIENT);
    expect((await t.count('payment_methods'))).toBe(0);
    const intent = await (await t.json('GET', `/v1/payment_intents/${(await guest.read()).paymentIntentId}`, undefined, bearer(guest.m.keys.secret))).json();
    expect(intent.payment_method_id).toBeNull();
  });
});

describe('a second payment held for capture', () => {
  it('counts in vp_tx_count once it is captured, without taking over the session', async () => {
    const t = await testApp();
    const s = await session(t, { ...HOSTED, expiresIn: 7200, captureMethod: 'manual' });
    const open = async () => {
      const init = await (await t.json('POST', '/api/checkout/init', { sessionId: s.id }, origin)).json();
      return async () => {
        const res = await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card: CARD }) });
        return ((await res.json()) as { transactionId: string }).transactionId;
      };
    };
    // Two forms that both pay: a provider whose revocation of the older did not take.
    leakyRevocation(t.processor);
    const a = await open();
    await outliveHandback(t);
    const b = await open();
    const first = await a();
    const second = await b();
    const complete = (transactionId: string) => t.json('POST', '/api/checkout/complete', { sessionId: s.id, transactionId }, origin);
    expect((await complete(first)).status).toBe(200);
    expect((await complete(second)).status).toBe(409);
    const firstIntent = (await t.store.read.payments.byProcessorRef(first))!;
    const secondIntent = (await t.store.read.payments.byProcessorRef(second))!;
    expect(await s.read()).toMatchObject({ paymentStatus: 'held', vp_tx_count: 0 });
    await t.json('POST', `/v1/payment_intents/${secondIntent.id}/capture`, undefined, bearer(s.m.keys.secret));
    expect(await s.read()).toMatchObject({ paymentStatus: 'held', vp_tx_count: 1 });
    await t.json('POST', `/v1/payment_intents/${firstIntent.id}/capture`, undefined, bearer(s.m.keys.secret));
    expect(await s.read()).toMatchObject({ paymentStatus: 'paid', vp_tx_count: 2 });
  });
});
