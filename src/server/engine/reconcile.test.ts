/**
 * The reconciler and the attempts it resolves (ARCHITECTURE.md, data flow 4): what a merchant reads
 * back, and what an operator sees in the reconciler's counts, when an answer about money was lost.
 * A charge, capture, void or refund the processor made is recorded once; one it never saw is failed
 * (and its lock released) only after the grace period; one still at a bank challenge keeps its lock;
 * a browser form stays usable for as long as its client token lives. Provider webhooks are down in
 * these tests, so every outcome here is the reconciler's own finding.
 * Written against the mutants `npm run mutation` showed surviving in reconcile.ts and attempts.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE, bearer, testApp } from '../testing.ts';
import { futureExpiry } from '../../card/test-cards.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type ProcessorTransaction } from '../processors/types.ts';
import { ACCOUNT_HEADER } from '../../../sandbox-processor/api.ts';
import { reconcile } from './reconcile.ts';

type T = Awaited<ReturnType<typeof testApp>>;
type Json = Record<string, any>;

const expiry = futureExpiry();
const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };
const DECLINED_CARD = { ...CARD, number: '4000000000009995' };
const RETURN_URL = 'http://localhost:4244/return';
const origin = { Origin: SERVICE };
const NOTHING = { recorded: 0, failed: 0, waiting: 0 };

/** A fresh app whose provider webhooks never arrive: only the reconciler can learn an outcome. */
async function world(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  t.sandbox.setDeliver(async () => new Response('down', { status: 503 }), { atOnce: false });
  const m = await t.merchant({ settings });
  const sk = bearer(m.keys.secret);
  const post = async (path: string, body?: unknown) => {
    const res = await t.json('POST', path, body, sk);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const get = async (path: string) => (await t.json('GET', path, undefined, sk)).json() as Promise<Json>;
  const vault = async (ref = 'tok_sandbox_visa_4242') => {
    const res = await post('/v1/tokens', { provider_reference: ref });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const pay = (token: string, extra: Json = {}) => post('/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id: token }, ...extra });
  /** Moves the service clock; the due jobs (reconciler included) run. */
  const clock = async (advanceSeconds: number) => expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds })).status).toBe(200);
  /** Moves the clock without running the jobs, then runs the reconciler once and returns its counts. */
  const reconcileAfter = async (seconds: number, opts: { all?: boolean } = {}) => {
    await t.deps.clock.advance(seconds);
    return reconcile(t.deps, opts);
  };
  const types = (intentId: string) =>
    (t.store.db.prepare('SELECT type, data FROM events WHERE merchant_id = ? ORDER BY created, rowid').all(m.merchant.id) as { type: string; data: string }[])
      .filter((e) => (JSON.parse(e.data) as { payment_intent_id?: string }).payment_intent_id === intentId)
      .map((e) => e.type);
  const attempts = (kind: string) => (t.store.db.prepare('SELECT state FROM payment_attempts WHERE kind = ? ORDER BY created_at, rowid').all(kind) as { state: string }[]).map((a) => a.state);
  const processorTx = () => t.sandbox.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get() as { n: number };
  /** The buyer's answer on the bank challenge, through the processor's server API. */
  const challenge = async (challengeUrl: string, result: 'approve' | 'fail') => {
    const id = decodeURIComponent(new URL(challengeUrl).pathname.split('/').pop()!);
    const secret = await t.store.read.meta.get('processor_secret');
    const res = await t.sandbox.app.request(`/v1/transactions/${id}/challenge`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, [ACCOUNT_HEADER]: m.merchant.id, 'Content-Type': 'application/json' },
      body: JSON.stringify({ result }),
    });
    expect(res.status).toBe(200);
  };
  return { t, m, sk, post, get, vault, pay, clock, reconcileAfter, types, attempts, processorTx, challenge };
}

type W = Awaited<ReturnType<typeof world>>;

/** The processor call `method` reaches the processor, then its answer is lost. */
function loseAnswer<K extends 'chargeVaulted' | 'capture' | 'void' | 'charge'>(w: W, method: K) {
  const p = w.t.processor as unknown as Record<K, (...args: unknown[]) => Promise<unknown>>;
  const real = p[method].bind(w.t.processor);
  p[method] = async (...args: unknown[]) => {
    await real(...args);
    throw new ProcessorUnavailableError('the connection dropped after the request was sent');
  };
  return () => (p[method] = real);
}

/** The processor call `method` times out before the processor sees it: nothing moved, but nobody knows. */
function neverArrives<K extends 'chargeVaulted' | 'capture' | 'void'>(w: W, method: K) {
  const p = w.t.processor as unknown as Record<K, (...args: unknown[]) => Promise<unknown>>;
  const real = p[method].bind(w.t.processor);
  p[method] = async () => {
    throw new ProcessorUnavailableError('timed out');
  };
  return () => (p[method] = real);
}

afterEach(() => {
  vi.useRealTimers();
});

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
    expect(w.types(id)).toEqual([]);

    // After it: nothing found means nothing charged.
    expect(await w.reconcileAfter(120)).toEqual({ ...NOTHING, failed: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'failed', decline_code: 'processing_error', vp_tx_id: null });
    expect(w.types(id)).toEqual(['payment_intent.failed']);
    expect(w.attempts('charge')).toEqual(['failed']);
    // Resolved once: nothing is left for a start-up reconciliation, and the card charges again.
    expect(await w.reconcileAfter(600, { all: true })).toEqual(NOTHING);
    expect(w.types(id)).toEqual(['payment_intent.failed']);
    expect((await w.pay(token)).body).toMatchObject({ status: 'succeeded' });
    expect(w.processorTx()).toEqual({ n: 1 });
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
    expect(w.types(id)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect(w.t.count('settlements')).toBe(1);
    expect(await w.reconcileAfter(600, { all: true })).toEqual(NOTHING);
    expect(w.types(id)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });

  it('paid with session_id: the session the charge settled has its open browser form closed, so a second tab cannot pay it too', async () => {
    const w = await world();
    const session = (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok' })).body;
    const init = await (await w.t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json();
    const restore = loseAnswer(w, 'chargeVaulted');
    const lost = await w.pay(await w.vault(), { session_id: session.id });
    expect(lost.body.code).toBe('payment_outcome_unknown');
    restore();
    // The form's own attempt waits (its buyer may still pay); the charge is recorded and closes it.
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, recorded: 1, waiting: 1 });
    expect(w.attempts('client')).toEqual(['failed']);
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
    expect(w.types(id)).toEqual([]);

    await w.challenge(url, 'approve');
    expect(await w.reconcileAfter(600)).toEqual({ ...NOTHING, recorded: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'succeeded', next_action: null, three_d_secure: { outcome: 'authenticated' } });
    expect(w.types(id)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect(w.attempts('charge')).toEqual(['done']);
    expect(w.t.count('settlements')).toBe(1);
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
    const lost = await w.post(`/v1/payment_intents/${id}/capture`);
    expect([lost.status, lost.body.code]).toEqual([502, 'payment_outcome_unknown']);
    restore();
    // In flight: a second capture is refused, so the money is not captured twice.
    expect((await w.post(`/v1/payment_intents/${id}/capture`)).body.code).toBe('invalid_transition');
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, recorded: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status, amount_received: 1500 });
    expect(w.types(id)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect(w.t.count('settlements')).toBe(1);
    expect(w.attempts('capture')).toEqual(['done']);
    expect(await w.reconcileAfter(600, { all: true })).toEqual(NOTHING);
    expect(w.types(id)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
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
    expect(w.attempts('capture')).toEqual(['failed']);
    expect(w.types(id)).toEqual([]);
    expect(w.t.count('settlements')).toBe(0);
    const captured = await w.post(`/v1/payment_intents/${id}/capture`);
    expect([captured.status, captured.body.status]).toEqual([200, 'succeeded']);
    expect(w.t.count('settlements')).toBe(1);
  });

  it('a void made by the processor: the reconciler records it, and the intent can no longer be captured', async () => {
    const w = await world();
    const id = await authorized(w);
    const restore = loseAnswer(w, 'void');
    expect((await w.post(`/v1/payment_intents/${id}/void`)).body.code).toBe('payment_outcome_unknown');
    restore();
    expect((await w.post(`/v1/payment_intents/${id}/void`)).body.code).toBe('invalid_transition');
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, recorded: 1 });
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'voided', amount_received: 0 });
    expect(w.attempts('void')).toEqual(['done']);
    expect((await w.post(`/v1/payment_intents/${id}/capture`)).body.code).toBe('invalid_transition');
    expect(w.t.count('settlements')).toBe(0);
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
    expect(w.attempts('void')).toEqual(['failed']);
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

describe('a session charge at a bank challenge', () => {
  it('keeps the session’s charge lock past the grace period while the processor reports the challenge, then records the approval', async () => {
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
    const charge = () => w.t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(w.m.keys.publishable), ...origin });
    const restore = loseAnswer(w, 'charge');
    // A real provider may hold a charge at the buyer's bank; the sandbox answers it at once, so it is made to say so.
    const lookup = w.t.processor.lookup.bind(w.t.processor);
    let atChallenge = true;
    w.t.processor.lookup = async (m, ref) => {
      const found = await lookup(m, ref);
      return found && atChallenge ? ({ ...found, status: 'requires_action' } satisfies ProcessorTransaction) : found;
    };
    expect(await (await charge()).json()).toMatchObject({ status: 'processing' });
    restore();
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, waiting: 1 });
    expect(await w.reconcileAfter(600, { all: true })).toEqual({ ...NOTHING, waiting: 1 });
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'processing', paymentStatus: 'unpaid' });
    expect(((await (await charge()).json()) as Json).code).toBe('charge_in_progress');
    atChallenge = false;
    expect(await w.reconcileAfter(600)).toEqual({ ...NOTHING, recorded: 1 });
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect(w.attempts('charge')).toEqual(['done']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });
});

describe('browser forms the buyer has not paid with (hosted checkout)', () => {
  async function hosted(w: W, expiresIn = 86400) {
    const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok', expiresIn })).body;
    const init = async () => {
      const res = await w.t.json('POST', '/api/checkout/init', { sessionId: s.id }, origin);
      expect(res.status).toBe(200);
      return ((await res.json()) as { token: string }).token;
    };
    const payWith = async (token: string, card = CARD) => {
      const res = await w.t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, card }) });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const read = () => w.get(`/v1/sessions/${s.id}`);
    return { id: s.id as string, init, payWith, read };
  }

  it('a form left open for half an hour still pays, and the reconciler records the payment', async () => {
    const w = await world();
    const s = await hosted(w);
    const token = await s.init();
    expect((await s.read()).status).toBe('processing');
    expect(await w.reconcileAfter(30 * 60)).toEqual({ ...NOTHING, waiting: 1 });
    expect((await s.payWith(token)).status).toBe(200);
    expect(await w.reconcileAfter(60, { all: true })).toEqual({ ...NOTHING, recorded: 1 });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect(w.attempts('client')).toEqual(['done']);
  });

  it('a form opened again after a decline stays open for half an hour too', async () => {
    const w = await world();
    const s = await hosted(w);
    const first = await s.init();
    const declined = await s.payWith(first, DECLINED_CARD);
    const done = await w.t.json('POST', '/api/checkout/complete', { sessionId: s.id, transactionId: declined.body.transactionId }, origin);
    expect(((await done.json()) as Json).status).toBe('failed');
    const second = await s.init();
    expect((await s.read()).status).toBe('failed');
    expect(await w.reconcileAfter(30 * 60)).toEqual({ ...NOTHING, waiting: 1 });
    expect((await s.payWith(second)).status).toBe(200);
    expect(await w.reconcileAfter(60, { all: true })).toEqual({ ...NOTHING, recorded: 1 });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });

  it('a form never used is closed at the processor once its time is up, and is then left alone', async () => {
    const w = await world();
    const s = await hosted(w);
    const token = await s.init();
    expect(await w.reconcileAfter(66 * 60)).toEqual({ ...NOTHING, failed: 1 });
    expect(w.attempts('client')).toEqual(['failed']);
    // Closed by the reconciler, not only expired: the processor says revoked.
    expect(await s.payWith(token)).toMatchObject({ status: 409, body: { code: 'token_revoked' } });
    expect(await w.reconcileAfter(600, { all: true })).toEqual(NOTHING);
    expect(await s.read()).toMatchObject({ paymentStatus: 'unpaid', vp_tx_count: 0 });
  });

  it('a payment made while the form of an expired session was being closed is recorded, never lost', async () => {
    const w = await world();
    const s = await hosted(w, 300);
    const token = await s.init();
    await w.clock(301);
    expect(await s.read()).toMatchObject({ status: 'expired' });
    expect(w.attempts('client')).toEqual(['pending']);
    // The buyer pays at the very moment the reconciler closes the form.
    const revoke = w.t.processor.revokeClientToken.bind(w.t.processor);
    let paid: number | undefined;
    w.t.processor.revokeClientToken = async (m, tok) => {
      if (tok === token) paid = (await s.payWith(token)).status;
      return revoke(m, tok);
    };
    expect(await w.reconcileAfter(60)).toEqual({ ...NOTHING, recorded: 1 });
    expect(paid).toBe(200);
    // Doc 1: a payment on an expired session is recorded and refundable, not discarded.
    expect(await s.read()).toMatchObject({ status: 'expired', vp_tx_count: 1 });
    expect(w.attempts('client')).toEqual(['done']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });

  it('a form of an expired session still at a bank challenge when it is closed is not recorded as a decline', async () => {
    const w = await world();
    const s = await hosted(w, 300);
    const token = await s.init();
    await w.clock(301);
    expect((await s.payWith(token)).status).toBe(200);
    // A real provider may hold a browser charge at the buyer's bank; the sandbox answers it at once, so it is made to say so.
    // Not found when first asked; found at the challenge when asked again after the form was closed.
    const lookup = w.t.processor.lookup.bind(w.t.processor);
    let asked = 0;
    w.t.processor.lookup = async (m, ref) => {
      const found = await lookup(m, ref);
      return asked++ === 0 ? null : found && ({ ...found, status: 'requires_action' } satisfies ProcessorTransaction);
    };
    expect(await w.reconcileAfter(60)).toEqual({ ...NOTHING, failed: 1 });
    expect(asked).toBe(2);
    expect(await s.read()).toMatchObject({ status: 'expired', vp_tx_count: 0, last_payment_error: null });
    expect(w.t.count('payment_intents')).toBe(0);
    expect(w.t.count('events')).toBe(0);
  });
});

describe('an attempt the reconciler cannot settle', () => {
  it('gives up on a charge whose merchant’s processor is no longer configured, freeing the session', async () => {
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
    const realCharge = w.t.processor.charge.bind(w.t.processor);
    w.t.processor.charge = async () => {
      throw new ProcessorUnavailableError('timed out');
    };
    const charge = () => w.t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(w.m.keys.publishable), ...origin });
    expect(await (await charge()).json()).toMatchObject({ status: 'processing' });
    w.t.processor.charge = realCharge;
    await w.t.deps.clock.advance(15);
    expect(await reconcile({ ...w.t.deps, processorFor: () => null })).toEqual({ ...NOTHING, failed: 1 });
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect(w.attempts('charge')).toEqual(['failed']);
  });

  it('a refusal arriving after the reconciler gave up leaves the newer payment paid and the given-up attempt on record', async () => {
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
    const charge = () => w.t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(w.m.keys.publishable), ...origin });
    const real = w.t.processor.charge.bind(w.t.processor);
    let slow = true;
    let second: Json | undefined;
    w.t.processor.charge = async (...args) => {
      if (!slow) return real(...args);
      slow = false;
      // The request is slow to reach the processor: the reconciler gives up on it and the buyer pays again.
      expect(await w.reconcileAfter(121)).toEqual({ ...NOTHING, failed: 1 });
      second = (await (await charge()).json()) as Json;
      throw new ProcessorRejectedError('invalid_card', 'The processor refused the card data.');
    };
    expect((await charge()).status).toBe(400);
    expect(second).toMatchObject({ status: 'succeeded' });
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect(w.attempts('charge')).toEqual(['failed', 'done']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });

  it('a charge its own request records while the reconciler is giving up on it stays recorded: paid, lock not released, attempt done', async () => {
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
    const real = w.t.processor.charge.bind(w.t.processor);
    let reachProcessor!: () => void;
    const gate = new Promise<void>((r) => (reachProcessor = r));
    let reserved!: () => void;
    const inFlight = new Promise<void>((r) => (reserved = r));
    w.t.processor.charge = async (...args) => {
      reserved();
      await gate;
      return real(...args);
    };
    const request = w.t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(w.m.keys.publishable), ...origin });
    await inFlight;
    // The reconciler asks before the charge reaches the processor; its "not found" comes back after the charge was recorded.
    const lookup = w.t.processor.lookup.bind(w.t.processor);
    w.t.processor.lookup = async (m, ref) => {
      const found = await lookup(m, ref);
      reachProcessor();
      expect(await (await request).json()).toMatchObject({ status: 'succeeded' });
      return found;
    };
    await w.reconcileAfter(121);
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect(w.attempts('charge')).toEqual(['done']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });

  it('asks an unreachable processor again with a growing gap (15 s, 30 s, 60 s … up to 10 minutes), logs it, and records the charge once it answers', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T00:00:00Z') });
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
    const restore = loseAnswer(w, 'charge');
    const lookup = w.t.processor.lookup.bind(w.t.processor);
    const start = w.t.deps.clock.nowMs();
    const asked: number[] = [];
    let down = true;
    w.t.processor.lookup = async (m, ref) => {
      asked.push((w.t.deps.clock.nowMs() - start) / 1000);
      if (down) throw new ProcessorUnavailableError('timed out');
      return lookup(m, ref);
    };
    const res = await w.t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(w.m.keys.publishable), ...origin });
    expect(await res.json()).toMatchObject({ status: 'processing' });
    restore();
    expect(await w.reconcileAfter(15)).toEqual({ ...NOTHING, waiting: 1 });
    const [attempt] = w.t.store.db.prepare('SELECT id FROM payment_attempts').all() as { id: string }[];
    expect(w.t.logLines.some((l) => l.includes('reconciler could not resolve an attempt') && l.includes(attempt!.id))).toBe(true);
    for (let at = 30; at <= 2160; at += 15) await w.clock(15);
    // The charge's own look at once, then the reconciler's: 15, +30, +60, +120, +240, +480, then every 600.
    expect(asked).toEqual([0, 15, 45, 105, 225, 465, 945, 1545, 2145]);
    // Still locked: the processor may have charged.
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'processing' });
    down = false;
    await w.clock(600);
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect(w.processorTx()).toEqual({ n: 1 });
  });
});

describe('the grace period ends exactly on time', () => {
  const at = new Date('2030-01-01T00:00:00Z');

  it('a direct charge never seen is failed at exactly two minutes, not a look later', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    const w = await world();
    const restore = neverArrives(w, 'chargeVaulted');
    const lost = await w.pay(await w.vault());
    restore();
    expect(await w.reconcileAfter(119.999, { all: true })).toEqual({ ...NOTHING, waiting: 1 });
    expect(await w.reconcileAfter(0.001, { all: true })).toEqual({ ...NOTHING, failed: 1 });
    expect(await w.get(`/v1/payment_intents/${lost.body.payment_intent}`)).toMatchObject({ status: 'failed' });
  });

  it('a session charge never seen frees the session at exactly two minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
    const real = w.t.processor.charge.bind(w.t.processor);
    w.t.processor.charge = async () => {
      throw new ProcessorUnavailableError('timed out');
    };
    await w.t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(w.m.keys.publishable), ...origin });
    w.t.processor.charge = real;
    expect(await w.reconcileAfter(119.999, { all: true })).toEqual({ ...NOTHING, waiting: 1 });
    expect(await w.reconcileAfter(0.001, { all: true })).toEqual({ ...NOTHING, failed: 1 });
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'pending' });
  });

  it('a browser form is closed at exactly 65 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    const w = await world();
    const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok', expiresIn: 86400 })).body;
    expect((await w.t.json('POST', '/api/checkout/init', { sessionId: s.id }, origin)).status).toBe(200);
    expect(await w.reconcileAfter(65 * 60 - 0.001, { all: true })).toEqual({ ...NOTHING, waiting: 1 });
    expect(await w.reconcileAfter(0.001, { all: true })).toEqual({ ...NOTHING, failed: 1 });
    expect(w.attempts('client')).toEqual(['failed']);
  });
});
