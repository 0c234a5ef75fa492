/**
 * The fault switchboard and the processor's ledger (Doc 3, "Faults and the processor's ledger"),
 * over real HTTP: the service calls the processor on its own port, so `lose_answer` is a reset
 * connection and `hold` a call the service gave up on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { networkApp, secretKey } from '../../testing-network.ts';

let t: Awaited<ReturnType<typeof networkApp>>;
let m: Awaited<ReturnType<typeof t.merchant>>;
beforeEach(async () => {
  t = await networkApp();
  m = await t.merchant();
});
afterEach(() => t.close());

let keys = 0;
/** A vaulted test card, then an intent charging it (`charge` at the processor). */
async function card(number = '4242') {
  const res = await t.call('POST', '/v1/tokens', { provider_reference: `tok_sandbox_visa_${number}`, currency: 'usd' }, { ...secretKey(m.secret), 'Idempotency-Key': `tok-${++keys}` });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
const pay = (pm: string, key: string, amount = 1500) =>
  t.call('POST', '/v1/payment_intents', { amount, currency: 'usd', payment_method: { id: pm } }, { ...secretKey(m.secret), 'Idempotency-Key': key });
const ledger = async (merchant = m.id) => (await t.control('GET', `/processor/transactions?merchant=${merchant}`)).body.data as Array<Record<string, unknown>>;
const arm = async (body: Record<string, unknown>) => {
  const res = await t.control('POST', '/faults', body);
  expect(res.status).toBe(201);
  return res.body as { id: string; remaining: number; held: number };
};

describe('arming', () => {
  it('answers the fault, lists it, and disarms it once', async () => {
    const f = await arm({ operation: 'charge', kind: 'down', count: 2, merchant: m.id });
    expect(f).toMatchObject({ operation: 'charge', kind: 'down', remaining: 2, held: 0, merchant: m.id });
    expect((await t.control('GET', '/faults')).body.data).toEqual([f]);
    expect((await t.control('DELETE', `/faults/${f.id}`)).status).toBe(204);
    expect((await t.control('DELETE', `/faults/${f.id}`)).status).toBe(404);
    expect((await t.control('POST', `/faults/${f.id}/release`)).status).toBe(404);
    expect((await t.control('GET', '/faults')).body.data).toEqual([]);
  });

  it('refuses what it cannot arm, with the envelope, and arms nothing', async () => {
    expect((await t.control('POST', '/faults', { operation: 'charge', kind: 'melt' })).body.code).toBe('validation_error');
    expect((await t.control('POST', '/faults', { operation: 'charge', kind: 'down', colour: 1 })).body.code).toBe('validation_unknown_field');
    expect((await t.control('POST', '/faults', { operation: 'charge', kind: 'down', delayMs: 5 })).status).toBe(400);
    expect((await t.control('POST', '/faults', { operation: 'charge', kind: 'down', count: 0 })).status).toBe(400);
    expect((await t.control('POST', '/faults', { operation: 'charge', kind: 'down', merchant: 'vp_m_nobody' })).status).toBe(404);
    expect((await t.control('GET', '/processor/transactions?merchant=vp_m_nobody')).status).toBe(404);
    expect((await t.control('GET', '/faults')).body.data).toEqual([]);
  });
});

describe('each kind, on a charge', () => {
  it('down: nothing moves, the merchant hears 502 provider_unavailable and may retry the key', async () => {
    const pm = await card();
    await arm({ operation: 'charge', kind: 'down', merchant: m.id });
    const res = await pay(pm, 'k-down');
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('provider_unavailable');
    expect(await ledger()).toEqual([]);
    const retry = await pay(pm, 'k-down');
    expect(retry.status).toBe(201);
    expect(retry.body.status).toBe('succeeded');
    expect((await ledger()).map((e) => e.captured)).toEqual([1500]);
  });

  it('lose_answer: the processor charged, the merchant hears payment_outcome_unknown with the intent to read back', async () => {
    const pm = await card();
    await arm({ operation: 'charge', kind: 'lose_answer', merchant: m.id });
    const res = await pay(pm, 'k-lost');
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('payment_outcome_unknown');
    expect(res.body.payment_intent).toMatch(/^vpi_test_/);
    expect(await ledger()).toMatchObject([{ amount: 1500, currency: 'usd', status: 'captured', captured: 1500, refunded: 0 }]);
    // The reconciler asks the processor and records what it did; the key never charges again.
    await t.control('POST', '/clock', { advanceSeconds: 30 });
    const intent = await t.call('GET', `/v1/payment_intents/${res.body.payment_intent}`, undefined, secretKey(m.secret));
    expect(intent.body.status).toBe('succeeded');
    await pay(pm, 'k-lost');
    expect(await ledger()).toHaveLength(1);
  });

  it('slow: the processor acts at once and answers after delayMs, past the service timeout', async () => {
    const pm = await card();
    await arm({ operation: 'charge', kind: 'slow', delayMs: 1500, merchant: m.id });
    const res = await pay(pm, 'k-slow');
    expect(res.body.code).toBe('payment_outcome_unknown');
    expect(await ledger()).toMatchObject([{ status: 'captured', captured: 1500 }]);
  });

  it('hold: the call reaches the processor only when released, then it is acted on', async () => {
    const pm = await card();
    const f = await arm({ operation: 'charge', kind: 'hold', merchant: m.id });
    const res = await pay(pm, 'k-hold');
    expect(res.body.code).toBe('payment_outcome_unknown');
    expect((await t.control('GET', '/faults')).body.data[0]).toMatchObject({ id: f.id, remaining: 0, held: 1 });
    expect(await ledger()).toEqual([]);
    expect((await t.control('POST', `/faults/${f.id}/release`)).body).toEqual({ released: 1 });
    expect(await ledger()).toMatchObject([{ status: 'captured', captured: 1500 }]);
    expect((await t.control('GET', '/faults')).body.data[0]).toMatchObject({ held: 0 });
  });

  it('hold, then delete: the held call is dropped and never reaches the processor', async () => {
    const pm = await card();
    const f = await arm({ operation: 'charge', kind: 'hold', merchant: m.id });
    await pay(pm, 'k-drop');
    expect((await t.control('DELETE', `/faults/${f.id}`)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 100));
    expect(await ledger()).toEqual([]);
  });
});

describe('scope', () => {
  it('count, merchant and operation decide which calls a fault takes', async () => {
    const other = await t.merchant();
    const pm = await card();
    const f = await arm({ operation: 'charge', kind: 'down', count: 2, merchant: m.id });
    await arm({ operation: 'refund', kind: 'down' });
    // Another merchant's charge passes; this merchant's first two are refused, the third passes.
    const theirs = await t.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', currency: 'usd' }, { ...secretKey(other.secret), 'Idempotency-Key': 'o-1' });
    const theirPay = await t.call('POST', '/v1/payment_intents', { amount: 700, currency: 'usd', payment_method: { id: theirs.body.id } }, { ...secretKey(other.secret), 'Idempotency-Key': 'o-2' });
    expect(theirPay.body.status).toBe('succeeded');
    expect((await pay(pm, 'c-1')).status).toBe(502);
    expect((await pay(pm, 'c-2')).status).toBe(502);
    expect((await t.control('GET', '/faults')).body.data.find((x: { id: string }) => x.id === f.id).remaining).toBe(0);
    const third = await pay(pm, 'c-3');
    expect(third.body.status).toBe('succeeded');
    expect((await ledger()).map((e) => e.amount)).toEqual([1500]);
    expect((await ledger(other.id)).map((e) => e.amount)).toEqual([700]);
    // The ledger without a merchant is every merchant's.
    expect((await t.control('GET', '/processor/transactions')).body.data).toHaveLength(2);
    // The refund fault takes the refund, and nothing is refunded.
    const refund = await t.call('POST', '/v1/refunds', { payment_intent: third.body.id, amount: 500 }, { ...secretKey(m.secret), 'Idempotency-Key': 'r-1' });
    expect(refund.status).toBe(502);
    expect((await ledger())[0]).toMatchObject({ refunded: 0 });
  });
});
