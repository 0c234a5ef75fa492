/**
 * A store or limiter that fails under a request (Doc 1, Errors and Idempotency 6): the answer is
 * the spec's 503 with `Retry-After`, never a 500, and nothing reaches the processor. The failures
 * are real: a table of the service's database dropped under it, a rate limiter whose database
 * does not listen.
 */
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from '../../faults/world.ts';
import { PgRateLimiter } from '../../middleware/rate-limit-postgres.ts';

let w: FaultWorld;
afterEach(() => w.close());
const rows = (table: 'payment_intents' | 'sessions') => (w.t.store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** The answer is Doc 1's 503 of `code`: retryable, with a Retry-After the envelope repeats. */
function expectUnavailable(res: { status: number; body: Record<string, unknown>; headers: Headers }, code: string) {
  expect([res.status, res.body.code]).toEqual([503, code]);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(res.body).toMatchObject({ retryAfterSeconds: wait, selfHeal: { retryable: true, actions: [{ retryAfterSeconds: wait }] } });
}

describe('the store fails under a charge', () => {
  it('a payment whose Idempotency-Key cannot be reserved is 503 charge_reservation_unavailable, nothing charged', async () => {
    w = await faultWorld();
    const pm = await w.card();
    const before = await w.ledger();
    w.t.store.db.exec('DROP TABLE idempotency');
    expectUnavailable(await w.pay(pm, 'pay-1'), 'charge_reservation_unavailable');
    expect(await w.ledger()).toEqual(before);
    expect(rows('payment_intents')).toBe(0);
  });

  it('a payment without a key whose attempt cannot be written is the same 503, nothing charged', async () => {
    w = await faultWorld();
    const pm = await w.card();
    const before = await w.ledger();
    w.t.store.db.exec('DROP TABLE payment_attempts');
    const res = await w.t.call('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id: pm } }, { Authorization: `Bearer ${w.m.secret}` });
    expectUnavailable(res, 'charge_reservation_unavailable');
    expect(await w.ledger()).toEqual(before);
    expect(rows('payment_intents')).toBe(0);
  });

  it('a keyed write that creates no payment is 503 service_unavailable when its key cannot be reserved', async () => {
    w = await faultWorld();
    w.t.store.db.exec('DROP TABLE idempotency');
    const res = await w.post('/v1/sessions', { amount: 1000, currency: 'usd' }, { 'Idempotency-Key': 'session-1' });
    expectUnavailable(res, 'service_unavailable');
    expect(rows('sessions')).toBe(0);
  });
});

describe('the keys cannot be read', () => {
  it('answers 503 auth_service_unavailable with Retry-After, not 500 and not 401', async () => {
    w = await faultWorld();
    // A key this process has not read yet (the store keeps the ones it read in memory).
    const other = await w.t.merchant();
    const key = { Authorization: `Bearer ${other.secret}` };
    const before = await w.ledger();
    w.t.store.db.exec('DROP TABLE api_keys');
    expectUnavailable(await w.t.call('GET', '/v1/sessions/cs_test_anything', undefined, key), 'auth_service_unavailable');
    expectUnavailable(await w.t.call('POST', '/v1/sessions', { amount: 1000, currency: 'usd' }, key), 'auth_service_unavailable');
    expect(rows('sessions')).toBe(0);
    expect(await w.ledger()).toEqual(before);
  });
});

describe('the rate limiter is down', () => {
  it('answers 503 rate_limit_service_unavailable: no limit exceeded, nothing done', async () => {
    w = await faultWorld();
    const pm = await w.card();
    const before = await w.ledger();
    // A limiter on a database that does not listen: every count fails as it would with its database down.
    const nowhere = postgres('postgres://svcpay@127.0.0.1:1/svcpay', { max: 1, connect_timeout: 2, onnotice: () => undefined });
    w.t.deps.limiter = new PgRateLimiter(nowhere);
    try {
      expectUnavailable(await w.pay(pm, 'pay-3'), 'rate_limit_service_unavailable');
      expectUnavailable(await w.t.call('GET', '/api/health?deep=true'), 'rate_limit_service_unavailable');
    } finally {
      await nowhere.end({ timeout: 1 });
    }
    expect(await w.ledger()).toEqual(before);
    expect(rows('payment_intents')).toBe(0);
  });
});
