import { describe, expect, it, vi } from 'vitest';
import { startScheduler } from '../../jobs/index.ts';
import { SERVICE, bearer } from '../../testing.ts';
import { expiry, ADDRESS, world, DECLINES, HIDDEN_FROM_BROWSER } from './test-cards.fixtures.ts';

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
    expect((await w.t.count('payment_intents'))).toBe(1);
  });

  it('0090 with the scheduler running: the intent reads succeeded seconds after the 502, without anyone moving the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2030-01-01T00:00:00Z') });
    try {
      const w = await world();
      const stop = startScheduler(w.t.deps);
      try {
        // A charge that captures at once…
        const first = await w.pay(await w.vault('tok_sandbox_visa_0090'));
        const { payment_intent: id } = await first.json();
        expect(first.status).toBe(502);
        expect((await w.get(id)).status).not.toBe('succeeded');
        // …and the capture of an authorization, whose lost answer is read back at once (issue 34, finding 1).
        const held = await (await w.pay(await w.vault('tok_sandbox_visa_0090'), { capture_method: 'manual' })).json();
        const capture = await w.t.json('POST', `/v1/payment_intents/${held.id}/capture`, {}, w.sk);
        expect([capture.status, (await capture.json()).status]).toEqual([200, 'succeeded']);
        await vi.advanceTimersByTimeAsync(3_000);
        await vi.waitFor(async () => expect([(await w.get(id)).status, (await w.get(held.id)).status]).toEqual(['succeeded', 'succeeded']));
        expect(w.processorRows()).toBe(2);
      } finally {
        stop();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('0108: 502 provider_unavailable, no intent, nothing at the processor, and the key is free again', async () => {
    const w = await world();
    const down = await w.vault('tok_sandbox_visa_0108');
    const key = { 'Idempotency-Key': 'down-1' };
    const res = await w.pay(down, {}, key);
    expect(res.status).toBe(502);
    expect((await res.json()).code).toBe('provider_unavailable');
    expect((await w.t.count('payment_intents'))).toBe(0);
    expect((await w.t.count('payment_attempts'))).toBe(0);
    expect((await w.t.count('events'))).toBe(0);
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
  it('a number that fails the check digit: 422 provider_request_rejected (invalid_number), the session stays open, nothing stored', async () => {
    const w = await world();
    const session = await (await w.t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, w.sk)).json();
    const before = { attempts: (await w.t.count('payment_attempts')), intents: (await w.t.count('payment_intents')), events: (await w.t.count('events')) };
    const res = await w.t.json(
      'POST',
      `/v1/public/sessions/${session.id}/charge`,
      { card: { number: '4242424242424241', expMonth: expiry.month, expYear: expiry.year, cvc: '123' } },
      { ...bearer(w.m.keys.publishable), Origin: SERVICE },
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'provider_request_rejected', reason: 'invalid_number' });
    expect({ attempts: (await w.t.count('payment_attempts')), intents: (await w.t.count('payment_intents')), events: (await w.t.count('events')) }).toEqual(before);
    expect(w.processorRows()).toBe(0);
    expect(await (await w.t.json('GET', `/v1/sessions/${session.id}`, undefined, w.sk)).json()).toMatchObject({ status: 'pending' });
  });
});
