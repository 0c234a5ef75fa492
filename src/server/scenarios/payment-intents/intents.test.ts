/**
 * Payment intents (engine/payments/intents/intents.ts) on the money path: reading, session_id, a session paid
 * another way, locks while a charge is in flight, a bank challenge in progress.
 */
import { describe, expect, it } from 'vitest';
import { CHALLENGE, DECLINED, ProcessorRejectedError, ProcessorUnavailableError, RETURN_URL, SERVICE, answerChallenge, clock, expectRefused, holdCharges, leakyRevocation, pendingAttempts, processorRows, session, testApp, world } from './intents.fixtures.ts';

describe('reading an intent', () => {
  it('an unknown id, or another merchant’s intent, is 404 payment_intent_not_found for read, capture and void', async () => {
    const t = await testApp();
    const a = await world(t);
    const b = await world(t);
    const held = await b.payJson(await b.vault(), { capture_method: 'manual' });
    expect(held.body.status).toBe('authorized');
    await expectRefused(a, await t.json('GET', '/v1/payment_intents/vpi_test_doesnotexist00', undefined, a.sk), 404, 'payment_intent_not_found');
    await expectRefused(a, await t.json('GET', `/v1/payment_intents/${held.body.id}`, undefined, a.sk), 404, 'payment_intent_not_found');
    await expectRefused(a, await t.json('POST', `/v1/payment_intents/${held.body.id}/capture`, undefined, a.sk), 404, 'payment_intent_not_found');
    await expectRefused(a, await t.json('POST', `/v1/payment_intents/${held.body.id}/void`, undefined, a.sk), 404, 'payment_intent_not_found');
    // Untouched: still b's authorization, capturable in full.
    expect(await b.get(`/v1/payment_intents/${held.body.id}`)).toMatchObject({ status: 'authorized', amount_capturable: 1500 });
    expect((await t.count('settlements'))).toBe(0);
  });
});

describe('session_id names a session this charge may settle', () => {
  it('refuses an expired session and a setup session, charging nothing and leaving the card chargeable', async () => {
    const t = await testApp();
    const w = await world(t);
    const card = await w.vault();
    const expired = await session(w);
    expect((await w.post(`/v1/sessions/${expired.id}/expire`)).status).toBe(200);
    const setup = (await w.post('/v1/sessions', { currency: 'usd', mode: 'setup', integrationMode: 'elements' })).body as { id: string; mode: string };
    expect(setup.mode).toBe('setup');

    await expectRefused(w, await w.pay(card, { session_id: expired.id }), 410, 'session_expired');
    await expectRefused(w, await w.pay(card, { session_id: setup.id }), 409, 'session_wrong_state');
    expect((await t.count('payment_intents'))).toBe(0);
    expect((await t.count('payment_attempts'))).toBe(0);
    expect(processorRows(w)).toBe(0);
    // The single-use card was never held by the refused requests.
    expect((await w.payJson(card)).body.status).toBe('succeeded');
  });

  it('ignores an unknown session, another merchant’s and one of the other mode (Doc 2, issue 35): the charge is made with session_id null, their session untouched', async () => {
    const t = await testApp();
    const w = await world(t);
    const other = await world(t);
    const theirs = await session(other);
    const live = await t.merchant({ environment: 'live' });
    const liveSession = (await (await t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd' }, { Authorization: `Bearer ${live.keys.secret}` })).json()) as { id: string };
    expect(liveSession.id).toMatch(/^vp_cs_live_/);
    const theirEvents = (await t.events(other.merchantId)).length;
    for (const id of ['vp_cs_test_doesnotexist0000', theirs.id, liveSession.id]) {
      const { status, body } = await w.payJson(await w.vault(), { session_id: id });
      expect([status, body.status, body.session_id], id).toEqual([201, 'succeeded', null]);
      expect(await w.types(body.id), id).toContain('charge.succeeded');
    }
    expect(await other.get(`/v1/sessions/${theirs.id}`)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', vp_tx_count: 0, paymentIntentId: null });
    expect((await t.events(other.merchantId)).length).toBe(theirEvents);
  });

  it('settles a manual-capture charge as held; the capture makes it paid', async () => {
    const w = await world();
    const { session: s, token } = await w.fieldsToken();
    const { body } = await w.payJson(token, { session_id: s.id, capture_method: 'manual' });
    expect(body.status).toBe('authorized');
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'held', vp_tx_count: 0, paymentIntentId: body.id });
    expect((await w.post(`/v1/payment_intents/${body.id}/capture`)).body.status).toBe('succeeded');
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  });

  it('a declined charge leaves the session open with its decline, and another card can pay it', async () => {
    const w = await world();
    const { session: s, token } = await w.fieldsToken('4000000000009995');
    const { status, body } = await w.payJson(token, { session_id: s.id });
    expect([status, body.status]).toEqual([201, 'failed']);
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', vp_tx_count: 0, last_payment_error: { decline_code: 'insufficient_funds' } });
    const second = await w.payJson(await w.vault(), { session_id: s.id });
    expect(second.body.status).toBe('succeeded');
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1, paymentIntentId: second.body.id });
  });

  it('a server charge with session_id revokes the session’s open payment form before it charges, declined or not (issue 17, finding 3)', async () => {
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok' })).body as { id: string };
    const init = async () => ((await (await w.t.json('POST', '/api/checkout/init', { sessionId: s.id }, { Origin: SERVICE })).json()) as { token: string }).token;
    const payForm = (token: string) =>
      w.t.sandbox.app.request('/v1/charges', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 5, cvc: '123' } }),
      });
    const form = await init();
    const declined = await w.payJson(await w.vault(DECLINED), { session_id: s.id });
    expect(declined.body.status).toBe('failed');
    // The form was revoked before the charge: two live ways to pay one session never exist at once.
    expect((await payForm(form)).status).toBe(409);
    // The buyer's page opens a new form, which pays.
    expect((await payForm(await init())).status).toBe(200);
    await clock(w, 1);
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  });
});

describe('a session paid another way while this charge was in flight', () => {
  it('records the second payment on the session (vp_tx_count 2, no single paymentIntentId), never discards it', async () => {
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok' })).body as { id: string };
    const form = ((await (await w.t.json('POST', '/api/checkout/init', { sessionId: s.id }, { Origin: SERVICE })).json()) as { token: string }).token;
    // The service revokes the form before the charge; a provider whose revocation did not take lets it pay anyway.
    leakyRevocation(w.t.processor);
    const hold = holdCharges(w);
    const direct = w.payJson(await w.vault(), { session_id: s.id });
    await hold.atGate;
    const paid = await w.t.sandbox.app.request('/v1/charges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: form, card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 5, cvc: '123' } }),
    });
    expect(paid.status).toBe(200);
    await clock(w, 1);
    const first = await w.get(`/v1/sessions/${s.id}`);
    expect(first).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    hold.release();
    const answer = await direct;
    expect(answer.body.status).toBe('succeeded');
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 2, paymentIntentId: null });
    expect((await w.t.count('settlements'))).toBe(2);
    // The second payment is a payment of its own: the merchant can refund it.
    expect(await w.get(`/v1/payment_intents/${answer.body.id}`)).toMatchObject({ status: 'succeeded', refundable: true });
  });
});

describe('locks held while a charge is in flight', () => {
  it('a single-use card and a session are held by the charge in flight: a second charge of either is 409 charge_in_progress', async () => {
    const w = await world();
    const { session: s, token } = await w.fieldsToken();
    const hold = holdCharges(w, { before: true });
    const first = w.payJson(token, { session_id: s.id });
    await hold.atGate;
    hold.restore();
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'processing', paymentStatus: 'unpaid' });
    await expectRefused(w, await w.pay(token), 409, 'charge_in_progress');
    await expectRefused(w, await w.pay(await w.vault(), { session_id: s.id }), 409, 'charge_in_progress');
    hold.release();
    expect((await first).body).toMatchObject({ status: 'succeeded', session_id: s.id });
    expect(processorRows(w)).toBe(1);
    expect((await w.t.count('payment_intents'))).toBe(1);
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  });

  it('a refused charge gives back the session and the card: a 422 from the processor leaves both chargeable', async () => {
    const w = await world();
    const { session: s, token } = await w.fieldsToken('4000000000003220');
    const res = await w.pay(token, { session_id: s.id });
    const err = await expectRefused(w, res, 422, 'provider_request_rejected');
    expect(err.reason).toBe('missing_redirect_url');
    expect((await w.t.count('payment_intents'))).toBe(0);
    expect((await w.t.count('payment_attempts'))).toBe(0);
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    const paid = await w.payJson(await w.vault(), { session_id: s.id });
    expect(paid.body.status).toBe('succeeded');
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', paymentIntentId: paid.body.id });
  });

  it('a processor that says it processed nothing (502 provider_unavailable) gives back the session and the card', async () => {
    const w = await world();
    const { session: s, token } = await w.fieldsToken();
    const real = w.t.processor.chargeVaulted.bind(w.t.processor);
    w.t.processor.chargeVaulted = async () => {
      throw new ProcessorUnavailableError('503 from the processor', true);
    };
    await expectRefused(w, await w.pay(token, { session_id: s.id }), 502, 'provider_unavailable');
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect((await w.t.count('payment_intents'))).toBe(0);
    w.t.processor.chargeVaulted = real;
    expect((await w.payJson(token, { session_id: s.id })).body.status).toBe('succeeded');
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });

  it('a rejection keeps its reason in the 422 and forgets the attempt', async () => {
    const w = await world();
    const card = await w.vault();
    const real = w.t.processor.chargeVaulted.bind(w.t.processor);
    w.t.processor.chargeVaulted = async () => {
      throw new ProcessorRejectedError('unknown_vault_id', 'No such vaulted card.');
    };
    const err = await expectRefused(w, await w.pay(card), 422, 'provider_request_rejected');
    expect(err.reason).toBe('unknown_vault_id');
    expect((await w.t.count('payment_attempts'))).toBe(0);
    w.t.processor.chargeVaulted = real;
    expect((await w.payJson(card)).body.status).toBe('succeeded');
  });
});

describe('a bank challenge in progress', () => {
  it('keeps the session processing and the single-use card held until the challenge resolves', async () => {
    const w = await world();
    const { session: s, token } = await w.fieldsToken('4000000000003220');
    const { body } = await w.payJson(token, { session_id: s.id, return_url: RETURN_URL });
    expect(body.status).toBe('requires_action');
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'processing', paymentStatus: 'unpaid', vp_tx_count: 0 });
    await expectRefused(w, await w.pay(token, { return_url: RETURN_URL }), 409, 'charge_in_progress');
    expect(processorRows(w)).toBe(1);
    await answerChallenge(w, body.next_action.redirect_to_url.url, 'approve');
    await clock(w, 1);
    expect(await w.get(`/v1/payment_intents/${body.id}`)).toMatchObject({ status: 'succeeded' });
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1, paymentIntentId: body.id });
    expect((await pendingAttempts(w))).toBe(0);
  });

  it('the reconciler records a challenge approved at the processor even when its event never arrives', async () => {
    const w = await world();
    w.t.sandbox.setDeliver(async () => new Response('down', { status: 503 }), { atOnce: false });
    const { body } = await w.payJson(await w.vault(CHALLENGE), { return_url: RETURN_URL });
    expect(body.status).toBe('requires_action');
    expect((await pendingAttempts(w))).toBe(1);
    await answerChallenge(w, body.next_action.redirect_to_url.url, 'approve');
    await clock(w, 20);
    expect(await w.get(`/v1/payment_intents/${body.id}`)).toMatchObject({ status: 'succeeded', amount_received: 1500 });
    expect((await w.t.count('settlements'))).toBe(1);
    expect((await pendingAttempts(w))).toBe(0);
    expect((await w.types(body.id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
  });
});
