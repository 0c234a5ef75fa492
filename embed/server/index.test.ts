import { describe, expect, it } from 'vitest';
import { testApp } from '../../src/server/testing.ts';
import { createSvcPayClient } from './index.ts';

const BODY = { amount: 1999, currency: 'usd', description: 'Tee' };

/** A client that reaches a test app in-process: the same requests, no socket. */
async function world() {
  const t = await testApp();
  const { keys, merchant } = await t.merchant();
  const seen: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    seen.push(req.clone());
    return t.app.request(req);
  };
  const svcpay = createSvcPayClient({ secretKey: keys.secret, baseUrl: 'http://svcpay.test/', fetch });
  return { t, keys, merchant, svcpay, seen, fetch };
}

describe('createSvcPayClient', () => {
  it('creates a session with the secret key and reads it back by id', async () => {
    const { svcpay, seen } = await world();
    const created = await svcpay.POST('/v1/sessions', { body: BODY });
    expect(created.response.status).toBe(201);
    expect(created.error).toBeUndefined();
    const id = created.data!.id;
    expect(created.data!.checkoutUrl).toBe(`http://localhost:4242/pay/${id}`);
    const read = await svcpay.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId: id } } });
    expect(read.data).toMatchObject({ id, amount: 1999, currency: 'USD', status: 'pending' });
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /v1/sessions', `GET /v1/sessions/${id}`]);
    expect(seen.every((r) => /^Bearer vp_sk_test_/.test(r.headers.get('authorization') ?? ''))).toBe(true);
  });

  it('answers a refused request with the error envelope as `error`, and no data', async () => {
    const { svcpay, t } = await world();
    const res = await svcpay.POST('/v1/sessions', { body: { ...BODY, amount: -5 } });
    expect(res.data).toBeUndefined();
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'validation_invalid_amount', docs: expect.stringMatching(/\/docs\/errors#validation_invalid_amount$/) });
    expect(await t.count('sessions')).toBe(0);
  });

  it('replays a create sent again with its Idempotency-Key: one session', async () => {
    const { svcpay, t } = await world();
    const init = { body: BODY, headers: { 'Idempotency-Key': 'order-7' } };
    const a = await svcpay.POST('/v1/sessions', init);
    const b = await svcpay.POST('/v1/sessions', init);
    expect([a.response.status, b.response.status]).toEqual([201, 200]);
    expect(b.data!.id).toBe(a.data!.id);
    expect(await t.count('sessions')).toBe(1);
  });

  it('dry-runs a create: valid, nothing made', async () => {
    const { svcpay, t } = await world();
    const res = await svcpay.dryRunSession(BODY);
    expect(res.data).toEqual({ valid: true, warnings: [] });
    expect(await t.count('sessions')).toBe(0);
    const bad = await svcpay.dryRunSession({ ...BODY, currency: 'zzz' });
    expect(bad.data).toBeUndefined();
    expect(bad.error).toMatchObject({ code: expect.any(String) });
  });

  it('pins the API version on every request when asked', async () => {
    const { keys, fetch } = await world();
    const pinned = createSvcPayClient({ secretKey: keys.secret, baseUrl: 'http://svcpay.test', apiVersion: '2026-04-14', fetch });
    const res = await pinned.POST('/v1/sessions', { body: BODY });
    expect(res.response.headers.get('svc-pay-version')).toBe('2026-04-14');
  });

  it('refuses a publishable key, a missing key and a stranger before any request', () => {
    const sent: unknown[] = [];
    const fetch = async (...args: unknown[]) => (sent.push(args), new Response('{}'));
    expect(() => createSvcPayClient({ secretKey: 'vp_pk_test_abcdefgh12345678', fetch })).toThrow(/publishable key .*secret key/);
    expect(() => createSvcPayClient({ secretKey: '', fetch })).toThrow(/needs `secretKey`/);
    expect(() => createSvcPayClient({ secretKey: 'sk_test_stripe123', fetch })).toThrow(/not a svcpay secret key/);
    expect(() => createSvcPayClient(undefined as never)).toThrow(TypeError);
    expect(sent).toEqual([]);
  });
});
