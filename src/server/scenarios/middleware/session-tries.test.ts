/**
 * Issue 32, finding 4: a session's tries (its per-session buckets) are spent only by calls that
 * passed the key, the origin check and the route's schemas. With the public publishable key,
 * calls from a foreign `Origin` or with a malformed body used them up, and the real buyer (another
 * address) got 429. Per-IP buckets still count every call (Doc 3), so each refused call here comes
 * from an address of its own.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';

type T = Awaited<ReturnType<typeof testApp>>;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
const FRAME = { Origin: SERVICE };
const FOREIGN = { Origin: 'https://attacker.example' };

async function merchantSession(t: T, extra: Record<string, unknown>) {
  const m = await t.merchant({ settings: { sameSessionRetry: 10 } });
  const s = (await (await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd', ...extra }, bearer(m.keys.secret))).json()) as { id: string };
  return { pk: bearer(m.keys.publishable), sessionId: s.id };
}

/** `n` refused calls, each from its own address, all answering `status`. */
async function refused(n: number, status: number, call: (ip: string) => Response | Promise<Response>, from: number) {
  for (let i = 0; i < n; i++) expect((await call(`203.0.113.${from + i}`)).status).toBe(status);
}

describe('a session’s tries, spent only by calls that could pay (issue 32, finding 4)', () => {
  it('POST /v1/public/sessions/{id}/charge: foreign Origin and malformed bodies leave the buyer’s six tries', async () => {
    const t = await testApp();
    const { pk, sessionId } = await merchantSession(t, { integrationMode: 'elements', chargeAtSubmit: true });
    const charge = (body: unknown, headers: Record<string, string>, ip: string) => t.json('POST', `/v1/public/sessions/${sessionId}/charge`, body, { ...pk, ...headers }, ip);
    await refused(7, 403, (ip) => charge({ card: CARD }, FOREIGN, ip), 0);
    await refused(7, 400, (ip) => charge({ card: CARD, extra: 1 }, FRAME, ip), 10);
    await refused(7, 400, (ip) => charge({ card: { number: 'nope' } }, FRAME, ip), 20);
    const buyer = await charge({ card: CARD }, FRAME, '192.0.2.50');
    expect(buyer.status).toBe(200);
    expect(buyer.headers.get('x-ratelimit-remaining')).toBe('5');
  });

  it('POST /v1/public/tokens: foreign Origin and malformed bodies naming the session leave its tries', async () => {
    const t = await testApp();
    const { pk, sessionId } = await merchantSession(t, { integrationMode: 'elements', chargeAtSubmit: false });
    const vault = (body: unknown, headers: Record<string, string>, ip: string) => t.json('POST', '/v1/public/tokens', body, { ...pk, ...headers }, ip);
    await refused(7, 403, (ip) => vault({ sessionId, card: CARD }, FOREIGN, ip), 0);
    await refused(7, 400, (ip) => vault({ sessionId, card: CARD, extra: 1 }, FRAME, ip), 10);
    await refused(7, 400, (ip) => vault({ sessionId, card: { ...CARD, cvc: 7 } }, FRAME, ip), 20);
    const buyer = await vault({ sessionId, card: CARD }, FRAME, '192.0.2.50');
    expect(buyer.status).toBe(201);
    expect(buyer.headers.get('x-ratelimit-remaining')).toBe('5');
  });

  it('POST /api/checkout/init and /complete: malformed bodies leave the session’s ten', async () => {
    const t = await testApp();
    const { sessionId } = await merchantSession(t, { successUrl: 'http://127.0.0.1:4244/ok' });
    const post = (path: string, body: unknown, ip: string) => t.json('POST', path, body, FRAME, ip);
    await refused(6, 400, (ip) => post('/api/checkout/init', { sessionId, extra: 1 }, ip), 0);
    await refused(6, 400, (ip) => post('/api/checkout/complete', { sessionId, transactionId: 7 }, ip), 10);
    await refused(6, 403, (ip) => t.json('POST', '/api/checkout/init', { sessionId }, FOREIGN, ip), 20);
    const buyer = await post('/api/checkout/init', { sessionId }, '192.0.2.50');
    expect(buyer.status).toBe(200);
    expect(buyer.headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('POST /api/checkout/buyer-details: malformed bodies leave the session’s twenty', async () => {
    const t = await testApp();
    const { sessionId } = await merchantSession(t, { successUrl: 'http://127.0.0.1:4244/ok' });
    const save = (body: unknown, headers: Record<string, string>, ip: string) => t.json('POST', '/api/checkout/buyer-details', body, headers, ip);
    await refused(21, 400, (ip) => save({ sessionId, buyer: 'everything' }, FRAME, ip), 0);
    await refused(21, 403, (ip) => save({ sessionId, buyer: {} }, FOREIGN, ip), 30);
    const buyer = await save({ sessionId, buyer: { email: 'ada@example.com' } }, FRAME, '192.0.2.50');
    expect(buyer.status).toBe(200);
    expect(buyer.headers.get('x-ratelimit-remaining')).toBe('19');
  });

  it('GET /v1/public/sessions/{id}/embed-token: calls refused at auth leave the session’s ten', async () => {
    const t = await testApp();
    const { pk, sessionId } = await merchantSession(t, {});
    const poll = (headers: Record<string, string>, ip: string) => t.json('GET', `/v1/public/sessions/${sessionId}/embed-token`, undefined, headers, ip);
    await refused(12, 401, (ip) => poll(bearer('vp_pk_test_notARealKey000'), ip), 0);
    const buyer = await poll(pk, '192.0.2.50');
    expect(buyer.status).toBe(200);
    expect(await buyer.json()).toMatchObject({ ready: true });
  });
});
