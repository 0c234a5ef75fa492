/**
 * The money path of `POST /v1/payment_intents` beyond the happy path (Doc 2; ARCHITECTURE.md, data
 * flow 4): the locks a charge holds on its single-use card and its session, what a refusal undoes,
 * a session settled (or left open) by a server-side charge, answers that arrive late or never, and
 * an Idempotency-Key whose first request outlived its reservation. Written against the mutants
 * Stryker showed surviving in intents.ts.
 */
import { describe, expect, it } from 'vitest';
import { ProcessorRejectedError, ProcessorUnavailableError } from '../processors/types.ts';
import { ACCOUNT_HEADER } from '../../../sandbox-processor/api.ts';
import { APPROVED, DECLINED, SERVICE, bearer, expectRefused, testApp, world } from '../routes/payment-intents/fixtures.ts';

type W = Awaited<ReturnType<typeof world>>;

const RETURN_URL = 'http://localhost:4244/return';
const CHALLENGE = 'tok_sandbox_visa_3220';
const ADDRESS = { address_line1: '1 Main St', postal_code: '10001', country: 'US' };

const processorRows = (w: W) => (w.t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;
const pendingAttempts = (w: W) => (w.t.store.db.prepare("SELECT count(*) AS n FROM payment_attempts WHERE state = 'pending'").get() as { n: number }).n;
const clock = async (w: W, advanceSeconds: number) => expect((await w.t.json('POST', '/_sandbox/clock', { advanceSeconds })).status).toBe(200);
/** Every event of the merchant's outbox, whatever it names. */
const allEvents = (w: W) => (w.t.store.db.prepare('SELECT type FROM events WHERE merchant_id = ? ORDER BY created, rowid').all(w.merchantId) as { type: string }[]).map((e) => e.type);
const session = async (w: W, body: Record<string, unknown> = {}) => (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false, ...body })).body as { id: string };

/** Holds the processor's charge answer until `release`: the charge is made first unless `before`. */
function holdCharges(w: W, opts: { before?: boolean } = {}) {
  const real = w.t.processor.chargeVaulted.bind(w.t.processor);
  let reached!: () => void;
  const atGate = new Promise<void>((r) => (reached = r));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  w.t.processor.chargeVaulted = async (...args) => {
    if (opts.before) {
      reached();
      await gate;
      return real(...args);
    }
    const t = await real(...args);
    reached();
    await gate;
    return t;
  };
  return { atGate, release, restore: () => (w.t.processor.chargeVaulted = real) };
}

/** The buyer's answer on the bank challenge, through the processor's server API. */
async function answerChallenge(w: W, challengeUrl: string, result: 'approve' | 'fail') {
  const id = decodeURIComponent(new URL(challengeUrl).pathname.split('/').pop()!);
  const secret = await w.t.store.read.meta.get('processor_secret');
  const res = await w.t.sandbox.app.request(`/v1/transactions/${id}/challenge`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, [ACCOUNT_HEADER]: w.merchantId, 'Content-Type': 'application/json' },
    body: JSON.stringify({ result }),
  });
  expect(res.status).toBe(200);
}

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
    expect(t.count('settlements')).toBe(0);
  });
});

describe('session_id names a session this charge may settle', () => {
  it('refuses an unknown session, another merchant’s, an expired one and a setup session, charging nothing and leaving the card chargeable', async () => {
    const t = await testApp();
    const w = await world(t);
    const other = await world(t);
    const card = await w.vault();
    const theirs = await session(other);
    const expired = await session(w);
    expect((await w.post(`/v1/sessions/${expired.id}/expire`)).status).toBe(200);
    const setup = (await w.post('/v1/sessions', { currency: 'usd', mode: 'setup', integrationMode: 'elements' })).body as { id: string; mode: string };
    expect(setup.mode).toBe('setup');

    await expectRefused(w, await w.pay(card, { session_id: 'vp_cs_test_doesnotexist0000' }), 404, 'session_not_found');
    await expectRefused(w, await w.pay(card, { session_id: theirs.id }), 404, 'session_not_found');
    await expectRefused(w, await w.pay(card, { session_id: expired.id }), 410, 'session_expired');
    await expectRefused(w, await w.pay(card, { session_id: setup.id }), 409, 'session_wrong_state');
    expect(t.count('payment_intents')).toBe(0);
    expect(t.count('payment_attempts')).toBe(0);
    expect(processorRows(w)).toBe(0);
    expect(await other.get(`/v1/sessions/${theirs.id}`)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    // The single-use card was never held by the refused requests.
    expect((await w.payJson(card)).body.status).toBe('succeeded');
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

  it('a declined server charge leaves the session’s open payment form usable; an approved one closes it', async () => {
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
    expect((await payForm(form)).status).toBe(200);
    await clock(w, 1);
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  });
});

describe('a session paid another way while this charge was in flight', () => {
  it('records the second payment on the session (vp_tx_count 2, no single paymentIntentId), never discards it', async () => {
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok' })).body as { id: string };
    const form = ((await (await w.t.json('POST', '/api/checkout/init', { sessionId: s.id }, { Origin: SERVICE })).json()) as { token: string }).token;
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
    expect(w.t.count('settlements')).toBe(2);
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
    expect(w.t.count('payment_intents')).toBe(1);
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  });

  it('a refused charge gives back the session and the card: a 422 from the processor leaves both chargeable', async () => {
    const w = await world();
    const { session: s, token } = await w.fieldsToken('4000000000003220');
    const res = await w.pay(token, { session_id: s.id });
    const err = await expectRefused(w, res, 422, 'provider_request_rejected');
    expect(err.reason).toBe('missing_redirect_url');
    expect(w.t.count('payment_intents')).toBe(0);
    expect(w.t.count('payment_attempts')).toBe(0);
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
    expect(w.t.count('payment_intents')).toBe(0);
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
    expect(w.t.count('payment_attempts')).toBe(0);
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
    expect(pendingAttempts(w)).toBe(0);
  });

  it('the reconciler records a challenge approved at the processor even when its event never arrives', async () => {
    const w = await world();
    w.t.sandbox.setDeliver(async () => new Response('down', { status: 503 }), { atOnce: false });
    const { body } = await w.payJson(await w.vault(CHALLENGE), { return_url: RETURN_URL });
    expect(body.status).toBe('requires_action');
    expect(pendingAttempts(w)).toBe(1);
    await answerChallenge(w, body.next_action.redirect_to_url.url, 'approve');
    await clock(w, 20);
    expect(await w.get(`/v1/payment_intents/${body.id}`)).toMatchObject({ status: 'succeeded', amount_received: 1500 });
    expect(w.t.count('settlements')).toBe(1);
    expect(pendingAttempts(w)).toBe(0);
    expect(w.types(body.id)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
  });
});

describe('what a charge leaves behind', () => {
  it('closes its attempt: no attempt is left pending after an approval or a decline', async () => {
    const w = await world();
    expect((await w.payJson(await w.vault())).body.status).toBe('succeeded');
    expect((await w.payJson(await w.vault(DECLINED))).body.status).toBe('failed');
    expect(w.t.count('payment_attempts')).toBe(2);
    expect(pendingAttempts(w)).toBe(0);
  });

  it('an authorization only held sends no event at all; an async capture sends the success events at once', async () => {
    const w = await world();
    const held = await w.payJson(await w.vault(), { capture_method: 'manual' });
    expect(held.body.status).toBe('authorized');
    expect(allEvents(w)).toEqual([]);
    const pending = await w.payJson(await w.vault('tok_sandbox_visa_0066'));
    expect(pending.body).toMatchObject({ status: 'captured', amount_received: 1500 });
    expect(allEvents(w)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect(w.t.count('settlements')).toBe(1);
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
    const before = w.t.count('payment_intents');
    await expectRefused(w, await w.pay(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: mit.body.id } }), 400, 'validation_error');
    expect(w.t.count('payment_intents')).toBe(before);
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
    expect(w.types(id)).toEqual(['payment_intent.failed']);
    const [event] = w.t.store.db.prepare("SELECT data FROM events WHERE type = 'payment_intent.failed'").all() as { data: string }[];
    expect(JSON.parse(event!.data)).toMatchObject({ payment_intent_id: id, status: 'failed', failure_code: 'processing_error', failure_reason: expect.stringContaining('never received') });
    expect(pendingAttempts(w)).toBe(0);
    expect(w.t.count('settlements')).toBe(0);
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
    expect(w.types(err.payment_intent)).toEqual(['payment_intent.failed']);
    expect((await w.payJson(card)).body.status).toBe('succeeded');
  });

  it('an answer that arrives after the reconciler recorded the charge is applied once: one settlement, one pair of events', async () => {
    const w = await world();
    const hold = holdCharges(w);
    const pending = w.payJson(await w.vault());
    await hold.atGate;
    await clock(w, 20);
    const id = (w.t.store.db.prepare('SELECT id FROM payment_intents').get() as { id: string }).id;
    expect((await w.get(`/v1/payment_intents/${id}`)).status).toBe('succeeded');
    hold.release();
    const answer = await pending;
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ id, status: 'succeeded', amount_received: 1500 });
    expect(w.t.count('settlements')).toBe(1);
    expect(w.types(id)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
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
    const id = (w.t.store.db.prepare('SELECT id FROM payment_intents').get() as { id: string }).id;
    expect(replayed).toMatchObject({ id, status: 'requires_action', next_action: null });
    expect(processorRows(w)).toBe(1);
    hold.release();
    await first;
    // However the first request ends, the charge is recorded once.
    await clock(w, 20);
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'succeeded' });
    expect(w.t.count('payment_intents')).toBe(1);
    expect(w.t.count('settlements')).toBe(1);
    expect(processorRows(w)).toBe(1);
  });
});

