import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { putBuilt, tempDists } from '../../../platform/testing.ts';
import { testApp } from '../../testing.ts';
import { CONTRACT_URL, RENDERER_URL, START_URL } from '../../routes/docs/reference-page.ts';
import { RENDERER_DIR, RENDERER_FILE } from '../../routes/docs/renderer.ts';

const dists = tempDists();
afterAll(dists.remove);

/** The CSP as directive → sources. */
const policyOf = (res: Response) =>
  Object.fromEntries((res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

describe('GET /docs', () => {
  it('is an HTML page that loads the packaged renderer and points it at the contract', async () => {
    const t = await testApp();
    const res = await t.app.request('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(`<script src="${RENDERER_URL}"`);
    expect(html).toContain(`<script src="${START_URL}"></script>`);
    expect(html).toContain('<a href="/docs/errors">');
    const start = await t.app.request(START_URL);
    expect([start.status, start.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(await start.text()).toContain(`Redoc.init(${JSON.stringify(CONTRACT_URL)}`);
    expect((await t.app.request(CONTRACT_URL)).status).toBe(200);
    expect((await t.app.request('/docs/docs.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('allows only its own origin, no inline code, and inline styles only by a nonce fresh each answer', async () => {
    const t = await testApp();
    const [first, second] = [await t.app.request('/docs'), await t.app.request('/docs')];
    const policy = policyOf(first);
    expect(policy).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{24}'$/)],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ['blob:'],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
    });
    // The renderer stamps its <style> elements with its own script element's nonce.
    const nonce = policy['style-src']![1]!.slice("'nonce-".length, -1);
    expect(await first.text()).toContain(`<script src="${RENDERER_URL}" nonce="${nonce}"></script>`);
    expect(policyOf(second)['style-src']![1]).not.toBe(policy['style-src']![1]);
    expect(first.headers.get('cache-control')).toBe('no-store');
  });

  it('is where the discovery document says the docs are', async () => {
    const t = await testApp();
    const { docs } = await (await t.app.request('/.well-known/svcpay.json')).json();
    expect(new URL(docs).pathname).toBe('/docs');
    expect((await t.app.request(new URL(docs).pathname)).status).toBe(200);
  });

  it('is in the contract: no key, beside the other discovery documents', async () => {
    const t = await testApp();
    const doc = await (await t.app.request('/openapi.json')).json();
    for (const path of ['/docs', '/docs/errors']) {
      expect(doc.paths[path].get, path).toMatchObject({ tags: ['discovery'], security: [] });
      expect(Object.keys(doc.paths[path].get.responses[200].content)).toEqual(['text/html']);
    }
  });
});

describe('GET /docs/redoc.standalone.js', () => {
  const path = [RENDERER_DIR, RENDERER_FILE];

  it('serves the built renderer as JavaScript, compressed, to its own origin only', async () => {
    const dir = dists.make();
    putBuilt(dir, `app/${path.join('/')}`, `/* redoc */\n${'window.Redoc = { init: function () {} };\n'.repeat(40)}`);
    const t = await testApp({ SVCPAY_DIST: dir });
    const res = await t.app.request(RENDERER_URL, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers service_unavailable, not a 500, when the build is missing', async () => {
    const t = await testApp({ SVCPAY_DIST: dists.make() });
    const res = await t.app.request(RENDERER_URL);
    expect([res.status, (await res.json()).code]).toEqual([503, 'service_unavailable']);
    // The page itself still answers: its fallback links the contract.
    expect((await t.app.request('/docs')).status).toBe(200);
  });

  const built = resolve(import.meta.dirname, '../../../../dist/app', ...path);
  it.skipIf(!existsSync(built))('serves the real build: Redoc, stamped with the page nonce, fetching nothing remote', async () => {
    const t = await testApp();
    const res = await t.app.request(RENDERER_URL);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    const js = await res.text();
    expect(js).toContain('Redoc');
    expect(js).toContain('r.nc=document.currentScript&&document.currentScript.nonce');
    expect(js).not.toContain('cdn.redoc.ly');
    expect((await t.app.request(`${RENDERER_URL}.LICENSE.txt`)).status).toBe(200);
  });
});
