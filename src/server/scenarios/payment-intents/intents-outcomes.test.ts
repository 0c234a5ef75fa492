/**
 * What a payment intent charge leaves behind, merchant-initiated charges, and answers that
 * arrive late or never.
 */
import { describe, expect, it } from 'vitest';
import { ADDRESS, APPROVED, CHALLENGE, DECLINED, ProcessorUnavailableError, RETURN_URL, allEvents, answerChallenge, clock, expectRefused, holdCharges, pendingAttempts, processorRows, session, world } from './intents.fixtures.ts';

describe('what a charge leaves behind', () => {
  it('closes its attempt: no attempt is left pending after an approval or a decline', async () => {
    const w = await world();
    expect((await w.payJson(await w.vault())).body.status).toBe('succeeded');
    expect((await w.payJson(await w.vault(DECLINED))).body.status).toBe('failed');
    expect((await w.t.count('payment_attempts'))).toBe(2);
    expect((await pendingAttempts(w))).toBe(0);
  });

  it('an authorization only held sends no event at all; an async capture sends the success events at once', async () => {
    const w = await world();
    const held = await w.payJson(await w.vault(), { capture_method: 'manual' });
    expect(held.body.status).toBe('authorized');
    expect((await allEvents(w))).toEqual([]);
    const pending = await w.payJson(await w.vault('tok_sandbox_visa_0066'));
    expect(pending.body).toMatchObject({ status: 'captured', amount_received: 1500 });
    expect((await allEvents(w))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect((await w.t.count('settlements'))).toBe(1);
  });

  it('a saved card picks up the billing address of its first approved charge that names its buyer, and its later charges send it', async () => {
    const w = await world();
    const card = await w.vault(APPROVED, { setup_for_future_use: 'on_session', buyer_id: 'addr-1' });
    expect((await w.payJson(card)).body.avs_result_code).toBeNull();
    expect((await w.payJson(card, { billing_address: ADDRESS, buyer_id: 'addr-1' })).body.avs_result_code).toBe('match');
    expect((await w.payJson(card)).body.avs_result_code).toBe('match');
  });

  it('an address the bank did not match is not kept, and a stored address is never replaced by a charge', async () => {
    const w = await world();
    const fresh = await w.vault(APPROVED, { setup_for_future_use: 'on_session', buyer_id: 'addr-2' });
    expect((await w.payJson(fresh, { billing_address: { ...ADDRESS, postal_code: '99999' } })).body.avs_result_code).toBe('no_match');
    expect((await w.payJson(fresh)).body.avs_result_code).toBeNull();

    const stored = await w.vault(APPROVED, { setup_for_future_use: 'on_session', buyer_id: 'addr-3', billing_address: { ...ADDRESS, postal_code: '99999' } });
    expect((await w.payJson(stored, { billing_address: ADDRESS })).body.avs_result_code).toBe('match');
    expect((await w.payJson(stored)).body.avs_result_code).toBe('no_match');
  });
});

describe('merchant-initiated charges', () => {
  it('reach the processor as merchant-initiated: no bank challenge, so no return_url is needed', async () => {
    const w = await world();
    const card = await w.vault(CHALLENGE, { setup_for_future_use: 'off_session', buyer_id: 'mit-3ds' });
    const first = await w.payJson(card, { return_url: RETURN_URL });
    expect(first.body.status).toBe('requires_action');
    await answerChallenge(w, first.body.next_action.redirect_to_url.url, 'approve');
    await clock(w, 1);
    expect((await w.get(`/v1/payment_intents/${first.body.id}`)).status).toBe('succeeded');
    const mit = await w.payJson(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: first.body.id } });
    expect(mit.status).toBe(201);
    expect(mit.body).toMatchObject({ status: 'succeeded', next_action: null });
  });

  it('a merchant-initiated charge cannot start a chain: naming it as the original is 400 validation_error', async () => {
    const w = await world();
    const card = await w.vault(APPROVED, { setup_for_future_use: 'off_session', buyer_id: 'mit-chain' });
    const first = await w.payJson(card);
    const mit = await w.payJson(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: first.body.id } });
    expect(mit.body.status).toBe('succeeded');
    const before = (await w.t.count('payment_intents'));
    await expectRefused(w, await w.pay(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: mit.body.id } }), 400, 'validation_error');
    expect((await w.t.count('payment_intents'))).toBe(before);
  });
});

describe('answers that arrive late or never', () => {
  it('a charge the processor never received fails after the grace period: processing_error, card and session freed, payment_intent.failed', async () => {
    const w = await world();
    const { session: s, token } = await w.fieldsToken();
    const real = w.t.processor.chargeVaulted.bind(w.t.processor);
    w.t.processor.chargeVaulted = async () => {
      throw new ProcessorUnavailableError('timed out');
    };
    const res = await w.pay(token, { session_id: s.id });
    const err = await expectRefused(w, res, 502, 'payment_outcome_unknown');
    const id: string = err.payment_intent;
    expect(id).toMatch(/^vpi_test_/);
    expect(w.t.logLines.some((l) => l.includes('outcome unknown') && l.includes(id))).toBe(true);
    w.t.processor.chargeVaulted = real;
    // Still processing: the intent shows the card it charges, and the session and card stay held.
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'requires_action', next_action: null, card: { brand: 'visa', last4: '4242' } });
    await clock(w, 30);
    expect((await w.get(`/v1/payment_intents/${id}`)).status).toBe('requires_action');
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'processing' });
    await expectRefused(w, await w.pay(token), 409, 'charge_in_progress');
    await clock(w, 120);
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'failed', decline_code: 'processing_error', vp_tx_id: null });
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect((await w.types(id))).toEqual(['payment_intent.failed']);
    const [event] = (await w.t.query("SELECT data FROM events WHERE type = 'payment_intent.failed'")) as { data: string }[];
    expect(JSON.parse(event!.data)).toMatchObject({ payment_intent_id: id, status: 'failed', failure_code: 'processing_error', failure_reason: expect.stringContaining('never received') });
    expect((await pendingAttempts(w))).toBe(0);
    expect((await w.t.count('settlements'))).toBe(0);
    // Nothing was charged: the card and the session can be paid now.
    const paid = await w.payJson(token, { session_id: s.id });
    expect(paid.body.status).toBe('succeeded');
    expect(processorRows(w)).toBe(1);
  });

  it('a charge of a card alone (no session) that the processor never received fails too, and frees the card', async () => {
    const w = await world();
    const card = await w.vault();
    const real = w.t.processor.chargeVaulted.bind(w.t.processor);
    w.t.processor.chargeVaulted = async () => {
      throw new ProcessorUnavailableError('timed out');
    };
    const err = await expectRefused(w, await w.pay(card), 502, 'payment_outcome_unknown');
    w.t.processor.chargeVaulted = real;
    await clock(w, 150);
    expect(await w.get(`/v1/payment_intents/${err.payment_intent}`)).toMatchObject({ status: 'failed', decline_code: 'processing_error' });
    expect((await w.types(err.payment_intent))).toEqual(['payment_intent.failed']);
    expect((await w.payJson(card)).body.status).toBe('succeeded');
  });

  it('an answer that arrives after the reconciler recorded the charge is applied once: one settlement, one pair of events', async () => {
    const w = await world();
    const hold = holdCharges(w);
    const pending = w.payJson(await w.vault());
    await hold.atGate;
    await clock(w, 20);
    const id = ((await w.t.query('SELECT id FROM payment_intents'))[0] as { id: string }).id;
    expect((await w.get(`/v1/payment_intents/${id}`)).status).toBe('succeeded');
    hold.release();
    const answer = await pending;
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ id, status: 'succeeded', amount_received: 1500 });
    expect((await w.t.count('settlements'))).toBe(1);
    expect((await w.types(id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect(processorRows(w)).toBe(1);
  });

  it('a retry under the same Idempotency-Key after the first request outlived its reservation finds that intent instead of charging again', async () => {
    const w = await world();
    const card = await w.vault();
    const key = { 'Idempotency-Key': 'outlived-1' };
    const hold = holdCharges(w);
    const first = w.pay(card, {}, key);
    await hold.atGate;
    // Past the reservation's lock, without running the reconciler.
    await w.t.deps.clock.advance(121);
    const retry = await w.pay(card, {}, key);
    expect(retry.status).toBe(200);
    const replayed = await retry.json();
    const id = ((await w.t.query('SELECT id FROM payment_intents'))[0] as { id: string }).id;
    expect(replayed).toMatchObject({ id, status: 'requires_action', next_action: null });
    expect(processorRows(w)).toBe(1);
    hold.release();
    // The first request's money may have moved: it answers "outcome unknown, read it back", never a 503.
    const late = await first;
    expect(late.status).toBe(502);
    expect(await late.json()).toMatchObject({ code: 'payment_outcome_unknown', payment_intent: id });
    // However the first request ends, the charge is recorded once.
    await clock(w, 20);
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'succeeded' });
    expect((await w.t.count('payment_intents'))).toBe(1);
    expect((await w.t.count('settlements'))).toBe(1);
    expect(processorRows(w)).toBe(1);
  });
});
