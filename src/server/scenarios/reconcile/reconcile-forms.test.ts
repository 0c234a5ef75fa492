/**
 * The reconciler and what outlives a request: session charges at a bank challenge, browser forms,
 * attempts it cannot settle, and the exact end of the grace periods.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD, DECLINED_CARD, Json, NOTHING, ProcessorRejectedError, ProcessorTransaction, ProcessorUnavailableError, W, bearer, hosted, loseAnswer, neverArrives, origin, reconcile, world } from './reconcile.fixtures.ts';

// Tests that freeze Date put the real clock back, whatever happens in them.
afterEach(() => {
  vi.useRealTimers();
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
    expect((await w.attempts('charge'))).toEqual(['done']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });
});

describe('browser forms the buyer has not paid with (hosted checkout)', () => {

  it('a form left open for half an hour still pays, and the reconciler records the payment', async () => {
    const w = await world();
    const s = await hosted(w);
    const token = await s.init();
    expect((await s.read()).status).toBe('processing');
    expect(await w.reconcileAfter(30 * 60)).toEqual({ ...NOTHING, waiting: 1 });
    expect((await s.payWith(token)).status).toBe(200);
    expect(await w.reconcileAfter(60, { all: true })).toEqual({ ...NOTHING, recorded: 1 });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect((await w.attempts('client'))).toEqual(['done']);
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
    expect((await w.attempts('client'))).toEqual(['failed']);
    // Closed by the reconciler, not only expired: the processor says revoked.
    expect(await s.payWith(token)).toMatchObject({ status: 409, body: { code: 'token_revoked' } });
    expect(await w.reconcileAfter(600, { all: true })).toEqual(NOTHING);
    expect(await s.read()).toMatchObject({ paymentStatus: 'unpaid', vp_tx_count: 0 });
  });

  it('a payment made while the expiry sweep closes the form is recorded, never lost (issue 17, finding 4)', async () => {
    const w = await world();
    const s = await hosted(w, 300);
    const token = await s.init();
    // The buyer pays at the very moment the sweep revokes the form of the session it expires.
    const revoke = w.t.processor.revokeClientToken.bind(w.t.processor);
    let paid: number | undefined;
    w.t.processor.revokeClientToken = async (m, tok) => {
      if (tok === token) paid = (await s.payWith(token)).status;
      return revoke(m, tok);
    };
    await w.clock(301);
    expect(paid).toBe(200);
    // The look after the revocation found the payment: recorded, and the session it paid is not expired.
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect((await w.attempts('client'))).toEqual(['done']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });

  it('a form at the bank challenge when its session expires stays open, and what it paid is recorded', async () => {
    const w = await world();
    const s = await hosted(w, 300);
    const token = await s.init();
    expect((await s.payWith(token)).status).toBe(200);
    // A real provider may hold a browser charge at the buyer's bank; the sandbox answers it at once, so it is made to say so.
    const lookup = w.t.processor.lookup.bind(w.t.processor);
    let atBank = true;
    w.t.processor.lookup = async (m, ref) => {
      const found = await lookup(m, ref);
      return atBank ? found && ({ ...found, status: 'requires_action' } satisfies ProcessorTransaction) : found;
    };
    await w.clock(301);
    expect(await s.read()).toMatchObject({ status: 'expired', vp_tx_count: 0 });
    expect((await w.attempts('client'))).toEqual(['pending']);
    // The bank answered: the reconciler records the payment (Doc 1: recorded on the closed session, refundable).
    atBank = false;
    await w.clock(60);
    expect(await s.read()).toMatchObject({ status: 'expired', vp_tx_count: 1, last_payment_error: null });
    expect((await w.attempts('client'))).toEqual(['done']);
    expect((await w.t.count('payment_intents'))).toBe(1);
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
    expect((await w.attempts('charge'))).toEqual(['failed']);
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
    // The processor's refusal of the card: Document 1's 422 provider_request_rejected.
    expect((await charge()).status).toBe(422);
    expect(second).toMatchObject({ status: 'succeeded' });
    expect(await w.get(`/v1/sessions/${s.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect((await w.attempts('charge'))).toEqual(['failed', 'done']);
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
    expect((await w.attempts('charge'))).toEqual(['done']);
    expect(w.processorTx()).toEqual({ n: 1 });
  });

  it('asks an unreachable processor again with a growing gap (2 s, then 30 s, 60 s … up to 10 minutes), logs it, and records the charge once it answers', async () => {
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
    const [attempt] = (await w.t.query('SELECT id FROM payment_attempts')) as { id: string }[];
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
    expect((await w.attempts('client'))).toEqual(['failed']);
  });
});
