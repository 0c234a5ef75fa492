import { redirectKey, signedRedirectUrl } from '../../src/platform/redirect-signature.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { createDemoShopApp, startDemoShop, type DemoShop } from './server.ts';
import type { ApiResult, CreateSessionBody, CreatedSession, SessionView, SvcPayApi } from './svcpay-api.ts';

const service = 'http://localhost:4242';
const shopUrl = 'http://127.0.0.1:4244';

function fakeApi(answer: ApiResult<CreatedSession>): SvcPayApi & { bodies: CreateSessionBody[] } {
  const bodies: CreateSessionBody[] = [];
  return {
    bodies,
    async createSession(body) {
      bodies.push(body);
      return answer;
    },
    async getSession(id): Promise<ApiResult<SessionView>> {
      return { ok: true, data: { id, status: 'succeeded', paymentStatus: 'paid' } };
    },
  };
}

function shop(api: SvcPayApi) {
  return createDemoShopApp({ serviceUrl: service, publicServiceUrl: service, secretKey: 'vp_sk_test_x', publishableKey: 'vp_pk_test_x', publicUrl: shopUrl, api });
}

const created: ApiResult<CreatedSession> = { ok: true, data: { id: 'cs_test_1', checkoutUrl: `${service}/pay/cs_test_1` } };
const refused: ApiResult<CreatedSession> = {
  ok: false,
  failure: { status: 401, code: 'auth_key_invalid', message: 'The API key is not valid <script>.', fix: 'Use the key printed by npm start.' },
};

describe('demo shop pages', () => {
  it('serves the product page under a CSP that allows svcpay and no inline script', async () => {
    const res = await shop(fakeApi(created)).request('/');
    expect(res.status).toBe(200);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${service}`);
    expect(csp).toContain(`frame-src ${service}`);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    const page = await res.text();
    expect(page).toContain('Pay on the hosted page');
    expect(page).toContain('Pay on this page');
    expect(page).toContain('$25.00');
  });

  it('creates a hosted session with the secret-key API and redirects to its checkoutUrl', async () => {
    const api = fakeApi(created);
    const res = await shop(api).request('/checkout/hosted', { method: 'POST' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${service}/pay/cs_test_1`);
    expect(api.bodies[0]).toMatchObject({ amount: 2500, currency: 'usd', successUrl: `${shopUrl}/success`, cancelUrl: `${shopUrl}/` });
    expect(api.bodies[0]?.integrationMode).toBeUndefined();
  });

  it('renders the on-page checkout for an elements session that charges at submit', async () => {
    const api = fakeApi(created);
    const res = await shop(api).request('/checkout/elements');
    expect(res.status).toBe(200);
    expect(api.bodies[0]).toMatchObject({ integrationMode: 'elements', chargeAtSubmit: true });
    const page = await res.text();
    expect(page).toContain(`<script defer src="${service}/js/v1/svcpay.js"></script>`);
    expect(page).toContain('<script defer src="/public/elements.js"></script>');
    expect(page).toContain('data-session-id="cs_test_1"');
    expect(page).toContain('data-publishable-key="vp_pk_test_x"');
    expect(page).toMatch(/role="status"/);
    // Every script tag loads a file: the CSP has no 'unsafe-inline' for scripts.
    expect(page.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
  });

  it('renders the elements page in the language and theme asked, for a session that asks for a shipping address', async () => {
    const api = fakeApi(created);
    const res = await shop(api).request('/elements?locale=ar&theme=night');
    expect(api.bodies[0]).toMatchObject({ integrationMode: 'elements', shipping: 'auto' });
    const page = await res.text();
    expect(page).toContain('<html lang="ar" dir="rtl" data-theme="night">');
    expect(page).toContain('<h2>عنوان الشحن</h2>');
    // An unknown language is English, never a file name.
    expect(await (await shop(fakeApi(created)).request('/elements?locale=..%2Fpackage')).text()).toContain('<html lang="en" dir="ltr" data-theme="default">');
  });

  it('thanks nobody when /success is opened without a session', async () => {
    const page = await (await shop(fakeApi(created)).request('/success')).text();
    expect(page).toContain('<h1>No order to show</h1>');
    expect(page).not.toContain('Thank you for your order');
  });

  it('shows a readable 502 page, escaped, when svcpay refuses', async () => {
    const res = await shop(fakeApi(refused)).request('/checkout/elements');
    expect(res.status).toBe(502);
    const page = await res.text();
    expect(page).toContain('auth_key_invalid');
    expect(page).toContain('The API key is not valid &lt;script&gt;.');
    expect(page).toContain('Use the key printed by npm start.');
    expect(page).not.toMatch(/at .*\.ts:\d+/);
  });

  it('escapes the session id on the success page', async () => {
    const res = await shop(fakeApi(created)).request('/success?session_id=%22%3E%3Cimg%20src%3Dx%3E');
    const page = await res.text();
    expect(page).toContain('&quot;&gt;&lt;img src=x&gt;');
    expect(page).not.toContain('"><img');
  });

  it('tells a return svcpay signed for this shop from a hand-typed or altered one', async () => {
    const url = new URL(signedRedirectUrl(`${shopUrl}/success`, redirectKey('vp_sk_test_x'), { sessionId: 'cs_test_1', amount: 2500, currency: 'USD', paymentStatus: 'paid', issuedAt: Math.floor(Date.now() / 1000) }));
    const page = async (u: URL) => (await shop(fakeApi(created)).request(`${u.pathname}${u.search}`)).text();
    expect(await page(url)).toContain('Return signed by svcpay for this shop.');
    url.searchParams.set('amount', '1');
    expect(await page(url)).toContain('This return carries no valid svcpay signature.');
    expect(await page(new URL(`${shopUrl}/success?session_id=cs_test_1`))).toContain('no valid svcpay signature');
  });

  it('serves only its own static files', async () => {
    const app = shop(fakeApi(created));
    const js = await app.request('/public/elements.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('Content-Type')).toContain('javascript');
    expect((await app.request('/public/server.ts')).status).toBe(404);
    expect((await app.request('/public/..%2Fserver.ts')).status).toBe(404);
  });
});

describe('startDemoShop against an HTTP service', () => {
  let stop: (() => Promise<void>) | undefined;
  let demo: DemoShop | undefined;
  afterEach(async () => {
    await demo?.close();
    await stop?.();
    demo = undefined;
    stop = undefined;
  });

  async function fakeService(app: Hono): Promise<string> {
    return new Promise((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
      stop = () => new Promise((done) => server.close(() => done()));
    });
  }

  it('sends the secret key, JSON and an idempotency key, and follows the answer', async () => {
    const seen: Record<string, string | undefined>[] = [];
    const api = new Hono().post('/v1/sessions', async (c) => {
      seen.push({ auth: c.req.header('Authorization'), type: c.req.header('Content-Type'), idem: c.req.header('Idempotency-Key') });
      return c.json({ id: 'cs_1', checkoutUrl: 'http://localhost:4242/pay/cs_1', status: 'pending' }, 201);
    });
    const serviceUrl = await fakeService(api);
    demo = await startDemoShop({ port: 0, serviceUrl, publicServiceUrl: service, secretKey: 'vp_sk_test_abc', publishableKey: 'vp_pk_test_abc' });
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${demo.url}/checkout/hosted`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('http://localhost:4242/pay/cs_1');
    expect(seen[0]?.auth).toBe('Bearer vp_sk_test_abc');
    expect(seen[0]?.type).toBe('application/json');
    expect(seen[0]?.idem).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 502 with the envelope when the service refuses, and when it is down', async () => {
    const api = new Hono().post('/v1/sessions', (c) =>
      c.json({ error: 'Amount too small.', code: 'validation_invalid_amount', fix: 'Send at least 50.', docs: '', selfHeal: { retryable: false, nextAction: 'fix', llmHint: '' } }, 400),
    );
    const serviceUrl = await fakeService(api);
    demo = await startDemoShop({ port: 0, serviceUrl, publicServiceUrl: service, secretKey: 'vp_sk_test_shop12345', publishableKey: 'p' });
    const refusedRes = await fetch(`${demo.url}/checkout/hosted`, { method: 'POST', redirect: 'manual' });
    expect(refusedRes.status).toBe(502);
    expect(await refusedRes.text()).toContain('validation_invalid_amount');

    await stop?.();
    stop = undefined;
    const downRes = await fetch(`${demo.url}/checkout/elements`);
    expect(downRes.status).toBe(502);
    expect(await downRes.text()).toContain('could not reach svcpay');
  });
});
