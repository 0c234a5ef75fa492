import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { SERVICE, bearer, testApp } from '../../testing.ts';

const BODY = { amount: 1000, currency: 'usd' };
const CARD = { number: '4000000000000002', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };

describe('rate limits (Doc 1 table)', () => {
  it('allows 10 session creates per minute per IP without a secret key, then answers 429 with its headers', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    for (let i = 0; i < 10; i++) expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '203.0.113.1')).status).toBe(201);
    const res = await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '203.0.113.1');
    expect(res.status).toBe(429);
    const body = ErrorEnvelope.parse(await res.json());
    expect(body.code).toBe('rate_limit_exceeded');
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(body.selfHeal.actions?.[0]?.retryAfterSeconds).toBe(retry);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(res.headers.get('x-ratelimit-limit')).toBe('10');
    expect((await t.count('sessions'))).toBe(10);
    // Another address has its own bucket; the service clock, not the wall clock, slides the window.
    expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '203.0.113.2')).status).toBe(201);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '203.0.113.1')).status).toBe(201);
  });

  it('counts 30 creates per key whatever the address (rate_limit_exceeded_per_key), and skips the 10-per-IP bucket for secret keys', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    for (let i = 0; i < 30; i++) expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret), '203.0.113.9')).status).toBe(201);
    const res = await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret), `198.18.0.${Math.floor(Math.random() * 200)}`);
    expect(res.status).toBe(429);
    expect((await res.json()).code).toBe('rate_limit_exceeded_per_key');
    // The bucket is the key's own: another merchant's key is not held back.
    const other = await t.merchant();
    expect((await t.json('POST', '/v1/sessions', BODY, bearer(other.keys.secret), '198.18.1.1')).status).toBe(201);
  });

  it('holds secret keys to 300 creates per minute per IP, across keys', async () => {
    const t = await testApp();
    const statuses: number[] = [];
    for (let m = 0; m < 11; m++) {
      const { keys } = await t.merchant();
      for (let i = 0; i < (m < 10 ? 30 : 1); i++) statuses.push((await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret), '203.0.113.30')).status);
    }
    expect(statuses.filter((x) => x === 201)).toHaveLength(300);
    expect(statuses.at(-1)).toBe(429);
  });

  it('sends Retry-After as the seconds until the oldest counted call leaves the window', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    for (let i = 0; i < 10; i++) await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '203.0.113.40');
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 30 });
    const res = await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '203.0.113.40');
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(25);
    expect(retry).toBeLessThanOrEqual(30);
  });

  it('describes the bucket with the least remaining on a success', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const resetAt = () => Math.ceil((t.deps.clock.nowMs() + 60_000) / 1000);
    const earliest = resetAt();
    const res = await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable));
    // sessions (10 per IP) is tighter than sessionsPerKey (30 per key).
    expect([res.headers.get('x-ratelimit-limit'), res.headers.get('x-ratelimit-remaining')]).toEqual(['10', '9']);
    // The window's end, a minute after the call (the clock runs: a second may turn during the call).
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(earliest);
    expect(reset).toBeLessThanOrEqual(resetAt());
  });

  it('counts calls refused at auth on the per-IP bucket', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    for (let i = 0; i < 10; i++) expect((await t.json('POST', '/v1/sessions', BODY, bearer('vp_pk_test_notARealKey000'), '203.0.113.5')).status).toBe(401);
    expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '203.0.113.5')).status).toBe(429);
  });

  it('holds card tries per session and per IP whatever Origin or X-Forwarded-For a caller forges', async () => {
    const t = await testApp();
    const { keys } = await t.merchant({ settings: { sameSessionRetry: 10 } });
    const s = await (await t.json('POST', '/v1/sessions', { ...BODY, integrationMode: 'elements', chargeAtSubmit: true }, bearer(keys.secret))).json();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const forged = { ...bearer(keys.publishable), Origin: SERVICE, 'X-Forwarded-For': `10.0.0.${i}` };
      statuses.push((await t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, forged, `192.0.2.${i}`)).status);
    }
    // cardTokenizePerSession: 6 card tries per checkout session, from any address.
    expect(statuses.slice(0, 6).every((x) => x === 200)).toBe(true);
    expect(statuses[6]).toBe(429);
    expect((await t.count('payment_intents'))).toBe(6);
    // Each session has its own six tries; the headers describe that bucket, the tightest.
    const next = await (await t.json('POST', '/v1/sessions', { ...BODY, integrationMode: 'elements', chargeAtSubmit: true }, bearer(keys.secret))).json();
    const res = await t.json('POST', `/v1/public/sessions/${next.id}/charge`, { card: CARD }, { ...bearer(keys.publishable), Origin: SERVICE }, '192.0.2.99');
    expect(res.status).toBe(200);
    expect([res.headers.get('x-ratelimit-limit'), res.headers.get('x-ratelimit-remaining')]).toEqual(['6', '5']);
  });

  it('never lets calls that fail auth, or another merchant’s key, use up a buyer’s tries on a session (issue 18, finding 3)', async () => {
    const t = await testApp();
    const { keys } = await t.merchant({ settings: { sameSessionRetry: 10 } });
    const other = await t.merchant();
    const s = await (await t.json('POST', '/v1/sessions', { ...BODY, integrationMode: 'elements', chargeAtSubmit: true }, bearer(keys.secret))).json();
    const charge = (key: string, ip: string) => t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(key), Origin: SERVICE }, ip);
    for (let i = 0; i < 7; i++) expect((await charge('vp_pk_test_notARealKey000', `203.0.113.${i}`)).status).toBe(401);
    // Another merchant's key counts in a bucket of its own, not the buyer's.
    for (let i = 0; i < 6; i++) expect((await charge(other.keys.publishable, `203.0.113.${10 + i}`)).status).toBe(404);
    expect((await charge(other.keys.publishable, '203.0.113.20')).status).toBe(429);
    const buyer = await charge(keys.publishable, '192.0.2.50');
    expect(buyer.status).toBe(200);
    expect(buyer.headers.get('x-ratelimit-remaining')).toBe('5');
  });

  it('holds one socket address to 20 card tries a minute across sessions, whatever X-Forwarded-For it forges', async () => {
    const t = await testApp();
    const { keys } = await t.merchant({ settings: { sameSessionRetry: 10 } });
    const sessions = [];
    for (let i = 0; i < 4; i++) sessions.push(await (await t.json('POST', '/v1/sessions', { ...BODY, integrationMode: 'elements', chargeAtSubmit: true }, bearer(keys.secret))).json());
    const statuses: number[] = [];
    // 21 tries from one address: 6, 6, 6 and 3 on four sessions, so no session's own bucket (6) is spent.
    for (let i = 0; i < 21; i++) {
      const s = sessions[Math.min(Math.floor(i / 6), 3)];
      const forged = { ...bearer(keys.publishable), Origin: SERVICE, 'X-Forwarded-For': `10.1.0.${i}` };
      statuses.push((await t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, forged, '192.0.2.50')).status);
    }
    expect(statuses.slice(0, 20).every((x) => x !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await t.count('payment_intents'))).toBe(20);
    // Another address has its own 20.
    const other = await t.json('POST', `/v1/public/sessions/${sessions[3].id}/charge`, { card: CARD }, { ...bearer(keys.publishable), Origin: SERVICE }, '192.0.2.51');
    expect(other.status).not.toBe(429);
  });

  it('meters deep health (5 per IP) and never the shallow check or the control API', async () => {
    const t = await testApp();
    for (let i = 0; i < 40; i++) expect((await t.json('GET', '/api/health')).status).toBe(200);
    for (let i = 0; i < 40; i++) expect((await t.json('GET', '/_sandbox/clock')).status).toBe(200);
    const deep = [];
    for (let i = 0; i < 6; i++) deep.push((await t.json('GET', '/api/health?deep=true')).status);
    // Deep health answers 200 or 503 (no processor listens in unit tests); the sixth is metered away.
    expect(deep.map((s) => s === 429)).toEqual([false, false, false, false, false, true]);
  });

  it('meters every keyed route with its own bucket (the limit each answer names)', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    const s = await (await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret))).json();
    const telemetry = { event: 'x.y', sdk: { name: 'svcpay-node', version: '1.0.0' } };
    const cases: [string, string, unknown, string, string][] = [
      ['GET', `/v1/sessions/${s.id}`, undefined, keys.secret, '30'],
      ['GET', '/v1/capabilities', undefined, keys.secret, '30'],
      ['GET', `/v1/public/sessions/${s.id}`, undefined, keys.publishable, '80'],
      ['PATCH', `/v1/sessions/${s.id}`, { amount: 5 }, keys.secret, '300'],
      ['POST', '/v1/sdk-telemetry', telemetry, keys.secret, '30'],
      ['POST', '/v1/public/telemetry/browser', telemetry, keys.publishable, '30'],
      ['GET', '/v1/webhook_listen', undefined, keys.secret, '30'],
    ];
    for (const [method, path, body, key, limit] of cases) {
      const res = await t.json(method, path, body, bearer(key));
      expect(res.headers.get('x-ratelimit-limit'), `${method} ${path} (${res.status})`).toBe(limit);
    }
  });

  it('is off with SVCPAY_RATE_LIMITS=off (load tests)', async () => {
    const t = await testApp({ SVCPAY_RATE_LIMITS: 'off' });
    const { keys } = await t.merchant();
    for (let i = 0; i < 12; i++) expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable))).status).toBe(201);
    // The per-key buckets too (30 creates per key).
    for (let i = 0; i < 31; i++) expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret))).status).toBe(201);
  });

  it('counts an IPv6 client per /64 and a mapped IPv4 peer as its IPv4 address (issue 32, finding 10a)', async () => {
    const t = await testApp();
    const { keys } = await t.merchant();
    // Ten addresses of one /64: one bucket, so the eleventh create is refused.
    for (let i = 1; i <= 10; i++) expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), `2001:db8:1:2::${i.toString(16)}`)).status).toBe(201);
    expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '2001:db8:1:2:abcd::1')).status).toBe(429);
    expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '2001:db8:1:3::1')).status).toBe(201);
    for (let i = 0; i < 10; i++) await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '198.51.100.7');
    expect((await t.json('POST', '/v1/sessions', BODY, bearer(keys.publishable), '::ffff:198.51.100.7')).status).toBe(429);
  });
});
