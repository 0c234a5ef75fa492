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

it('refuses a success or cancel URL that does not show the host it goes to, and stores the parsed URL (issue 32, finding 10c)', async () => {
  const w = await world(['https://shop.example.com']);
  for (const key of [w.m.keys.publishable, w.m.keys.secret]) {
    for (const url of ['https://shop.example.com\\@evil.example/', 'https://shop.example.com@evil.example/', 'https://shop.example.com/\tthanks', 'https://shop%2eexample.com/']) {
      const res = await w.create(key, { successUrl: 'https://shop.example.com/ok', cancelUrl: url });
      expect(res, url).toMatchObject({ status: 400, body: { code: 'validation_error', error: expect.stringMatching(/cancelUrl must show the host/) } });
    }
  }
  expect(await w.t.count('sessions')).toBe(0);
  const made = await w.create(w.m.keys.publishable, { successUrl: 'https://SHOP.example.com:443/thanks?order=7', cancelUrl: 'https://shop.example.com' });
  expect(made.body).toMatchObject({ successUrl: 'https://shop.example.com/thanks?order=7', cancelUrl: 'https://shop.example.com/' });
  const read = await (await w.t.json('GET', `/v1/sessions/${made.body.id}`, undefined, bearer(w.m.keys.secret))).json();
  expect(read).toMatchObject({ successUrl: 'https://shop.example.com/thanks?order=7', cancelUrl: 'https://shop.example.com/' });
});

it('keeps misleading spellings out of settings.redirectOrigins too', async () => {
  const t = await testApp();
  const m = await t.merchant();
  for (const bad of ['https://shop.example\\@evil.example', 'https://a@shop.example', ' https://shop.example', 'https://shop%2eexample']) {
    expect((await t.json('PATCH', `/_sandbox/merchants/${m.merchant.id}`, { settings: { redirectOrigins: [bad] } })).status, bad).toBe(400);
  }
});
