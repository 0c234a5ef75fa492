/**
 * `svcpay/server`'s telemetry (Doc 1: `POST /v1/sdk-telemetry`, on by default with a test key, off
 * with a live key; issue 35), against the real app over loopback behind the scripted server of
 * ./flaky.fixtures.ts: what the SDK did is posted, accepted (202) and logged by the service; the
 * call's body, ids, keys and card data are never in it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { secretKey } from '../../src/server/testing-network.ts';
import { frontedApp, noWaiting, recordingFetch } from './flaky.fixtures.ts';
import { UnexpectedRedirectError, createSvcPayClient } from './index.ts';
import { SDK_NAME, SDK_VERSION } from './telemetry.ts';

const $ = frontedApp();

const LIVE_KEY = 'vp_sk_live_0123456789abcdef';

function client(options: { secretKey?: string; telemetry?: boolean; apiVersion?: string } = {}) {
  const recording = recordingFetch();
  const { waits, hooks } = noWaiting();
  const svcpay = createSvcPayClient({ secretKey: $.keys.secret, baseUrl: $.front.url, fetch: recording.fetch, ...options }, hooks);
  return { svcpay, waits, settled: recording.settled };
}

const posted = () => $.front.on('/v1/sdk-telemetry').map((a) => JSON.parse(a.body) as { event: string; sdk: unknown; properties: Record<string, unknown> });

describe('SDK telemetry', () => {
  it('is on by default with a test key: a retried charge is reported, accepted and logged, without its body, ids or keys', async () => {
    const token = await $.w.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, secretKey($.keys.secret));
    const { svcpay, settled } = client({ apiVersion: '2026-04-14' });
    $.front.script.push({ status: 503 });
    const body = { amount: 2500, currency: 'usd', payment_method: { id: token.body.id }, metadata: { note: 'gift-for-ada' } };
    const paid = await svcpay.POST('/v1/payment_intents', { body: body as never, headers: { 'Idempotency-Key': 'order-314' } });
    expect(paid.response.status).toBe(201);
    const answers = (await settled()) as Response[];
    expect(answers.map((a) => a.status).sort()).toEqual([201, 202, 503]);
    expect(posted()).toEqual([
      {
        event: 'request.retried',
        sdk: { name: SDK_NAME, version: SDK_VERSION },
        properties: { method: 'POST', route: '/v1/payment_intents', status: 503, retry: 1, delay_ms: 250, api_version: '2026-04-14' },
      },
    ]);
    const [sent] = $.front.on('/v1/sdk-telemetry');
    expect(sent!.headers).toMatchObject({ authorization: `Bearer ${$.keys.secret}`, 'svc-pay-version': '2026-04-14' });
    for (const secret of [$.keys.secret, token.body.id, 'gift-for-ada', 'order-314', 'tok_sandbox', '4242', paid.data!.id]) expect(sent!.body).not.toContain(secret);
    expect($.w.logLines.some((l) => l.includes('request.retried') && l.includes(`${SDK_NAME}@${SDK_VERSION}`))).toBe(true);
  });

  it('reports a refused redirect', async () => {
    const { svcpay, settled } = client();
    $.front.script.push({ status: 308, headers: { Location: 'https://elsewhere.example/v1/sessions' } });
    await expect(svcpay.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId: 'vp_cs_test_abc123' } } })).rejects.toBeInstanceOf(UnexpectedRedirectError);
    await settled();
    expect(posted().map((p) => [p.event, p.properties])).toEqual([
      ['request.unexpected_redirect', { method: 'GET', route: '/v1/sessions/{sessionId}', status: 308, api_version: null }],
    ]);
    expect($.front.on('/v1/sdk-telemetry')[0]!.body).not.toMatch(/vp_cs_test_abc123|elsewhere/);
  });

  it('is off by default with a live key and with `telemetry: false`; `telemetry: true` turns it on with a live key', async () => {
    for (const options of [{ secretKey: LIVE_KEY }, { telemetry: false }]) {
      const { svcpay, settled, waits } = client(options);
      $.front.script.push({ status: 429, headers: { 'Retry-After': '1' } });
      await svcpay.GET('/v1/capabilities');
      await settled();
      expect(waits).toEqual([1000]);
    }
    expect(posted()).toEqual([]);
    const { svcpay, settled } = client({ secretKey: LIVE_KEY, telemetry: true });
    $.front.script.push({ status: 500 });
    await svcpay.GET('/v1/capabilities');
    await settled();
    expect(posted().map((p) => p.event)).toEqual(['request.retried']);
  });

  it('never changes the call it reports: a telemetry post that fails is ignored', async () => {
    const { waits, hooks } = noWaiting();
    const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
      (input instanceof Request ? input.url : String(input)).endsWith('/v1/sdk-telemetry') ? Promise.reject(new TypeError('telemetry unreachable')) : globalThis.fetch(input, init);
    const svcpay = createSvcPayClient({ secretKey: $.keys.secret, baseUrl: $.front.url, fetch }, hooks);
    $.front.script.push({ status: 502 });
    const made = await svcpay.POST('/v1/sessions', { body: { amount: 100, currency: 'usd' } });
    expect([made.response.status, waits]).toEqual([201, [250]]);
  });

  it('names this package at its version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
    expect([SDK_NAME, SDK_VERSION]).toEqual([`${pkg.name}/server`, pkg.version]);
  });

  it('refuses options that are not what they take, before any request', () => {
    expect(() => createSvcPayClient({ secretKey: $.keys.secret, maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => createSvcPayClient({ secretKey: $.keys.secret, maxRetries: 1.5 })).toThrow(TypeError);
    expect(() => createSvcPayClient({ secretKey: $.keys.secret, telemetry: 'yes' as never })).toThrow(/telemetry/);
  });
});
