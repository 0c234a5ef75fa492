/**
 * The service's routes for the built files (svcpay.js and its parts, frames, hosted page), through
 * the whole app from a small fake dist in a temp folder (no vite build needed): each route's
 * policy and caching headers. Negotiation, validators and the in-memory rule themselves are
 * tested beside src/platform/static.ts.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyBytes as bytes, putBuilt as put, tempDists } from '../platform/testing.ts';
import { SERVICE, testApp } from './testing.ts';
import { elementPages } from '../vocab/elements.ts';
import { setProviderAccount } from './engine/merchants/provider-accounts.ts';
import type { ProviderAccountKeys } from './domain/index.ts';

const EMBED = `/* svcpay embed */\n${'window.SvcPay = function () { return "mount the fields"; };\n'.repeat(80)}`;
const ASSET = `export const core = ${JSON.stringify('protocol and zod '.repeat(200))};\n`;
const FIELD = `<!doctype html><html><head><script type="module" src="/assets/field-Ab12Cd.js"></script></head><body>${'<div></div>'.repeat(60)}</body></html>`;
const HOSTED = '<!doctype html><html><head><!--svcpay-boot--></head><body><div id="app"></div></body></html>';

const dists = tempDists();
afterAll(dists.remove);
const tempDist = dists.make;

function fakeDist() {
  const dir = tempDist();
  put(dir, 'embed/svcpay.js', EMBED);
  for (const part of ['checkout', 'challenge']) put(dir, `embed/svcpay-${part}.js`, EMBED.replace('embed', `embed part ${part}`));
  put(dir, 'app/assets/core-Xy98Zw.js', ASSET);
  for (const page of elementPages) put(dir, `app/src/frames/${page}.html`, FIELD);
  put(dir, 'app/src/frames/controller.html', FIELD);
  put(dir, 'app/src/frames/checkout.html', FIELD);
  put(dir, 'app/hosted-page/index.html', HOSTED, true);
  put(dir, 'app/sandbox-processor/fields-page/index.html', HOSTED, true);
  return dir;
}

async function setup(dir = fakeDist()) {
  const t = await testApp({ SVCPAY_DIST: dir });
  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });
  return { dir, get, t };
}

describe('the embed script and the frames', () => {
  it('serves svcpay.js negotiated, cached for minutes, and 304 to the tag the client holds', async () => {
    const { get } = await setup();
    const br = await get('/js/v1/svcpay.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(EMBED);
    expect(br.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    const again = await get('/js/v1/svcpay.js', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.get('ETag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=300');
  });

  it('keeps the frame headers: framable by any page, cached for minutes, precompressed', async () => {
    const res = await (await setup()).get('/frames/field.html', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Security-Policy')).toContain('frame-ancestors *');
    // One document for every mount, no per-buyer data in it: the split trio downloads it once.
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(FIELD);
  });
});

describe('static files: a frame page with its code inline (issue 9, Speed)', () => {
  const SCRIPT = 'document.body.dataset.ran = "yes";';
  const STYLE = '.svp-card{color:red}';
  const INLINE = `<!doctype html><html><head><style>${STYLE}</style></head><body><div></div><script type="module">${SCRIPT}</script></body></html>`;
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('allows exactly its inline script and style by hash, with no unsafe-inline', async () => {
    const dir = fakeDist();
    put(dir, 'app/src/frames/field.html', INLINE);
    const res = await (await setup(dir)).get('/frames/field.html', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    const policy = Object.fromEntries(
      res.headers
        .get('Content-Security-Policy')!
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(policy['script-src']).toEqual(["'self'", sha(SCRIPT)]);
    expect(policy['style-src']).toEqual(["'self'", sha(STYLE)]);
    expect(JSON.stringify(policy)).not.toContain('unsafe');
    expect(policy['frame-ancestors']).toEqual(['*']);
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(INLINE);
  });
});

describe('the embedded checkout frame', () => {
  it("is framable by any merchant page and may frame only the processor's fields page and the providers' (stand-ins and real)", async () => {
    const { get } = await setup();
    const policy = (await get('/frames/checkout.html')).headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain(
      "frame-src 'self' http://127.0.0.1:4243 http://127.0.0.1:4245 http://127.0.0.1:4246 https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://assets.braintreegateway.com https://*.cardinalcommerce.com;",
    );
    // It serves every merchant (which one is in its hash), so it may run either provider's script,
    // the stand-ins' or, for merchants with their own keys, the real one.
    expect(policy).toContain(
      "script-src 'self' http://127.0.0.1:4245 http://127.0.0.1:4246 https://js.stripe.com https://*.js.stripe.com https://js.braintreegateway.com https://assets.braintreegateway.com;",
    );
    // The element frames frame nothing.
    expect((await get('/frames/field.html')).headers.get('Content-Security-Policy')).not.toContain('frame-src');
  });
});

describe('the parts of svcpay.js loaded on demand (embed/lazy.ts)', () => {
  it('serves each beside svcpay.js with the same headers, and nothing else under /js/v1/', async () => {
    const { get } = await setup();
    const headers = (res: Response) => ['Cache-Control', 'Access-Control-Allow-Origin', 'Cross-Origin-Resource-Policy', 'X-Content-Type-Options'].map((h) => res.headers.get(h));
    const embed = headers(await get('/js/v1/svcpay.js'));
    for (const part of ['checkout', 'challenge']) {
      const res = await get(`/js/v1/svcpay-${part}.js`, { 'Accept-Encoding': 'gzip' });
      expect(res.status, part).toBe(200);
      expect(res.headers.get('Content-Encoding'), part).toBe('gzip');
      expect(gunzipSync(await bytes(res)).toString(), part).toContain(`embed part ${part}`);
      expect(headers(res), part).toEqual(embed);
    }
    expect((await get('/js/v1/svcpay-other.js')).status).toBe(404);
    expect((await get('/js/v1/svcpay-checkout.js.gz')).status).toBe(404);
  });
});

describe('the element frame pages', () => {
  it('serves every page the element registry names, with the frame policy', async () => {
    const { get } = await setup();
    const field = (await get('/frames/field.html')).headers.get('Content-Security-Policy');
    for (const page of elementPages) {
      const res = await get(`/frames/${page}.html`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('Content-Security-Policy'), page).toBe(field);
    }
    expect(field).toContain('frame-ancestors *');
  });
});

describe('the hosted page', () => {
  it('serves the hosted page unframeable, isolated from other windows, and sending only its origin as referrer', async () => {
    const { get } = await setup();
    const res = await get('/pay/vp_cs_test_missing');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin');
  });

  it("lets only a provider's merchants' pages run its script, and frame and call its hosts", async () => {
    const { t, get } = await setup();
    const policyFor = async (processor: 'sandbox' | 'card_element' | 'hosted_fields', own?: ProviderAccountKeys) => {
      const m = await t.merchant({ processor });
      if (own) await setProviderAccount(t.deps, m.merchant.id, own);
      const session = await (await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd' }, { Authorization: `Bearer ${m.keys.secret}` })).json();
      const res = await get(`/pay/${session.id}`);
      expect(res.status).toBe(200);
      return res.headers.get('Content-Security-Policy') ?? '';
    };
    const stripe = await policyFor('card_element');
    expect(stripe).toContain("script-src 'self' http://127.0.0.1:4245;");
    expect(stripe).toContain("connect-src 'self' http://127.0.0.1:4245;");
    expect(stripe).toContain("frame-src 'self' http://127.0.0.1:4243 http://127.0.0.1:4245;");
    expect(stripe).not.toContain('4246');
    const braintree = await policyFor('hosted_fields');
    expect(braintree).toContain("script-src 'self' http://127.0.0.1:4246;");
    expect(braintree).not.toContain('4245');
    const sandbox = await policyFor('sandbox');
    expect(sandbox).toContain("script-src 'self';");
    expect(sandbox).not.toMatch(/4245|4246/);
    expect(sandbox).not.toMatch(/stripe|braintree/);
    // With the merchant's own keys (issue 19): the provider's real hosts, and no stand-in.
    const ownStripe = await policyFor('card_element', { provider: 'stripe', secretKey: 'sk_test_Own12345678', publishableKey: 'pk_test_Own12345678', webhookSecret: 'whsec_Own12345678' });
    expect(ownStripe).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(ownStripe).toContain("frame-src 'self' http://127.0.0.1:4243 https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;");
    expect(ownStripe).not.toMatch(/4245|4246|braintree/);
    const ownBraintree = await policyFor('hosted_fields', { provider: 'braintree', merchantId: 'shop1', publicKey: 'pub1', privateKey: 'priv1' });
    expect(ownBraintree).toContain('connect-src \'self\' https://api.braintreegateway.com https://api.sandbox.braintreegateway.com');
    expect(ownBraintree).toContain('https://assets.braintreegateway.com https://*.cardinalcommerce.com;');
    expect(ownBraintree).not.toMatch(/4245|4246|stripe/);
  });

  it('keeps the hosted page template, inserting the boot tag per request', async () => {
    const { dir, get } = await setup();
    const first = await get('/pay/vp_cs_test_missing');
    expect(await first.text()).toContain('<script type="application/json" id="svcpay-boot">{"sessionId":"vp_cs_test_missing"');
    put(dir, 'app/hosted-page/index.html', '<p>changed</p><!--svcpay-boot-->', true);
    const second = await (await get('/pay/vp_cs_test_other')).text();
    expect(second).toContain('<div id="app"></div>');
    expect(second).toContain('"sessionId":"vp_cs_test_other"');
  });
});

describe('the sandbox fields page beside the service', () => {
  it("is read from the service's dist and names the service's origin as its only parent", async () => {
    const t = await testApp({ SVCPAY_DIST: fakeDist() });
    const res = await t.sandbox.app.request('/fields');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`{"serviceOrigin":"${SERVICE}"}`);
  });
});

describe('a build made after the server started', () => {
  it('picks up a file built after the first request found it missing', async () => {
    const dir = tempDist();
    const { get } = await setup(dir);
    expect((await get('/js/v1/svcpay.js')).status).toBe(503);
    expect((await get('/assets/core-Xy98Zw.js')).status).toBe(404);
    put(dir, 'embed/svcpay.js', EMBED);
    for (const part of ['checkout', 'challenge']) put(dir, `embed/svcpay-${part}.js`, EMBED.replace('embed', `embed part ${part}`));
    put(dir, 'app/assets/core-Xy98Zw.js', ASSET);
    expect(await (await get('/js/v1/svcpay.js')).text()).toBe(EMBED);
    expect(await (await get('/assets/core-Xy98Zw.js')).text()).toBe(ASSET);
  });
});
