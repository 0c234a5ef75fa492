import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, fromIp, testApp } from '../../testing.ts';
import { loadConfig } from '../../env.ts';
import { SIGNATURE_HEADER, WEBHOOK_MARK_HEADER } from '../../../platform/signature.ts';

type T = Awaited<ReturnType<typeof testApp>>;
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** A raw call, so each test says exactly which headers go out; from this machine unless `peer` says otherwise. */
const call = (t: T, path: string, init: { method?: string; headers?: Record<string, string>; body?: string; peer?: string } = {}) =>
  t.app.request(path, { method: init.method ?? 'GET', headers: init.headers ?? {}, body: init.body }, fromIp(init.peer ?? '127.0.0.1'));

/** The service clock runs with wall time; a refused advance of an hour would show as a jump. */
const clockNow = (t: T) => t.deps.clock.nowMs();
const unmoved = (t: T, before: number) => expect(clockNow(t) - before).toBeLessThan(60_000);
const merchantCount = async (t: T) => ((await t.query('SELECT count(*) AS n FROM merchants'))[0] as { n: number }).n;

async function refused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { code: string; error: string };
  expect(body.code).toBe(code);
  return body.error;
}

describe('control API: Host', () => {
  it.each(['localhost', 'localhost:4242', 'LOCALHOST:9', '127.0.0.1', '127.0.0.1:4242', '[::1]', '[::1]:4242'])('serves the loopback name %s', async (host) => {
    const t = await testApp();
    expect((await call(t, '/_sandbox/clock', { headers: { Host: host } })).status).toBe(200);
  });

  it.each(['localhost.evil.test', 'localhost.evil.test:4242', '127.0.0.1.nip.io', '127.0.0.1.nip.io:4242', 'evil.test', 'evil.test:4242', '10.0.0.5:4242', 'localhost:4242@evil.test', '', 'localhost.'])(
    'refuses Host %j (DNS rebinding sends the attacker’s name) with 403 origin_forbidden, before acting',
    async (host) => {
      const t = await testApp();
      const before = clockNow(t);
      const res = await call(t, '/_sandbox/clock', { method: 'POST', headers: { Host: host, ...JSON_TYPE }, body: '{"advanceSeconds":3600}' });
      expect(await refused(res, 403, 'origin_forbidden')).toMatch(/Host/);
      unmoved(t, before);
    },
  );

  it('refuses a foreign host named only in the URL, and on a percent-encoded path', async () => {
    const t = await testApp();
    await refused(await call(t, 'http://evil.test/_sandbox/clock'), 403, 'origin_forbidden');
    await refused(await call(t, 'http://evil.test/%5Fsandbox/clock'), 403, 'origin_forbidden');
  });

  it('serves the public host of SVCPAY_PUBLIC_URL on its port only', async () => {
    const t = await testApp({ SVCPAY_PUBLIC_URL: 'https://pay.example.test' });
    for (const host of ['pay.example.test', 'PAY.example.test:443', 'localhost:4242']) {
      expect((await call(t, '/_sandbox/clock', { headers: { Host: host } })).status, host).toBe(200);
    }
    for (const host of ['pay.example.test:8443', 'pay.example.test.evil.test', 'example.test']) {
      await refused(await call(t, '/_sandbox/clock', { headers: { Host: host } }), 403, 'origin_forbidden');
    }
  });
});

describe('control API: Origin', () => {
  it.each(['http://evil.test', 'http://127.0.0.1:4244', 'http://localhost:4242.evil.test', 'http://localhost:42420', 'https://localhost:4242', 'null', ''])(
    'refuses a browser Origin %j with 403 origin_forbidden, creating nothing',
    async (origin) => {
      const t = await testApp();
      const res = await call(t, '/_sandbox/merchants', { method: 'POST', headers: { Origin: origin, ...JSON_TYPE }, body: '{}' });
      expect(await refused(res, 403, 'origin_forbidden')).toMatch(/Origin/);
      expect((await merchantCount(t))).toBe(0);
    },
  );

  it('refuses a request the browser marks as cross-site even without an Origin', async () => {
    const t = await testApp();
    await refused(await call(t, '/_sandbox/clock', { headers: { 'Sec-Fetch-Site': 'cross-site' } }), 403, 'origin_forbidden');
  });

  it('serves calls the browser marks as same-origin or user-started (Sec-Fetch-Site)', async () => {
    const t = await testApp();
    for (const site of ['same-origin', 'none']) {
      expect((await call(t, '/_sandbox/clock', { headers: { 'Sec-Fetch-Site': site } })).status, site).toBe(200);
    }
  });

  it('serves the service’s own origin and callers that send none', async () => {
    const t = await testApp();
    expect((await call(t, '/_sandbox/merchants', { method: 'POST', headers: { Origin: SERVICE, ...JSON_TYPE }, body: '{}' })).status).toBe(201);
    expect((await call(t, '/_sandbox/merchants', { method: 'POST', headers: JSON_TYPE, body: '{}' })).status).toBe(201);
  });
});

describe('control API: writes must declare JSON', () => {
  const forms: [string, Record<string, string>, string | undefined][] = [
    ['a form post', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'advanceSeconds=3600'],
    ['a multipart form', { 'Content-Type': 'multipart/form-data; boundary=x' }, '--x--'],
    ['text/plain holding JSON', { 'Content-Type': 'text/plain' }, '{"advanceSeconds":3600}'],
    ['no Content-Type and no body', {}, undefined],
  ];

  it.each(forms)('refuses %s with 415 before acting', async (_, headers, body) => {
    const t = await testApp();
    const m = await t.merchant();
    const before = clockNow(t);
    await refused(await call(t, '/_sandbox/clock', { method: 'POST', headers, body }), 415, 'unsupported_media_type');
    await refused(await call(t, `/_sandbox/merchants/${m.merchant.id}/rotate_keys`, { method: 'POST', headers, body }), 415, 'unsupported_media_type');
    await refused(await call(t, `/_sandbox/merchants/${m.merchant.id}`, { method: 'PATCH', headers, body }), 415, 'unsupported_media_type');
    unmoved(t, before);
    expect((await t.store.read.merchants.findKey(m.keys.secret))?.expiresAt).toBeNull();
  });

  it('rotates keys on a JSON `{}` and reads the clock with a plain GET', async () => {
    const t = await testApp();
    const m = await t.merchant();
    const res = await call(t, `/_sandbox/merchants/${m.merchant.id}/rotate_keys`, { method: 'POST', headers: JSON_TYPE, body: '{}' });
    expect(res.status).toBe(200);
    expect((await call(t, '/_sandbox/clock')).status).toBe(200);
  });
});

describe('control API: never a webhook delivery (issue 32, finding 1)', () => {
  const marks: [string, Record<string, string>][] = [
    ['the sender’s mark', { [WEBHOOK_MARK_HEADER]: '1' }],
    ['the mark with any value', { 'Svc-Pay-Webhook': '' }],
    ['a webhook signature', { [SIGNATURE_HEADER]: 't=1,v1=00' }],
  ];
  it.each(marks)('refuses a loopback call that carries %s with 403 origin_forbidden, before acting', async (_, mark) => {
    const t = await testApp();
    const m = await t.merchant();
    const before = clockNow(t);
    const headers = { Host: 'localhost:4242', ...JSON_TYPE, ...mark };
    expect(await refused(await call(t, `/_sandbox/merchants/${m.merchant.id}/rotate_keys`, { method: 'POST', headers, body: '{}' }), 403, 'origin_forbidden')).toMatch(/webhook/);
    await refused(await call(t, '/_sandbox/clock', { method: 'POST', headers, body: '{"advanceSeconds":3600}' }), 403, 'origin_forbidden');
    await refused(await call(t, '/_sandbox/clock', { headers: mark }), 403, 'origin_forbidden');
    unmoved(t, before);
    expect((await t.store.read.merchants.findKey(m.keys.secret))?.expiresAt).toBeNull();
  });
});

describe('control API: SVCPAY_CONTROL_TOKEN', () => {
  const TOKEN = 'control-token-for-tests-0123456789';

  it('refuses a call without the token with 401 auth_missing_bearer, and a wrong one with auth_invalid_key', async () => {
    const t = await testApp({ SVCPAY_CONTROL_TOKEN: TOKEN });
    await refused(await call(t, '/_sandbox/clock'), 401, 'auth_missing_bearer');
    for (const wrong of [TOKEN.slice(0, -1), TOKEN + 'x', 'x', TOKEN.toUpperCase()]) {
      await refused(await call(t, '/_sandbox/clock', { headers: bearer(wrong) }), 401, 'auth_invalid_key');
    }
    // The token must be the whole header after `Bearer`: nothing before it, nothing after it.
    for (const header of [`Token Bearer ${TOKEN}`, `Bearer ${TOKEN} extra`, `Bearer ${TOKEN}x y`]) {
      await refused(await call(t, '/_sandbox/clock', { headers: { Authorization: header } }), 401, 'auth_missing_bearer');
    }
    await refused(await call(t, '/_sandbox/merchants', { method: 'POST', headers: { ...JSON_TYPE, Authorization: TOKEN }, body: '{}' }), 401, 'auth_missing_bearer');
    expect((await merchantCount(t))).toBe(0);
  });

  it('serves a call that carries the token', async () => {
    const t = await testApp({ SVCPAY_CONTROL_TOKEN: TOKEN });
    expect((await call(t, '/_sandbox/clock', { headers: bearer(TOKEN) })).status).toBe(200);
    expect((await call(t, '/_sandbox/clock', { headers: { Authorization: `bearer   ${TOKEN} ` } })).status).toBe(200);
    expect((await call(t, '/_sandbox/merchants', { method: 'POST', headers: { ...JSON_TYPE, ...bearer(TOKEN) }, body: '{}' })).status).toBe(201);
  });

  it('asks for no token when the variable is unset, and refuses an empty one at start', async () => {
    await expect(testApp({ SVCPAY_CONTROL_TOKEN: '' })).rejects.toThrow(/SVCPAY_CONTROL_TOKEN/);
  });
});

describe('control API off', () => {
  it('answers 404 on every route, even to a foreign host', async () => {
    const t = await testApp({ SVCPAY_CONTROL: 'off' });
    await refused(await call(t, '/_sandbox/clock', { headers: { Host: 'evil.test' } }), 404, 'route_not_found');
  });
});

describe('control API: the socket’s peer, not only Host (issue 18, finding 5)', () => {
  const TOKEN = 'control-token-for-tests-0123456789';

  it.each(['10.0.0.5', '192.168.1.20', '203.0.113.9', 'fd00::5', '::ffff:10.0.0.5', '::127.0.0.1'])('refuses a caller at %s that sends Host: localhost, before acting', async (peer) => {
    const t = await testApp();
    const before = clockNow(t);
    const res = await call(t, '/_sandbox/clock', { method: 'POST', headers: { Host: 'localhost:4242', ...JSON_TYPE }, body: '{"advanceSeconds":3600}', peer });
    expect(await refused(res, 403, 'origin_forbidden')).toMatch(/this machine|SVCPAY_CONTROL_TOKEN/);
    unmoved(t, before);
    expect((await call(t, '/_sandbox/merchants', { method: 'POST', headers: JSON_TYPE, body: '{}', peer })).status).toBe(403);
    expect((await merchantCount(t))).toBe(0);
  });

  it.each(['127.0.0.1', '127.8.9.10', '127.100.200.250', '::1', '::ffff:127.0.0.1'])('serves a caller at the loopback address %s', async (peer) => {
    const t = await testApp();
    expect((await call(t, '/_sandbox/clock', { peer })).status).toBe(200);
  });

  it('serves a caller on another machine that carries the control token, and only then', async () => {
    const t = await testApp({ SVCPAY_CONTROL_TOKEN: TOKEN });
    expect((await call(t, '/_sandbox/clock', { peer: '10.0.0.5', headers: bearer(TOKEN) })).status).toBe(200);
    await refused(await call(t, '/_sandbox/clock', { peer: '10.0.0.5' }), 401, 'auth_missing_bearer');
  });

  it('refuses to start on a listener other machines reach with the control API on and no token', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'shop.internal']) {
      expect(() => loadConfig({ HOST: host }), host).toThrow(/SVCPAY_CONTROL_TOKEN/);
      expect(loadConfig({ HOST: host, SVCPAY_CONTROL_TOKEN: TOKEN }).host).toBe(host);
      expect(loadConfig({ HOST: host, SVCPAY_CONTROL: 'off' }).control).toBe(false);
    }
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) expect(loadConfig({ HOST: host }).host, host).toBe(host);
    expect(loadConfig({}).host).toBeUndefined();
  });
});
