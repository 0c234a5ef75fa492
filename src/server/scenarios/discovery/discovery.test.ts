import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DiscoveryDocument } from '../../../api/discovery.ts';
import { bearer, testApp } from '../../testing.ts';

describe('GET /.well-known/svcpay.json', () => {
  it('answers without a key with every field Doc 1 lists', async () => {
    const t = await testApp();
    const res = await t.json('GET', '/.well-known/svcpay.json');
    expect(res.status).toBe(200);
    const doc = DiscoveryDocument.parse(await res.json());
    expect(doc.api_version).toBe('2026-04-14');
    expect(Object.keys(doc.endpoints).sort()).toEqual(
      ['capabilities', 'health', 'payment_intents', 'public_binder_load', 'public_sessions', 'public_tokens', 'refunds', 'sessions', 'tokens'].sort(),
    );
    expect(doc.scripts.hosted).toMatchObject({ key_type: 'secret', legacy_url: expect.any(String) });
    expect(doc.scripts.embedded).toMatchObject({ key_type: 'publishable', url: 'http://localhost:4242/js/v1/svcpay.js' });
    expect(doc.embedded.fallback).toEqual({ endpoint: '/v1/sessions', field: 'checkoutUrl' });
    expect(doc.status).toBe('operational');
  });

  it('names every SDK and tool the npm package ships (issue 35, re-audit: Doc 1 lists package names for SDKs and tools)', async () => {
    const t = await testApp();
    const doc = DiscoveryDocument.parse(await (await t.json('GET', '/.well-known/svcpay.json')).json());
    const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { name: string; exports: Record<string, unknown>; bin: Record<string, string> };
    const entries = Object.keys(pkg.exports).filter((p) => p !== './package.json').map((p) => (p === '.' ? pkg.name : `${pkg.name}/${p.slice(2)}`));
    expect(new Set(Object.values(doc.packages))).toEqual(new Set([...entries, ...Object.keys(pkg.bin)]));
    expect(doc.packages).toMatchObject({ browser: 'svcpay', server: 'svcpay/server', cli: 'svcpay' });
  });

  it('points at the YAML contract and llms.txt, and both are served', async () => {
    const t = await testApp();
    const doc = await (await t.json('GET', '/.well-known/svcpay.json')).json();
    expect(doc.openapi).toBe('http://localhost:4242/openapi.yaml');
    expect(doc.llms_txt).toBe('http://localhost:4242/llms.txt');
    for (const url of [doc.openapi, doc.llms_txt]) expect((await t.app.request(new URL(url).pathname)).status).toBe(200);
  });

  it('uses the public URL it is configured with', async () => {
    const t = await testApp({ SVCPAY_PUBLIC_URL: 'https://pay.example.com' });
    const doc = await (await t.json('GET', '/.well-known/svcpay.json')).json();
    expect(doc.scripts.hosted.url).toBe('https://pay.example.com/pay/{sessionId}');
    expect(doc.openapi).toBe('https://pay.example.com/openapi.yaml');
  });

  it('serves what it advertises: binder-load answers, and the legacy hosted URL leads to the current one (issue 35)', async () => {
    const t = await testApp();
    const m = await t.merchant();
    const doc = DiscoveryDocument.parse(await (await t.json('GET', '/.well-known/svcpay.json')).json());
    const load = await t.json('POST', doc.endpoints.public_binder_load, {}, bearer(m.keys.publishable));
    expect([load.status, (await load.json()).object]).toEqual([200, 'binder_load']);
    const s = await (await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd' }, bearer(m.keys.secret))).json();
    const hosted = doc.scripts.hosted.url.replace('{sessionId}', s.id);
    expect(s.checkoutUrl).toBe(hosted);
    const legacy = new URL(doc.scripts.hosted.legacy_url.replace('{sessionId}', s.id));
    const moved = await t.json('GET', `${legacy.pathname}?lang=fr`);
    expect([moved.status, moved.headers.get('location')]).toEqual([301, `${hosted}?lang=fr`]);
  });
});
