/**
 * The reconciler (engine/payments/reconcile/reconcile.ts) resolving direct charges, captures, voids and refunds
 * whose answers were lost: recorded once when the processor made them, failed and unlocked when it never saw them.
 */
import { describe, expect, it } from 'vitest';
import { CARD, Json, NOTHING, ProcessorUnavailableError, RETURN_URL, W, loseAnswer, neverArrives, origin, unreadableOnce, world } from './reconcile.fixtures.ts';

describe('a direct charge whose outcome is unknown', () => {
  it('never seen by the processor: the card stays held inside the grace period, then the intent fails, the card is freed and the merchant hears it', async () => {
    const w = await world();
    const token = await w.vault();
    const restore = neverArrives(w, 'chargeVaulted');
    const lost = await w.pay(token);
    expect([lost.status, lost.body.code]).toEqual([502, 'payment_outcome_unknown']);
    const id = lost.body.payment_intent as string;
    restore();

    // Inside the grace period: still processing, and the single-use card cannot be charged twice.
    expect(await w.reconcileAfter(30)).toEqual({ ...NOTHING, waiting: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'requires_action', next_action: null });
    expect((await w.pay(token)).body.code).toBe('charge_in_progress');
    expect((await w.types(id))).toEqual([]);

    // After it: nothing found means nothing charged.
    expect(await w.reconcileAfter(120)).toEqual({ ...NOTHING, failed: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'failed', decline_code: 'processing_error', vp_tx_id: null });
    expect((await w.types(id))).toEqual(['payment_intent.failed']);
    expect((await w.attempts('charge'))).toEqual(['failed']);
    // Resolved once: nothing is left for a start-up reconciliation, and the card charges again.
    expect(await w.reconcileAfter(600, { all: true })).toEqual(NOTHING);
    expect((await w.types(id))).toEqual(['payment_intent.failed']);
    expect((await w.pay(token)).body).toMatchObject({ status: 'succeeded' });
    expect(w.processorTx()).toEqual({ n: 1 });
    // The failed attempt is still watched on the clock (72 hours): looked at, still unknown.
    expect(await w.reconcileAfter(1200)).toEqual({ ...NOTHING, rechecked: 1 });
    expect((await w.attempts('charge'))).toEqual(['failed', 'done']);
  });

  it('made by the processor: recorded once by the reconciler, with both success events and one settlement', async () => {
    const w = await world();
    const token = await w.vault();
    const restore = loseAnswer(w, 'chargeVaulted');
    const lost = await w.pay(token);
    expect(lost.body.code).toBe('payment_outcome_unknown');
    restore();
    const id = lost.body.payment_intent as string;
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, recorded: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'succeeded', amount_received: 1500, vp_tx_id: expect.stringMatching(/^vp_tx_test_/) });
    expect((await w.types(id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect((await w.t.count('settlements'))).toBe(1);
    expect(await w.reconcileAfter(600, { all: true })).toEqual(NOTHING);
    expect((await w.types(id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });

  it('paid with session_id: the session\'s open browser form is closed before the charge, so a second tab cannot pay it too', async () => {
    const w = await world();
    const session = (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok' })).body;
    const init = await (await w.t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json();
    const restore = loseAnswer(w, 'chargeVaulted');
    const lost = await w.pay(await w.vault(), { session_id: session.id });
    expect(lost.body.code).toBe('payment_outcome_unknown');
    restore();
    // The form was revoked before the charge (issue 17, finding 3); the charge is recorded.
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, recorded: 1 });
    expect((await w.attempts('client'))).toEqual(['failed']);
    expect(await w.get(`/v1/sessions/${session.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    const late = await w.t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card: CARD }) });
    expect([late.status, ((await late.json()) as Json).code]).toEqual([409, 'token_revoked']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });

  it('lost at a bank challenge: the merchant gets the challenge page, the card stays held past the grace period, and the buyer’s approval is recorded', async () => {
    const w = await world();
    const token = await w.vault('tok_sandbox_visa_3220');
    const restore = loseAnswer(w, 'chargeVaulted');
    const lost = await w.pay(token, { return_url: RETURN_URL });
    expect(lost.body.code).toBe('payment_outcome_unknown');
    restore();
    const id = lost.body.payment_intent as string;
    expect((await w.get(`/v1/payment_intents/${id}`)).next_action).toBeNull();

    // The reconciler finds the challenge: the intent now shows where to send the buyer.
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, waiting: 1 });
    const waiting = await w.get(`/v1/payment_intents/${id}`);
    expect(waiting).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
    const url: string = waiting.next_action.redirect_to_url.url;

    // Long past the grace period the buyer may still be at the challenge: nothing fails, the card stays held.
    expect(await w.reconcileAfter(600, { all: true })).toEqual({ ...NOTHING, waiting: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'requires_action', next_action: { redirect_to_url: { url } } });
    expect((await w.pay(token, { return_url: RETURN_URL })).body.code).toBe('charge_in_progress');
    expect((await w.types(id))).toEqual([]);

    await w.challenge(url, 'approve');
    expect(await w.reconcileAfter(600)).toEqual({ ...NOTHING, recorded: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'succeeded', next_action: null, three_d_secure: { outcome: 'authenticated' } });
    expect((await w.types(id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect((await w.attempts('charge'))).toEqual(['done']);
    expect((await w.t.count('settlements'))).toBe(1);
  });
});

describe('a capture or void whose answer was lost', () => {
  async function authorized(w: W, card = 'tok_sandbox_visa_4242') {
    const res = await w.pay(await w.vault(card), { capture_method: 'manual' });
    expect(res.body.status).toBe('authorized');
    return res.body.id as string;
  }

  it.each([
    ['4242', 'succeeded'],
    ['0066', 'captured'],
  ])('made by the processor (card %s): the reconciler records the capture once, the intent reads %s', async (last4, status) => {
    const w = await world();
    const id = await authorized(w, `tok_sandbox_visa_${last4}`);
    const restore = loseAnswer(w, 'capture');
    unreadableOnce(w);
    const lost = await w.post(`/v1/payment_intents/${id}/capture`);
    expect([lost.status, lost.body.code]).toEqual([502, 'payment_outcome_unknown']);
    restore();
    // In flight: a second capture is refused, so the money is not captured twice.
    expect((await w.post(`/v1/payment_intents/${id}/capture`)).body.code).toBe('invalid_transition');
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, recorded: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status, amount_received: 1500 });
    expect((await w.types(id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect((await w.t.count('settlements'))).toBe(1);
    expect((await w.attempts('capture'))).toEqual(['done']);
    expect(await w.reconcileAfter(600, { all: true })).toEqual(NOTHING);
    expect((await w.types(id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
  });

  it('never seen by the processor: the intent stays locked inside the grace period, then it is authorized again and can be captured', async () => {
    const w = await world();
    const id = await authorized(w);
    const restore = neverArrives(w, 'capture');
    expect((await w.post(`/v1/payment_intents/${id}/capture`)).body.code).toBe('payment_outcome_unknown');
    restore();
    expect(await w.reconcileAfter(30)).toEqual({ ...NOTHING, waiting: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'authorized', amount_received: 0 });
    expect((await w.post(`/v1/payment_intents/${id}/capture`)).body.code).toBe('invalid_transition');
    expect((await w.post(`/v1/payment_intents/${id}/void`)).body.code).toBe('invalid_transition');
    expect(await w.reconcileAfter(120)).toEqual({ ...NOTHING, failed: 1 });
    expect((await w.attempts('capture'))).toEqual(['failed']);
    expect((await w.types(id))).toEqual([]);
    expect((await w.t.count('settlements'))).toBe(0);
    const captured = await w.post(`/v1/payment_intents/${id}/capture`);
    expect([captured.status, captured.body.status]).toEqual([200, 'succeeded']);
    expect((await w.t.count('settlements'))).toBe(1);
  });

  it('a void made by the processor: the reconciler records it, and the intent can no longer be captured', async () => {
    const w = await world();
    const id = await authorized(w);
    const restore = loseAnswer(w, 'void');
    unreadableOnce(w);
    expect((await w.post(`/v1/payment_intents/${id}/void`)).body.code).toBe('payment_outcome_unknown');
    restore();
    expect((await w.post(`/v1/payment_intents/${id}/void`)).body.code).toBe('invalid_transition');
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, recorded: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'voided', amount_received: 0 });
    expect((await w.attempts('void'))).toEqual(['done']);
    expect((await w.post(`/v1/payment_intents/${id}/capture`)).body.code).toBe('invalid_transition');
    expect((await w.t.count('settlements'))).toBe(0);
  });

  it('a void never seen by the processor: locked inside the grace period, then the authorization can be voided again', async () => {
    const w = await world();
    const id = await authorized(w);
    const restore = neverArrives(w, 'void');
    expect((await w.post(`/v1/payment_intents/${id}/void`)).body.code).toBe('payment_outcome_unknown');
    restore();
    expect(await w.reconcileAfter(30)).toEqual({ ...NOTHING, waiting: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'authorized' });
    expect((await w.post(`/v1/payment_intents/${id}/void`)).body.code).toBe('invalid_transition');
    expect(await w.reconcileAfter(120)).toEqual({ ...NOTHING, failed: 1 });
    expect((await w.attempts('void'))).toEqual(['failed']);
    const voided = await w.post(`/v1/payment_intents/${id}/void`);
    expect([voided.status, voided.body.status]).toEqual([200, 'voided']);
  });
});

describe('a refund whose answer was lost: the reconciler’s counts', () => {
  it('recorded when the processor made it, waiting while it may still arrive, failed once the grace period is over', async () => {
    const w = await world();
    const pi = (await w.pay(await w.vault())).body;
    const real = w.t.processor.refund.bind(w.t.processor);
    w.t.processor.refund = async (m, req) => {
      await real(m, req);
      throw new ProcessorUnavailableError('answer lost');
    };
    const made = await w.post('/v1/refunds', { payment_intent: pi.id, amount: 300 });
    expect(made.status).toBe(502);
    w.t.processor.refund = async () => {
      throw new ProcessorUnavailableError('timed out');
    };
    const unseen = await w.post('/v1/refunds', { payment_intent: pi.id, amount: 200 });
    expect(unseen.status).toBe(502);
    w.t.processor.refund = real;

    expect(await w.reconcileAfter(15)).toEqual({ recorded: 1, failed: 0, waiting: 1 });
    expect(await w.reconcileAfter(120)).toEqual({ ...NOTHING, failed: 1 });
    const listed = (await w.get(`/v1/refunds?payment_intent=${pi.id}`)) as Json;
    expect(listed).toMatchObject({ amount_refunded: 300, remaining_refundable: 1200 });
    expect(listed.data.map((r: Json) => [r.id, r.status]).sort()).toEqual([[made.body.refund, 'succeeded'], [unseen.body.refund, 'canceled']].sort());
    expect(await w.reconcileAfter(600, { all: true })).toEqual(NOTHING);
  });
});
