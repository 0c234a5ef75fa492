/**
 * Issue 18, finding 6 (Doc 3 decision "redirect URLs on a publishable-key session"): a publishable
 * key is public, so it may not choose where the service's own page sends a buyer. Its `successUrl`
 * and `cancelUrl` must be on an origin the merchant listed in `settings.redirectOrigins`.
 */
import { expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';

const BODY = { amount: 1999, currency: 'usd' };

async function world(redirectOrigins?: unknown) {
  const t = await testApp();
  const m = await t.merchant(redirectOrigins === undefined ? {} : { settings: { redirectOrigins } as never });
  const create = async (key: string, body: Record<string, unknown>) => {
    const res = await t.json('POST', '/v1/sessions', { ...BODY, ...body }, bearer(key));
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  return { t, m, create };
}

it('refuses a publishable key’s success or cancel URL on an origin the merchant did not list, creating nothing', async () => {
  const w = await world();
  for (const body of [{ successUrl: 'https://evil.example/phish' }, { cancelUrl: 'https://evil.example/phish' }, { successUrl: 'http://localhost:4244/ok' }]) {
    const res = await w.create(w.m.keys.publishable, body);
    expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 'validation_url_scheme_forbidden', error: expect.stringMatching(/redirectOrigins/) } });
  }
  expect((await w.t.count('sessions'))).toBe(0);
  // A secret key may name any URL the mode allows.
  expect((await w.create(w.m.keys.secret, { successUrl: 'https://evil.example/anything', cancelUrl: 'http://localhost:4244/' })).status).toBe(201);
});

it('takes a publishable key’s URLs on a listed origin, and only there', async () => {
  const w = await world(['https://Shop.Example', 'http://localhost:4244']);
  expect((await w.create(w.m.keys.publishable, { successUrl: 'https://shop.example/thanks?order=7', cancelUrl: 'http://localhost:4244/cart' })).status).toBe(201);
  for (const url of ['https://shop.example:8443/thanks', 'http://shop.example/thanks', 'https://shop.example.evil.test/', 'https://evil.example/?https://shop.example']) {
    expect((await w.create(w.m.keys.publishable, { successUrl: 'https://shop.example/ok', cancelUrl: url })).status, url).toBe(400);
  }
});

it('keeps settings.redirectOrigins to origins: a path, another scheme or a non-URL is refused', async () => {
  const t = await testApp();
  const m = await t.merchant();
  for (const bad of [['https://shop.example/thanks'], ['javascript:alert(1)'], ['shop.example'], ['ftp://shop.example']]) {
    const res = await t.json('PATCH', `/_sandbox/merchants/${m.merchant.id}`, { settings: { redirectOrigins: bad } });
    expect(res.status, JSON.stringify(bad)).toBe(400);
  }
  const ok = await t.json('PATCH', `/_sandbox/merchants/${m.merchant.id}`, { settings: { redirectOrigins: ['https://shop.example/'] } });
  expect(ok.status).toBe(200);
  expect((await ok.json()).settings.redirectOrigins).toEqual(['https://shop.example']);
});
