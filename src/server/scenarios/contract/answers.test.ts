/**
 * The contract check of the test runs (issue 35, src/server/routes/contract/testing.ts): what it
 * calls off-contract, on answers of the real app. The run's check fails `npm test` on any of them.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenAPIBackend } from 'openapi-backend';
import { compileContract, contractViolation } from '../../routes/contract/testing.ts';
import { bearer, testApp } from '../../testing.ts';

let api: OpenAPIBackend;
let t: Awaited<ReturnType<typeof testApp>>;
let secret: string;

beforeAll(async () => {
  api = await compileContract(await (await (await testApp()).app.request('/openapi.json')).json());
});

// An app per test: on PostgreSQL (npm run unit:postgres) each test's databases close after it.
beforeEach(async () => {
  t = await testApp();
  secret = (await t.merchant()).keys.secret;
});

/** One real answer of the app, as the run writes it down. */
async function answer(method: string, path: string, body?: unknown) {
  const res = await t.json(method, path, body, bearer(secret));
  return { method, path, status: res.status, type: (res.headers.get('content-type') ?? '').split(';')[0]!, body: await res.text() };
}

const session = { amount: 1500, currency: 'usd', successUrl: 'https://shop.example/ok' };

describe('the contract check', () => {
  it('passes the answers the service gives: a session with its null channel, an error with its extra fields', async () => {
    const created = await answer('POST', '/v1/sessions', session);
    expect(JSON.parse(created.body)).toMatchObject({ channel: null, setupForFutureUse: null });
    expect(contractViolation(api, created)).toBeUndefined();
    const refused = await answer('POST', '/v1/sessions', { ...session, amount: -1 });
    expect(refused.status).toBe(400);
    expect(contractViolation(api, refused)).toBeUndefined();
    expect(contractViolation(api, await answer('GET', '/api/health'))).toBeUndefined();
  });

  it('flags a body with a field the schema does not list', async () => {
    const created = await answer('POST', '/v1/sessions', session);
    const extra = { ...created, body: JSON.stringify({ ...JSON.parse(created.body), surprise: 1 }) };
    expect(contractViolation(api, extra)).toMatch(/POST \/v1\/sessions → 201: body does not match the contract: .*surprise/);
  });

  it('flags a value outside a nullable enum, and an error envelope with an undescribed field', async () => {
    const created = await answer('POST', '/v1/sessions', session);
    const channel = { ...created, body: JSON.stringify({ ...JSON.parse(created.body), channel: 'phone' }) };
    expect(contractViolation(api, channel)).toMatch(/channel/);
    const refused = await answer('POST', '/v1/sessions', { ...session, amount: -1 });
    const extra = { ...refused, body: JSON.stringify({ ...JSON.parse(refused.body), balance: 3 }) };
    expect(contractViolation(api, extra)).toMatch(/400: body does not match the contract: .*balance/);
  });

  it('flags a status and a media type the operation does not list, and skips paths outside the contract', async () => {
    const read = await answer('GET', '/v1/capabilities');
    expect(contractViolation(api, { ...read, status: 418 })).toMatch(/GET \/v1\/capabilities → 418: status not in the contract/);
    expect(contractViolation(api, { ...read, type: 'text/html' })).toMatch(/media type text\/html not in the contract/);
    expect(contractViolation(api, { ...read, path: '/pay/vp_cs_test_x', status: 418 })).toBeUndefined();
  });
});
