/**
 * Every card of Doc 3's sandbox test-card table, proved through the service's public API: vault the
 * card by its provider reference (`POST /v1/tokens`), charge it (`POST /v1/payment_intents`), move
 * the service clock (`POST /_sandbox/clock`) and read back what a merchant sees. Also the AVS and
 * CVV rules, and the same declines seen from the buyer's browser (charge at submit).
 */
import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp, answerChallenge } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

type T = Awaited<ReturnType<typeof testApp>>;

const expiry = futureExpiry();
const RETURN_URL = 'http://localhost:4244/return';
const ADDRESS = { address_line1: '1 Main St', postal_code: '10001', country: 'US' };

/** One merchant on a fresh app, with the calls these tests make. */
async function world(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant({ settings });
  const sk = bearer(m.keys.secret);
  const vault = async (ref: string, extra: Record<string, unknown> = {}) => {
    const res = await t.json('POST', '/v1/tokens', { provider_reference: ref, ...extra }, sk);
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const pay = (id: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.json('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id }, ...extra }, { ...sk, ...headers });
  /** Vaults a card of the table and charges it: the create answer's status and body. */
  const charge = async (ref: string, extra: Record<string, unknown> = {}) => {
    const res = await pay(await vault(ref), extra);
    return { status: res.status, body: await res.json() };
  };
  const get = async (id: string) => {
    const res = await t.json('GET', `/v1/payment_intents/${id}`, undefined, sk);
    expect(res.status).toBe(200);
    return res.json();
  };
  const clock = async (advanceSeconds: number) => expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds })).status).toBe(200);
  /** The merchant's outbox: every event, oldest first, with its data parsed. */
  const events = () =>
    (t.store.db.prepare('SELECT type, data FROM events WHERE merchant_id = ? ORDER BY created, rowid').all(m.merchant.id) as { type: string; data: string }[]).map((e) => ({
      type: e.type,
      data: JSON.parse(e.data) as Record<string, unknown>,
    }));
  const eventsOf = (intentId: string) => events().filter((e) => e.data.payment_intent_id === intentId);
  /** The buyer's answer on the bank challenge, through the processor's server API (no browser). */
  const challenge = async (challengeUrl: string, result: 'approve' | 'fail') => expect((await answerChallenge(t, m.merchant.id, challengeUrl, result)).status).toBe(200);
  const processorRows = () => (t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;
  return { t, m, sk, vault, pay, charge, get, clock, events, eventsOf, challenge, processorRows };
}

const APPROVED = [
  ['visa', '4242'],
  ['visa', '5556'],
  ['mastercard', '4444'],
  ['mastercard', '3222'],
  ['amex', '0005'],
  ['discover', '1117'],
  ['diners', '0004'],
  ['jcb', '0505'],
  ['unionpay', '0005'],
] as const;

/** Doc 3's declines with Doc 2's `action` mapping (written out, not read from the engine's table). */
const DECLINES = [
  { number: '4000000000000002', code: 'card_declined', action: 'generic' },
  { number: '4000000000009995', code: 'insufficient_funds', action: 'soft' },
  { number: '4000000000000069', code: 'expired_card', action: 'fix_and_retry' },
  { number: '4000000000000127', code: 'incorrect_cvc', action: 'fix_and_retry' },
  { number: '4000000000000036', code: 'incorrect_zip', action: 'fix_and_retry' },
  { number: '4000000000009987', code: 'lost_card', action: 'hard' },
  { number: '4000000000009979', code: 'stolen_card', action: 'hard' },
  { number: '4100000000000019', code: 'fraudulent', action: 'hard' },
  { number: '4000000000000119', code: 'processing_error', action: 'soft' },
  { number: '4000000000006975', code: 'card_velocity_exceeded', action: 'soft' },
  { number: '4000000000110017', code: 'do_not_honor', action: 'hard' },
  { number: '4000000000110025', code: 'issuer_unavailable', action: 'soft' },
  { number: '4000000000110033', code: 'blocked_by_rule', action: 'hard', rule: 'sandbox_block' },
  { number: '4000000000110041', code: 'blocked_by_rule', action: 'hard', rule: null },
  { number: '4000000000110058', code: 'generic_decline', action: 'generic' },
] as const;

/** Codes a browser never sees (Doc 2: the buyer's page shows a plain `card_declined`). */
const HIDDEN_FROM_BROWSER = new Set(['lost_card', 'stolen_card', 'fraudulent', 'incorrect_cvc', 'blocked_by_rule']);

const visaRef = (number: string) => `tok_sandbox_visa_${number.slice(-4)}`;

describe('approved cards of every brand', () => {
  it.each(APPROVED)('%s …%s: succeeded with its brand and last four, and a vp_tx_id', async (brand, last4) => {
    const w = await world();
    const { status, body } = await w.charge(`tok_sandbox_${brand}_${last4}`);
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'succeeded', card: { brand, last4 }, decline_code: null, amount_received: 1500 });
    expect(body.vp_tx_id).toMatch(/^vp_tx_test_/);
    expect(await w.get(body.id)).toMatchObject({ status: 'succeeded', card: { brand, last4 }, vp_tx_id: body.vp_tx_id });
    expect(w.eventsOf(body.id).map((e) => e.type)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
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
    const events = w.eventsOf(body.id);
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
    const before = { intents: w.t.count('payment_intents'), attempts: w.t.count('payment_attempts'), events: w.t.count('events') };
    const res = await w.pay(id);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'provider_request_rejected', reason: 'missing_redirect_url' });
    expect(w.t.count('payment_intents')).toBe(before.intents);
    expect(w.t.count('payment_attempts')).toBe(before.attempts);
    expect(w.t.count('events')).toBe(before.events);
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
    expect(w.t.count('settlements')).toBe(0);

    await w.challenge(url, 'approve');
    await w.clock(1);
    const done = await w.get(body.id);
    expect(done).toMatchObject({ status: 'succeeded', next_action: null, three_d_secure: { outcome: 'authenticated' } });
    expect(done.vp_tx_id).toMatch(/^vp_tx_test_/);
    expect(w.t.count('settlements')).toBe(1);
    expect(w.eventsOf(body.id).map((e) => e.type)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
  });

  it('3220 with the challenge failed: failed, nothing settled', async () => {
    const w = await world();
    const { body } = await w.charge('tok_sandbox_visa_3220', { return_url: RETURN_URL });
    await w.challenge(body.next_action.redirect_to_url.url, 'fail');
    await w.clock(1);
    const done = await w.get(body.id);
    expect(done).toMatchObject({ status: 'failed', vp_tx_id: null, next_action: null });
    expect(done.decline_code).not.toBeNull();
    expect(w.t.count('settlements')).toBe(0);
    expect(w.eventsOf(body.id).map((e) => e.type)).toEqual(['charge.failed', 'payment_intent.failed']);
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
    expect(w.t.count('settlements')).toBe(0);
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
    expect(w.eventsOf(body.id).map((e) => e.type)).not.toContain('dispute.created');
    await w.clock(31);
    const disputes = w.eventsOf(body.id).filter((e) => e.type === 'dispute.created');
    expect(disputes).toHaveLength(1);
    expect(disputes[0]!.data).toMatchObject({ vp_tx_id: body.vp_tx_id, status: 'open' });
    expect(await w.get(body.id)).toMatchObject({ status: 'succeeded', refundable: false });
  });
});

describe('processor failure cards', () => {
  it('0090: 502 payment_outcome_unknown naming the intent, replayed under its key; succeeded after the clock moves; one transaction', async () => {
    const w = await world();
    const id = await w.vault('tok_sandbox_visa_0090');
    const key = { 'Idempotency-Key': 'lost-answer-1' };
    const first = await w.pay(id, {}, key);
    expect(first.status).toBe(502);
    const err = await first.json();
    expect(err.code).toBe('payment_outcome_unknown');
    expect(err.payment_intent).toMatch(/^vpi_test_/);
    const again = await w.pay(id, {}, key);
    expect(again.status).toBe(502);
    expect(await again.json()).toMatchObject({ code: 'payment_outcome_unknown', payment_intent: err.payment_intent });
    expect(w.processorRows()).toBe(1);
    await w.clock(60);
    const read = await w.get(err.payment_intent);
    expect(read.status).toBe('succeeded');
    expect(read.vp_tx_id).toMatch(/^vp_tx_test_/);
    expect(w.processorRows()).toBe(1);
    expect(w.t.count('payment_intents')).toBe(1);
  });

  it('0108: 502 provider_unavailable, no intent, nothing at the processor, and the key is free again', async () => {
    const w = await world();
    const down = await w.vault('tok_sandbox_visa_0108');
    const key = { 'Idempotency-Key': 'down-1' };
    const res = await w.pay(down, {}, key);
    expect(res.status).toBe(502);
    expect((await res.json()).code).toBe('provider_unavailable');
    expect(w.t.count('payment_intents')).toBe(0);
    expect(w.t.count('payment_attempts')).toBe(0);
    expect(w.t.count('events')).toBe(0);
    expect(w.processorRows()).toBe(0);
    // The same key now carries a different request (another card) without a replay conflict.
    const ok = await w.pay(await w.vault('tok_sandbox_visa_4242'), {}, key);
    expect(ok.status).toBe(201);
    expect((await ok.json()).status).toBe('succeeded');
  });
});

describe('AVS and CVV results', () => {
  it.each([
    ['a postal code of 99999', { billing_address: { ...ADDRESS, postal_code: '99999' } }, 'no_match'],
    ['any other postal code', { billing_address: ADDRESS }, 'match'],
    ['no billing address', {}, null],
  ] as const)('%s gives avs_result_code %s', async (_name, extra, avs) => {
    const w = await world();
    const { body } = await w.charge('tok_sandbox_visa_4242', extra);
    expect(body).toMatchObject({ status: 'succeeded', avs_result_code: avs });
    expect((await w.get(body.id)).avs_result_code).toBe(avs);
  });

  it('a server-vaulted card has cvv_result_code not_provided', async () => {
    const w = await world();
    const { body } = await w.charge('tok_sandbox_visa_4242');
    expect(body.cvv_result_code).toBe('not_provided');
  });

  it.each([
    ['000', 'no_match'],
    ['123', 'match'],
  ] as const)('a card vaulted from the fields with CVC %s gives cvv_result_code %s, still approved', async (cvc, cvv) => {
    const w = await world();
    const session = await (
      await w.t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false }, w.sk)
    ).json();
    const card = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc };
    const tok = await w.t.json('POST', '/v1/public/tokens', { sessionId: session.id, card }, { ...bearer(w.m.keys.publishable), Origin: SERVICE });
    expect(tok.status).toBe(201);
    const { id } = await tok.json();
    const res = await w.pay(id);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'succeeded', cvv_result_code: cvv });
  });
});

describe('the same declines seen from the browser (charge at submit)', () => {
  it.each(DECLINES)('…$number: the browser sees its safe code, the merchant reads $code', async (card) => {
    const w = await world();
    const created = await w.t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, w.sk);
    const session = await created.json();
    expect(session.chargeAtSubmit).toBe(true);
    const number = card.number;
    const res = await w.t.json(
      'POST',
      `/v1/public/sessions/${session.id}/charge`,
      { card: { number, expMonth: expiry.month, expYear: expiry.year, cvc: '123' } },
      { ...bearer(w.m.keys.publishable), Origin: SERVICE },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    const browserCode = HIDDEN_FROM_BROWSER.has(card.code) ? 'card_declined' : card.code;
    expect(body).toMatchObject({ status: 'failed', error: { code: 'card_declined', decline_code: browserCode } });
    const text = JSON.stringify(body);
    if (browserCode !== card.code) expect(text).not.toContain(card.code);
    expect(text).not.toContain(number);
    if ('rule' in card && card.rule) expect(text).not.toContain(card.rule);

    const merchantView = await (await w.t.json('GET', `/v1/sessions/${session.id}`, undefined, w.sk)).json();
    expect(merchantView.last_payment_error).toMatchObject({ decline_code: card.code });
    const failed = (await w.t.store.read.events.forSession(session.id)).find((e) => e.type === 'charge.failed');
    expect(JSON.stringify(failed)).toContain(`"decline_code":"${card.code}"`);
  });
});

describe('a card the processor refuses outright, from the browser', () => {
  it('a number that fails the check digit: 400 validation_error, the session stays open, nothing stored', async () => {
    const w = await world();
    const session = await (await w.t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, w.sk)).json();
    const before = { attempts: w.t.count('payment_attempts'), intents: w.t.count('payment_intents'), events: w.t.count('events') };
    const res = await w.t.json(
      'POST',
      `/v1/public/sessions/${session.id}/charge`,
      { card: { number: '4242424242424241', expMonth: expiry.month, expYear: expiry.year, cvc: '123' } },
      { ...bearer(w.m.keys.publishable), Origin: SERVICE },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('validation_error');
    expect({ attempts: w.t.count('payment_attempts'), intents: w.t.count('payment_intents'), events: w.t.count('events') }).toEqual(before);
    expect(w.processorRows()).toBe(0);
    expect(await (await w.t.json('GET', `/v1/sessions/${session.id}`, undefined, w.sk)).json()).toMatchObject({ status: 'pending' });
  });
});
