/**
 * Every card of Doc 3's sandbox test-card table, proved through the service's public API: vault the
 * card by its provider reference (`POST /v1/tokens`), charge it (`POST /v1/payment_intents`), move
 * the service clock (`POST /_sandbox/clock`) and read back what a merchant sees. Also the AVS and
 * CVV rules, and the same declines seen from the buyer's browser (charge at submit).
 */
import { describe, expect, it } from 'vitest';
import { RETURN_URL, world, APPROVED, DECLINES, visaRef } from './test-cards.fixtures.ts';

describe('approved cards of every brand', () => {
  it.each(APPROVED)('%s …%s: succeeded with its brand and last four, and a vp_tx_id', async (brand, last4) => {
    const w = await world();
    const { status, body } = await w.charge(`tok_sandbox_${brand}_${last4}`);
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'succeeded', card: { brand, last4 }, decline_code: null, amount_received: 1500 });
    expect(body.vp_tx_id).toMatch(/^vp_tx_test_/);
    expect(await w.get(body.id)).toMatchObject({ status: 'succeeded', card: { brand, last4 }, vp_tx_id: body.vp_tx_id });
    expect((await w.eventsOf(body.id)).map((e) => e.type)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
  });
});

describe('declined cards', () => {
  it.each(DECLINES)('…$number: 201 failed with $code, action $action, and the failure events', async (card) => {
    const w = await world();
    const { status, body } = await w.charge(visaRef(card.number));
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'failed', decline_code: card.code, action: card.action, vp_tx_id: null, card: { brand: 'visa', last4: card.number.slice(-4) } });
    expect(typeof body.decline_message).toBe('string');
    expect(body.decline_message.length).toBeGreaterThan(0);
    expect(body.rule_code).toBe('rule' in card ? card.rule : null);
    const events = (await w.eventsOf(body.id));
    expect(events.map((e) => e.type)).toEqual(['charge.failed', 'payment_intent.failed']);
    for (const e of events) {
      expect(e.data).toMatchObject({ decline_code: card.code, failure_code: card.code, action: card.action, rule_code: 'rule' in card ? card.rule : null, vp_tx_id: null });
    }
    // Doc 3: retrieve keeps decline_code only.
    expect(await w.get(body.id)).toMatchObject({ status: 'failed', decline_code: card.code, action: null, rule_code: null, decline_message: null });
  });
});

describe('bank challenge cards', () => {
  it('3220 without return_url: 422 provider_request_rejected (missing_redirect_url), nothing stored', async () => {
    const w = await world();
    const id = await w.vault('tok_sandbox_visa_3220');
    const before = { intents: (await w.t.count('payment_intents')), attempts: (await w.t.count('payment_attempts')), events: (await w.t.count('events')) };
    const res = await w.pay(id);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'provider_request_rejected', reason: 'missing_redirect_url' });
    expect((await w.t.count('payment_intents'))).toBe(before.intents);
    expect((await w.t.count('payment_attempts'))).toBe(before.attempts);
    expect((await w.t.count('events'))).toBe(before.events);
    expect(w.processorRows()).toBe(0);
    // The single-use card was not spent: with a return_url it charges.
    expect((await w.pay(id, { return_url: RETURN_URL })).status).toBe(201);
  });

  it('3220 with return_url: requires_action with the challenge page; approved → succeeded with a settlement', async () => {
    const w = await world();
    const { status, body } = await w.charge('tok_sandbox_visa_3220', { return_url: RETURN_URL });
    expect(status).toBe(201);
    expect(body.status).toBe('requires_action');
    const url: string = body.next_action.redirect_to_url.url;
    expect(url.startsWith(`${w.t.deps.config.processorUrl}/challenge/`)).toBe(true);
    expect(body.next_action.issued_at).toBeUndefined();
    const read = await w.get(body.id);
    expect(read.next_action).toMatchObject({ type: 'redirect_to_url', redirect_to_url: { url } });
    expect(typeof read.next_action.issued_at).toBe('string');
    expect((await w.t.count('settlements'))).toBe(0);

    await w.challenge(url, 'approve');
    await w.clock(1);
    const done = await w.get(body.id);
    expect(done).toMatchObject({ status: 'succeeded', next_action: null, three_d_secure: { outcome: 'authenticated' } });
    expect(done.vp_tx_id).toMatch(/^vp_tx_test_/);
    expect((await w.t.count('settlements'))).toBe(1);
    expect((await w.eventsOf(body.id)).map((e) => e.type)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
  });

  it('3220 with the challenge failed: failed, nothing settled', async () => {
    const w = await world();
    const { body } = await w.charge('tok_sandbox_visa_3220', { return_url: RETURN_URL });
    await w.challenge(body.next_action.redirect_to_url.url, 'fail');
    await w.clock(1);
    const done = await w.get(body.id);
    expect(done).toMatchObject({ status: 'failed', vp_tx_id: null, next_action: null });
    expect(done.decline_code).not.toBeNull();
    expect((await w.t.count('settlements'))).toBe(0);
    expect((await w.eventsOf(body.id)).map((e) => e.type)).toEqual(['charge.failed', 'payment_intent.failed']);
  });

  it('0116: a challenge, then declined even when the buyer approves it', async () => {
    const w = await world();
    const { body } = await w.charge('tok_sandbox_visa_0116', { return_url: RETURN_URL });
    expect(body.status).toBe('requires_action');
    await w.challenge(body.next_action.redirect_to_url.url, 'approve');
    await w.clock(1);
    const done = await w.get(body.id);
    expect(done).toMatchObject({ status: 'failed', vp_tx_id: null });
    expect(done.decline_code).not.toBeNull();
    expect((await w.t.count('settlements'))).toBe(0);
  });

  it('0124: frictionless, succeeded at once with three_d_secure authenticated', async () => {
    const w = await world();
    const { status, body } = await w.charge('tok_sandbox_visa_0124', { return_url: RETURN_URL });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'succeeded', next_action: null, three_d_secure: { outcome: 'authenticated' } });
    expect(await w.get(body.id)).toMatchObject({ three_d_secure: { outcome: 'authenticated' } });
  });
});

describe('settlement and dispute cards', () => {
  it('0066: captured, then succeeded on the capture.settled provider event', async () => {
    const w = await world();
    const { body } = await w.charge('tok_sandbox_visa_0066');
    expect(body.status).toBe('captured');
    expect(await w.get(body.id)).toMatchObject({ status: 'captured', refundable: false });
    const sent = await w.t.json('POST', '/_sandbox/provider_events', { type: 'capture.settled', payment_intent: body.id });
    expect(sent.status).toBe(202);
    await w.clock(1);
    expect(await w.get(body.id)).toMatchObject({ status: 'succeeded', refundable: true });
  });

  it('0074: approved, but refundable only after one hour of clock', async () => {
    const w = await world();
    const { body } = await w.charge('tok_sandbox_visa_0074');
    expect(body.status).toBe('succeeded');
    expect(await w.get(body.id)).toMatchObject({ refundable: false, remaining_refundable: 0 });
    await w.clock(30 * 60);
    expect((await w.get(body.id)).refundable).toBe(false);
    await w.clock(31 * 60);
    expect(await w.get(body.id)).toMatchObject({ status: 'succeeded', refundable: true, remaining_refundable: 1500 });
  });

  it('0259: after 60 s of clock a dispute is recorded; the intent still reads succeeded, not refundable', async () => {
    const w = await world();
    const { body } = await w.charge('tok_sandbox_visa_0259');
    expect(body.status).toBe('succeeded');
    expect((await w.get(body.id)).refundable).toBe(true);
    await w.clock(30);
    expect((await w.eventsOf(body.id)).map((e) => e.type)).not.toContain('dispute.created');
    await w.clock(31);
    const disputes = (await w.eventsOf(body.id)).filter((e) => e.type === 'dispute.created');
    expect(disputes).toHaveLength(1);
    expect(disputes[0]!.data).toMatchObject({ vp_tx_id: body.vp_tx_id, status: 'open' });
    expect(await w.get(body.id)).toMatchObject({ status: 'succeeded', refundable: false });
  });
});
