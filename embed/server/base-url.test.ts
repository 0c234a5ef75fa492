/**
 * `createSvcPayClient` without `baseUrl` (issue 36): it reaches the service the server announces for
 * the same environment, so a merchant who ran `PORT=7242 npm start` and copied the guide's snippet
 * does not reach whatever else answers on 4242.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSvcPayClient, DEFAULT_BASE_URL } from './index.ts';

const KEY = 'vp_sk_test_abc123';

/** The URL the client's first call went to (answered 200 without a network). */
async function firstCallUrl(): Promise<string> {
  const urls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    urls.push(new Request(input).url);
    return new Response(JSON.stringify({ data: [], hasMore: false }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const svcpay = createSvcPayClient({ secretKey: KEY, fetch, telemetry: false });
  await svcpay.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId: 'cs_1' } } });
  return urls[0]!;
}

describe('createSvcPayClient without baseUrl', () => {
  afterEach(() => vi.unstubAllEnvs());
  const only = (vars: Record<string, string>) => {
    for (const k of ['SVCPAY_URL', 'SVCPAY_PUBLIC_URL', 'PORT']) vi.stubEnv(k, vars[k] ?? '');
  };

  it('calls http://localhost:$PORT when PORT is set, as `PORT=7242 npm start` serves', async () => {
    only({ PORT: '7242' });
    expect(await firstCallUrl()).toBe('http://localhost:7242/v1/sessions/cs_1');
  });

  it('prefers SVCPAY_URL, then SVCPAY_PUBLIC_URL, over PORT', async () => {
    only({ SVCPAY_URL: 'http://svcpay.internal:8080/', SVCPAY_PUBLIC_URL: 'https://pay.example', PORT: '7242' });
    expect(await firstCallUrl()).toBe('http://svcpay.internal:8080/v1/sessions/cs_1');
    only({ SVCPAY_PUBLIC_URL: 'https://pay.example', PORT: '7242' });
    expect(await firstCallUrl()).toBe('https://pay.example/v1/sessions/cs_1');
  });

  it('calls the documented default when nothing is set', async () => {
    only({});
    expect(DEFAULT_BASE_URL).toBe('http://localhost:4242');
    expect(await firstCallUrl()).toBe('http://localhost:4242/v1/sessions/cs_1');
  });
});
