/**
 * The money path end to end (Doc 1, Session status, Idempotency 5, retry; Doc 3, charge at submit):
 * what a merchant reads back after a charge, which events it gets, which charges are refused, and
 * what happens when the processor does not answer.
 */
import { describe, expect, it } from 'vitest';
import { CARD, HOSTED, HOSTED_LONG, INSUFFICIENT, ProcessorUnavailableError, T, approvedAtProcessor, bearer, leakyRevocation, origin, outliveHandback, session, testApp } from './payments.fixtures.ts';

describe('what a settled charge leaves behind', () => {
  it('holds a manual-capture payment: succeeded for the buyer, held for the merchant, no success event until the capture', async () => {
    const t = await testApp();
    const s = await session(t, { captureMethod: 'manual', metadata: { order: 'A-17' } });
    const res = await s.charge();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'succeeded' });
    const held = await s.read();
    expect(held).toMatchObject({ status: 'succeeded', paymentStatus: 'held', vp_tx_count: 0, vp_tx_id: null });
    // Doc 2: payment_intent.succeeded does not fire for an uncaptured hold.
    expect(await s.events()).toEqual([]);
    const captured = await t.json('POST', `/v1/payment_intents/${held.paymentIntentId}/capture`, undefined, bearer(s.m.keys.secret));
    expect(captured.status).toBe(200);
    expect(await captured.json()).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1, vp_tx_id: expect.stringMatching(/^vp_tx_test_/) });
    expect(await s.events()).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    // The session's metadata reaches the payloads.
    const [event] = (await t.store.read.events.forSession(s.id)).filter((e) => e.type === 'charge.succeeded');
    expect(event!.data).toMatchObject({ metadata: { order: 'A-17' }, amount: 2500 });
  });

  it('voids a held session payment: the session reads cancelled and nothing is captured', async () => {
    const t = await testApp();
    const s = await session(t, { captureMethod: 'manual' });
    await s.charge();
    const held = await s.read();
    const voided = await t.json('POST', `/v1/payment_intents/${held.paymentIntentId}/void`, undefined, bearer(s.m.keys.secret));
    expect(await voided.json()).toMatchObject({ status: 'voided' });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'cancelled', vp_tx_count: 0 });
    expect(await s.events()).toEqual([]);
  });

  it('captures an automatic payment: paid, one transaction, both success events with the card’s last four', async () => {
    const t = await testApp();
    const s = await session(t);
    expect((await s.charge()).status).toBe(200);
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect(await s.events()).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    const events = await t.store.read.events.forSession(s.id);
    expect(JSON.stringify(events)).toContain('"last4":"4242"');
  });

  it('tells the buyer the decline’s own code and, without same-session retry, fails the session with every failure event', async () => {
    const t = await testApp();
    const s = await session(t);
    const body = await (await s.charge(INSUFFICIENT)).json();
    expect(body).toMatchObject({ status: 'failed', retry: null, error: { code: 'card_declined', decline_code: 'insufficient_funds' } });
    expect(await s.read()).toMatchObject({ status: 'failed', last_payment_error: { decline_code: 'insufficient_funds' } });
    expect(await s.events()).toEqual(['charge.failed', 'payment_intent.failed', 'session.failed']);
    const failed = (await t.store.read.events.forSession(s.id)).find((e) => e.type === 'charge.failed');
    expect(JSON.stringify(failed)).toContain('"failure_code":"insufficient_funds"');
  });

  it('re-opens a declined session with retries left without a session.failed event', async () => {
    const t = await testApp();
    const s = await session(t, {}, { sameSessionRetry: 2 });
    await s.charge(INSUFFICIENT);
    expect(await s.read()).toMatchObject({ status: 'pending' });
    expect(await s.events()).toEqual(['charge.failed', 'payment_intent.failed']);
  });

  it('never re-opens a hosted session after a decline, whatever the retry setting', async () => {
    const t = await testApp();
    const s = await session(t, HOSTED, { sameSessionRetry: 2 });
    // Two declines in a row: the second finds the session failed already and leaves it so.
    for (let i = 0; i < 2; i++) {
      const init = await (await t.json('POST', '/api/checkout/init', { sessionId: s.id }, origin)).json();
      const paid = await (await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card: INSUFFICIENT }) })).json();
      const done = await t.json('POST', '/api/checkout/complete', { sessionId: s.id, transactionId: paid.transactionId }, origin);
      expect([done.status, (await done.json()).status]).toEqual([200, 'failed']);
      expect(await s.read()).toMatchObject({ status: 'failed', retry: null });
    }
  });
});

describe('charges that are refused before the processor is called', () => {
  it('refuses a paid, closed or declined session, and a total that changed, charging nothing', async () => {
    const t = await testApp();
    const paid = await session(t);
    await paid.charge();
    const again = await paid.charge();
    expect([again.status, (await again.json()).code]).toEqual([409, 'session_already_completed']);

    const closed = await session(t);
    expect((await t.json('POST', `/v1/sessions/${closed.id}/expire`, {}, bearer(closed.m.keys.secret))).status).toBe(200);
    const late = await closed.charge();
    expect([late.status, (await late.json()).code]).toEqual([410, 'session_expired']);

    const declined = await session(t);
    await declined.charge(INSUFFICIENT);
    const retry = await declined.charge();
    expect([retry.status, (await retry.json()).code]).toEqual([409, 'session_wrong_state']);

    const changed = await session(t);
    const stale = await changed.charge(CARD, { expected_amount: 2400 });
    expect([stale.status, (await stale.json()).code]).toEqual([409, 'expected_amount_mismatch']);
    expect(approvedAtProcessor(t)).toEqual({ n: 1 });
    expect((await changed.charge(CARD, { expected_amount: 2500 })).status).toBe(200);
  });
});

describe('hosted checkout: a transaction completed too late', () => {
  /** Two forms that both paid: a provider whose revocation of the older did not take (leakyRevocation). */
  async function twoPayments(t: T) {
    const s = await session(t, HOSTED_LONG);
    const open = async () => {
      const init = await (await t.json('POST', '/api/checkout/init', { sessionId: s.id }, origin)).json();
      return async () => {
        const res = await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card: CARD }) });
        return ((await res.json()) as { transactionId: string }).transactionId;
      };
    };
    const undo = leakyRevocation(t.processor);
    const a = await open();
    await outliveHandback(t);
    const b = await open();
    undo();
    const complete = (transactionId: string) => t.json('POST', '/api/checkout/complete', { sessionId: s.id, transactionId }, origin);
    return { s, first: await a(), second: await b(), complete };
  }

  it('records a second payment completed after the first (vp_tx_count 2, refundable) while telling the buyer the session was already paid', async () => {
    const t = await testApp();
    const a = await twoPayments(t);
    expect((await a.complete(a.first)).status).toBe(200);
    const second = await a.complete(a.second);
    expect([second.status, (await second.json()).code]).toEqual([409, 'session_already_completed']);
    // Doc 1: the second payment is recorded, never discarded; paymentIntentId goes null (two exist).
    const read = await a.s.read();
    expect(read).toMatchObject({ status: 'succeeded', vp_tx_count: 2, paymentIntentId: null });
    expect((await a.s.events()).filter((e) => e === 'charge.succeeded')).toHaveLength(2);
    const intent = await t.store.read.payments.byProcessorRef(a.second);
    const refund = await t.json('GET', `/v1/payment_intents/${intent!.id}`, undefined, bearer(a.s.m.keys.secret));
    expect(await refund.json()).toMatchObject({ status: 'succeeded', refundable: true, remaining_refundable: 2500 });

    // Both forms paid before the merchant expires the session: expire finds the live form paid and
    // refuses, changing nothing (issue 17, finding 4); the payment is then recorded as every browser payment is.
    const b = await twoPayments(t);
    const expire = await t.json('POST', `/v1/sessions/${b.s.id}/expire`, {}, bearer(b.s.m.keys.secret));
    expect([expire.status, (await expire.json()).code]).toEqual([409, 'session_not_expirable']);
    expect(await t.store.read.payments.byProcessorRef(b.second)).toBeUndefined();
    expect((await b.complete(b.second)).status).toBe(200);
    expect(await b.s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });

  it('refuses to open the payment form on a declined session with no attempts left, or of an inactive merchant', async () => {
    const t = await testApp();
    const s = await session(t, {}, { sameSessionRetry: 1 });
    await s.charge(INSUFFICIENT);
    await s.charge(INSUFFICIENT);
    expect(await s.read()).toMatchObject({ status: 'failed', retry: { allowed: false, attempts_remaining: 0 } });
    const init = await t.json('POST', '/api/checkout/init', { sessionId: s.id }, origin);
    expect([init.status, (await init.json()).code]).toEqual([409, 'session_wrong_state']);

    const other = await session(t, HOSTED);
    await t.json('PATCH', `/_sandbox/merchants/${other.m.merchant.id}`, { status: 'inactive' });
    expect((await t.json('POST', '/api/checkout/init', { sessionId: other.id }, origin)).status).toBe(404);
  });
});

describe('a processor that does not answer', () => {
  it('keeps the charge locked when the outcome is unknown, tells the buyer it is processing, and frees the session once the processor confirms it never saw the charge', async () => {
    const t = await testApp();
    const s = await session(t);
    const charge = t.processor.charge.bind(t.processor);
    let down = true;
    t.processor.charge = async (...args) => {
      if (down) throw new ProcessorUnavailableError('timed out');
      return charge(...args);
    };
    const first = await s.charge();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'processing' });
    // The answer was lost, not refused: a second submit could charge twice, so it waits.
    expect(await s.read()).toMatchObject({ status: 'processing', paymentStatus: 'unpaid' });
    expect((await (await s.charge()).json()).code).toBe('charge_in_progress');
    expect((await t.count('payment_attempts'))).toBe(1);
    down = false;
    // Inside the grace period the reconciler only asks; after it, nothing found means nothing charged.
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 30 });
    expect(await s.read()).toMatchObject({ status: 'processing' });
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 120 });
    expect(await s.read()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', vp_tx_count: 0 });
    expect((await t.count('payment_intents'))).toBe(0);
    expect(await (await s.charge()).json()).toMatchObject({ status: 'succeeded' });
  });

  it('answers 502 provider_unavailable and frees the session at once when the processor says it processed nothing', async () => {
    const t = await testApp();
    const s = await session(t);
    const charge = t.processor.charge.bind(t.processor);
    let down = true;
    t.processor.charge = async (...args) => {
      if (down) throw new ProcessorUnavailableError('503 from the processor', true);
      return charge(...args);
    };
    const refused = await s.charge();
    expect(refused.status).toBe(502);
    expect((await refused.json()).code).toBe('provider_unavailable');
    expect(await s.read()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', vp_tx_count: 0 });
    expect((await t.count('payment_intents'))).toBe(0);
    down = false;
    expect(await (await s.charge()).json()).toMatchObject({ status: 'succeeded' });
  });

  it('records a charge whose answer was lost by asking the processor about its reference', async () => {
    const t = await testApp();
    const s = await session(t);
    const charge = t.processor.charge.bind(t.processor);
    t.processor.charge = async (...args) => {
      await charge(...args);
      throw new ProcessorUnavailableError('the connection dropped after the request was sent');
    };
    expect(await (await s.charge()).json()).toMatchObject({ status: 'succeeded' });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect(approvedAtProcessor(t)).toEqual({ n: 1 });
  });

  it('never releases the lock of a charge the processor made: the reconciler records it even after the grace period', async () => {
    const t = await testApp();
    const s = await session(t);
    const charge = t.processor.charge.bind(t.processor);
    const lookup = t.processor.lookup.bind(t.processor);
    let lookupDown = true;
    t.processor.charge = async (...args) => {
      await charge(...args);
      throw new Error('a fault of ours after the processor charged');
    };
    t.processor.lookup = async (...args) => {
      if (lookupDown) throw new ProcessorUnavailableError('timed out');
      return lookup(...args);
    };
    expect(await (await s.charge()).json()).toMatchObject({ status: 'processing' });
    // The processor cannot be asked for a while: the attempt waits, whatever the grace period says.
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 600 });
    expect(await s.read()).toMatchObject({ status: 'processing', paymentStatus: 'unpaid' });
    lookupDown = false;
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 900 });
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
    expect(await s.events()).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect(approvedAtProcessor(t)).toEqual({ n: 1 });
  });
});
