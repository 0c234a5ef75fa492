/**
 * No input may produce a 500 (brief, Standards): arbitrary JSON bodies, headers and ids thrown at
 * every route built so far answer a 4xx envelope or a success, never an internal error, and a
 * refused request changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../api/checkout.ts';
import { SERVICE, bearer, testApp } from '../testing.ts';

const t = await testApp({ SVCPAY_RATE_LIMITS: 'off' });
const { keys } = await t.merchant({ settings: { sameSessionRetry: 1 } });
const count = t.count;

/** JSON values biased toward the shapes the routes take, so validation is reached, not just parsing. */
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: false }),
    fc.string(),
    fc.constantFrom('usd', 'USD', 'elements', 'embed', 'vp_cs_test_x', '4242424242424242', '', '__proto__', 'apple_pay', 'Shop.Example.com.', 'bücher.de', '[::1]'),
    fc.array(tie('any'), { maxLength: 3 }),
    tie('object'),
  ),
  object: fc.dictionary(
    fc.oneof(fc.string(), fc.constantFrom('amount', 'currency', 'sessionId', 'transactionId', 'card', 'number', 'expMonth', 'expYear', 'cvc', 'integrationMode', 'chargeAtSubmit', 'metadata', 'lineItems', 'expiresIn', 'successUrl', 'message', 'context', 'constructor', 'domain', 'wallet_type')),
    tie('any'),
    { maxKeys: 6 },
  ),
}));

const routes: { method: string; path: () => string; headers: Record<string, string> }[] = [
  { method: 'POST', path: () => '/v1/sessions', headers: bearer(keys.secret) },
  { method: 'POST', path: () => '/v1/sessions', headers: bearer(keys.publishable) },
  { method: 'POST', path: () => '/v1/wallet-domains', headers: bearer(keys.secret) },
  { method: 'POST', path: () => '/api/checkout/init', headers: { Origin: SERVICE } },
  { method: 'POST', path: () => '/api/checkout/complete', headers: { Origin: SERVICE } },
  { method: 'POST', path: () => '/api/checkout/client-error', headers: { Origin: SERVICE } },
  { method: 'POST', path: () => '/_sandbox/merchants', headers: {} },
  { method: 'POST', path: () => '/_sandbox/clock', headers: {} },
];

describe('no input produces a 500', () => {
  it('JSON bodies of any shape', async () => {
    const session = await (await t.json('POST', '/v1/sessions', { amount: 100, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(keys.secret))).json();
    routes.push({ method: 'POST', path: () => `/v1/public/sessions/${session.id}/charge`, headers: { ...bearer(keys.publishable), Origin: SERVICE } });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), value.any, async (route, body) => {
        const res = await t.json(route.method, route.path(), body, route.headers);
        expect(res.status, `${route.method} ${route.path()} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (res.status >= 400 && !route.path().endsWith('client-error')) ErrorEnvelope.parse(await res.json());
      }),
      { numRuns: 400 },
    );
  });

  it('raw bodies that are not JSON, odd headers and odd ids', async () => {
    const before = count('sessions');
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('application/json', 'text/plain', '', 'application/json; charset=latin1', 'multipart/form-data'),
        fc.string({ maxLength: 40 }),
        async (raw, type, id) => {
          const headers: Record<string, string> = { ...bearer(keys.secret), 'Idempotency-Key': 'k' + id.length };
          if (type) headers['Content-Type'] = type;
          const created = await t.app.request('/v1/sessions', { method: 'POST', headers, body: raw });
          expect(created.status).toBeLessThan(500);
          const read = await t.app.request(`/v1/sessions/${encodeURIComponent(id)}`, { headers: bearer(keys.secret) });
          expect([200, 404]).toContain(read.status);
          const page = await t.app.request(`/pay/${encodeURIComponent(id)}`);
          // 503 `service_unavailable` is the answer when the browser bundles are not built.
          expect(page.status < 500 || page.status === 503, `/pay/${id} answered ${page.status}`).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    // Only a raw body that happened to be a valid create could add a session.
    expect(count('sessions') - before).toBeLessThanOrEqual(1);
  });
});
