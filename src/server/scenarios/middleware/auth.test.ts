import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';

const SESSION = { amount: 1000, currency: 'usd' };

describe('bearer auth', () => {
  it('refuses a request without a bearer header with auth_missing_bearer', async () => {
    const { json } = await testApp();
    const res = await json('GET', '/v1/sessions/vp_cs_test_abc');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('auth_missing_bearer');
  });

  it('refuses a malformed or unknown key with auth_invalid_key', async () => {
    const { json } = await testApp();
    for (const key of ['nonsense', 'vp_sk_test_doesnotexist123']) {
      const res = await json('POST', '/v1/sessions', SESSION, bearer(key));
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('auth_invalid_key');
    }
  });

  it('uses the _publishable codes on /v1/public routes', async () => {
    const { json } = await testApp();
    const missing = await json('GET', '/v1/public/sessions/vp_cs_test_abc');
    expect((await missing.json()).code).toBe('auth_missing_bearer_publishable');
    const bad = await json('GET', '/v1/public/sessions/vp_cs_test_abc', undefined, bearer('vp_pk_test_unknownkey123'));
    expect((await bad.json()).code).toBe('auth_invalid_key_publishable');
  });

  it('refuses a publishable key on a secret-key route with 403 auth_key_type_forbidden', async () => {
    const { json, merchant } = await testApp();
    const { keys } = await merchant();
    const created = await (await json('POST', '/v1/sessions', SESSION, bearer(keys.secret))).json();
    const res = await json('GET', `/v1/sessions/${created.id}`, undefined, bearer(keys.publishable));
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('auth_key_type_forbidden');
  });

  it('refuses a secret key on every public route', async () => {
    const { json, merchant } = await testApp();
    const { keys } = await merchant();
    for (const path of ['/v1/public/sessions/vp_cs_test_x', '/v1/public/binder-load']) {
      const res = await json('GET', path, undefined, bearer(keys.secret));
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('auth_key_type_forbidden');
    }
  });

  it('hides another merchant’s session behind a 404, never a 403', async () => {
    const { json, merchant } = await testApp();
    const a = (await merchant()).keys;
    const b = (await merchant()).keys;
    const created = await (await json('POST', '/v1/sessions', SESSION, bearer(a.secret))).json();
    const res = await json('GET', `/v1/sessions/${created.id}`, undefined, bearer(b.secret));
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('session_not_found');
  });

  it('keeps test and live apart: a live key cannot read a test session', async () => {
    const { json, merchant, deps } = await testApp();
    const test = await merchant();
    const created = await (await json('POST', '/v1/sessions', SESSION, bearer(test.keys.secret))).json();
    const liveKey = 'vp_sk_live_sameMerchantLiveKey0001';
    await deps.store.tx((r) => r.merchants.addKey(liveKey, test.merchant.id, 'secret', true, deps.clock.iso()));
    const res = await json('GET', `/v1/sessions/${created.id}`, undefined, bearer(liveKey));
    expect(res.status).toBe(404);
  });

  it('refuses a disabled merchant with auth_merchant_inactive', async () => {
    const { json, merchant } = await testApp();
    const m = await merchant();
    await json('PATCH', `/_sandbox/merchants/${m.merchant.id}`, { status: 'inactive' });
    const res = await json('POST', '/v1/sessions', SESSION, bearer(m.keys.secret));
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('auth_merchant_inactive');
  });

  it('keeps rotated keys working through the grace window, then answers auth_key_expired', async () => {
    const { json, merchant } = await testApp();
    const m = await merchant();
    const rotated = await (await json('POST', `/_sandbox/merchants/${m.merchant.id}/rotate_keys`, {})).json();
    expect((await json('POST', '/v1/sessions', SESSION, bearer(m.keys.secret))).status).toBe(201);
    await json('POST', '/_sandbox/clock', { advanceSeconds: 24 * 3600 + 1 });
    const old = await json('POST', '/v1/sessions', SESSION, bearer(m.keys.secret));
    expect(old.status).toBe(401);
    expect((await old.json()).code).toBe('auth_key_expired');
    expect((await json('POST', '/v1/sessions', SESSION, bearer(rotated.keys.secret))).status).toBe(201);
  });

  it('reads the header as exactly `Bearer <key>`: any case and spacing around the key, nothing before or after it', async () => {
    const { json, merchant } = await testApp();
    const { keys } = await merchant();
    for (const header of [`Bearer ${keys.secret}`, `bearer   ${keys.secret}`, `BEARER ${keys.secret}  `]) {
      expect((await json('POST', '/v1/sessions', SESSION, { Authorization: header })).status, header).toBe(201);
    }
    for (const header of [`Token Bearer ${keys.secret}`, `Bearer ${keys.secret} ${keys.secret}`, `Bearer ${keys.secret}x y`]) {
      const res = await json('POST', '/v1/sessions', SESSION, { Authorization: header });
      expect([res.status, (await res.json()).code], header).toEqual([401, 'auth_missing_bearer']);
    }
  });
});
