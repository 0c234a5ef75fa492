import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryRoutes } from './gallery-routes.ts';
import { createDemoShopApp } from './server.ts';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcpay-gallery-'));
  mkdirSync(join(dir, 'demo', 'gallery'), { recursive: true });
  mkdirSync(join(dir, 'assets'));
  for (const page of ['index', 'entry', 'element-frame', 'page-frame', 'sandbox-fields']) writeFileSync(join(dir, 'demo', 'gallery', `${page}.html`), `<!doctype html><p>${page}</p>`);
  writeFileSync(join(dir, 'assets', 'entry-abc.js'), 'export {};');
  writeFileSync(join(dir, 'assets', 'de-abc.json'), '{}');
  writeFileSync(join(dir, 'secret.txt'), 'not served');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const directive = (csp: string | null, name: string) => (csp ?? '').split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

describe('gallery routes', () => {
  it.each([
    ['/gallery', 'index', "'none'"],
    ['/gallery/card-fields/invalid-number?theme=night&locale=ar', 'entry', "'none'"],
    ['/gallery/frames/element/card-fields/invalid-number?theme=night&locale=ar', 'element-frame', "'self'"],
    ['/gallery/frames/page/hosted-page/ready?locale=en', 'page-frame', "'self'"],
    ['/gallery/frames/sandbox-fields', 'sandbox-fields', "'self'"],
  ])('serves %s as the %s page under a CSP without inline script, framed by %s only', async (path, page, framedBy) => {
    const res = await galleryRoutes(dir).request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<p>${page}</p>`);
    const csp = res.headers.get('Content-Security-Policy');
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'style-src')).toBe("style-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe(`frame-ancestors ${framedBy}`);
  });

  it('keeps its own CSP inside the demo shop, whose pages carry another', async () => {
    const shop = createDemoShopApp({ serviceUrl: 'http://localhost:4242', publicServiceUrl: 'http://localhost:4242', secretKey: 'vp_sk_test_x', publishableKey: 'vp_pk_test_x', publicUrl: 'http://127.0.0.1:4244' });
    const res = await shop.request('/gallery');
    // The built gallery may or may not be there in a unit run; either way the answer is the gallery's.
    expect(directive(res.headers.get('Content-Security-Policy'), 'script-src')).toBe("script-src 'self'");
  });

  it('serves the hashed assets it built, and nothing else of the directory', async () => {
    const app = galleryRoutes(dir);
    const js = await app.request('/assets/entry-abc.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('Content-Type')).toContain('text/javascript');
    expect((await app.request('/assets/de-abc.json')).status).toBe(200);
    for (const path of ['/assets/..%2Fsecret.txt', '/assets/secret.txt', '/assets/missing.js', '/assets/.hidden.js']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('answers 503 with the way to build it when the gallery is not built', async () => {
    const res = await galleryRoutes(join(dir, 'nowhere')).request('/gallery');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('node scripts/ensure.mjs');
  });
});
