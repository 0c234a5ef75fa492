/**
 * Serving built files from a small fake dist in a temp folder (no vite build needed), through a
 * two-route app shaped like the service's and the processor's: negotiation, validators, caching
 * headers and the in-memory rule. The service's own routes are tested in src/server/built-files.test.ts.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDist, sendDist, serveAsset } from './static.ts';
import { bodyBytes as bytes, putBuilt as put, tempDists } from './testing.ts';

const SCRIPT = `/* svcpay embed */\n${'window.SvcPay = function () { return "mount the fields"; };\n'.repeat(80)}`;
const ASSET = `export const core = ${JSON.stringify('protocol and zod '.repeat(200))};\n`;
/** The role header the caller sets before `sendDist`; it must go out on a 304 too. */
const ROLE_CACHE = 'public, max-age=300';

const dists = tempDists();
afterAll(dists.remove);

function fakeDist() {
  const dir = dists.make();
  put(dir, 'embed/svcpay.js', SCRIPT);
  put(dir, 'app/assets/core-Xy98Zw.js', ASSET);
  return dir;
}

function setup(dir = fakeDist()) {
  const app = new Hono();
  app.get('/script.js', async (c) => {
    const file = await loadDist(dir, 'embed', 'svcpay.js');
    if (!file) return c.body(null, 503);
    c.header('Cache-Control', ROLE_CACHE);
    return sendDist(c, file);
  });
  app.get('/assets/:name', async (c) => (await serveAsset(c, dir, c.req.param('name'))) ?? c.notFound());
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  return { dir, get };
}

describe('static files: encodings', () => {
  it('sends brotli, gzip or identity by Accept-Encoding, each with its own length and Vary', async () => {
    const { get } = setup();
    const br = await get('/script.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    const brBody = await bytes(br);
    expect(brotliDecompressSync(brBody).toString()).toBe(SCRIPT);
    expect(Number(br.headers.get('Content-Length'))).toBe(brBody.length);
    expect(brBody.length).toBeLessThan(SCRIPT.length);

    const gz = await get('/script.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    const gzBody = await bytes(gz);
    expect(gunzipSync(gzBody).toString()).toBe(SCRIPT);
    expect(Number(gz.headers.get('Content-Length'))).toBe(gzBody.length);

    const plain = await get('/script.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect((await bytes(plain)).toString()).toBe(SCRIPT);
    expect(Number(plain.headers.get('Content-Length'))).toBe(Buffer.byteLength(SCRIPT));

    for (const res of [br, gz, plain]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    }
  });

  it('sends identity for a file the build left uncompressed', async () => {
    const dir = fakeDist();
    put(dir, 'app/assets/tiny-Q1w2E3.css', 'a{}', true);
    const res = await setup(dir).get('/assets/tiny-Q1w2E3.css', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toBe('a{}');
  });

  it('does not serve the compressed siblings as files of their own, nor a name outside the pattern', async () => {
    const { get } = setup();
    expect((await get('/assets/core-Xy98Zw.js.br')).status).toBe(404);
    expect((await get('/assets/.core-Xy98Zw.js')).status).toBe(404);
    expect((await get('/assets/core..js')).status).toBe(404);
  });
});

describe('static files: validators and caching', () => {
  it("gives each representation its own strong ETag and answers 304 to a matching If-None-Match, with the caller's headers", async () => {
    const { get } = setup();
    const tags = new Set<string>();
    for (const enc of ['br', 'gzip', 'identity']) {
      const first = await get('/script.js', { 'Accept-Encoding': enc });
      const etag = first.headers.get('ETag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      tags.add(etag);
      const again = await get('/script.js', { 'Accept-Encoding': enc, 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('ETag')).toBe(etag);
      expect(again.headers.get('Cache-Control')).toBe(ROLE_CACHE);
    }
    expect(tags.size).toBe(3);
  });

  it('answers 200 when the tag the client holds is for another encoding', async () => {
    const { get } = setup();
    const gz = await get('/script.js', { 'Accept-Encoding': 'gzip' });
    const res = await get('/script.js', { 'Accept-Encoding': 'br', 'If-None-Match': gz.headers.get('ETag')! });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
  });

  it('caches hashed assets for a year, immutable, readable from both origins', async () => {
    const res = await setup().get('/assets/core-Xy98Zw.js', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('ETag')).toMatch(/-br"$/);
  });
});

describe('static files: held in memory', () => {
  it('does not read a served file again when it changes on disk', async () => {
    const { dir, get } = setup();
    const before = await get('/script.js', { 'Accept-Encoding': 'br' });
    put(dir, 'embed/svcpay.js', '/* changed */');
    const after = await get('/script.js', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(await bytes(after)).toString()).toBe(SCRIPT);
    expect(after.headers.get('ETag')).toBe(before.headers.get('ETag'));
    expect(await (await get('/script.js')).text()).toBe(SCRIPT);
  });

  it('picks up a file built after the first request found it missing', async () => {
    const dir = dists.make();
    const { get } = setup(dir);
    expect((await get('/script.js')).status).toBe(503);
    expect((await get('/assets/core-Xy98Zw.js')).status).toBe(404);
    put(dir, 'embed/svcpay.js', SCRIPT);
    put(dir, 'app/assets/core-Xy98Zw.js', ASSET);
    expect(await (await get('/script.js')).text()).toBe(SCRIPT);
    expect(await (await get('/assets/core-Xy98Zw.js')).text()).toBe(ASSET);
  });
});
