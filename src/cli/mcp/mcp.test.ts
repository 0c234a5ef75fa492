/**
 * `svcpay mcp` against a real service on a port: the tools an MCP client lists, and what calling
 * them does at the service, through the official SDK's Client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Router } from '../../server/router.ts';
import { EXCLUDED_OPERATIONS } from './operations.ts';
import { toolCaller } from './call.ts';
import { EXCLUDED_SANDBOX_ROUTES } from './sandbox-tools.ts';
import { mcpWorld } from './mcp.fixtures.ts';

const VERSION = '2026-04-14';
let w: Awaited<ReturnType<typeof mcpWorld>>;

beforeAll(async () => {
  w = await mcpWorld({ apiVersion: VERSION });
}, 60_000);
afterAll(() => w?.close());

/** The secret-key operations of the contract the service serves, by operationId. */
async function servedMerchantOperations(): Promise<string[]> {
  const doc = (await (await fetch(`${w.baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string; security?: Record<string, unknown>[] }>> };
  return Object.values(doc.paths)
    .flatMap((item) => Object.values(item))
    .filter((op) => (op.security ?? []).some((s) => 'secretKey' in s))
    .map((op) => op.operationId);
}

/** Every `/_sandbox/` route hono serves (`METHOD /path`), with `{name}` where hono has `:name`. */
const sandboxRoutes = (app: Router) => [...new Set(app.routes.filter((r) => r.path.startsWith('/_sandbox/') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];

describe('svcpay mcp: the tools', () => {
  it('lists a tool for every merchant operation of the contract and every sandbox control route', async () => {
    const { tools } = await w.client.listTools();
    const names = new Set(tools.map((t) => t.name));
    const missing = (await servedMerchantOperations()).filter((id) => !names.has(id) && !(id in EXCLUDED_OPERATIONS));
    expect(missing, 'secret-key operations of /openapi.json with no tool').toEqual([]);
    const byRoute = new Set(w.tools.filter((t) => t.api === 'sandbox').map((t) => `${t.method} ${t.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const uncovered = sandboxRoutes(w.t.app).filter((r) => !byRoute.has(r) && !(r in EXCLUDED_SANDBOX_ROUTES));
    expect(uncovered, '/_sandbox/ routes with no tool (add one to sandbox-tools.ts or exclude it with a reason)').toEqual([]);
    for (const name of ['post_v1_sessions', 'get_v1_sessions_sessionId', 'post_v1_payment_intents_id_capture', 'post_v1_refunds', 'sandbox_clock_advance', 'sandbox_faults_set']) expect(names).toContain(name);
    // Browser-only routes are not the merchant API: a publishable-key call is no tool.
    expect(names).not.toContain('post_v1_public_tokens');
    const create = tools.find((t) => t.name === 'post_v1_sessions')!;
    expect(create.inputSchema.required).toContain('body');
    expect(Object.keys((create.inputSchema.properties as any).body.properties)).toEqual(expect.arrayContaining(['amount', 'currency']));
    expect(create.inputSchema.properties).toHaveProperty('idempotencyKey');
    expect(JSON.stringify(tools)).not.toContain('"$ref"');
  });

  it('creates a session and reads it back, with the secret key, the pinned version and an Idempotency-Key', async () => {
    const made = await w.call('post_v1_sessions', { body: { amount: 1200, currency: 'usd' } });
    expect(made.isError, made.texts.join('\n')).toBe(false);
    expect(made.json).toMatchObject({ amount: 1200, currency: 'USD' });
    expect(made.texts[1]).toMatch(/^HTTP 201 /);
    const read = await w.call('get_v1_sessions_sessionId', { sessionId: made.json.id });
    expect(read.json).toMatchObject({ id: made.json.id, amount: 1200 });
    const create = w.seen.find((s) => s.method === 'POST' && s.path === '/v1/sessions')!;
    expect(create.headers.get('authorization')).toBe(`Bearer ${w.keys.secret}`);
    expect(create.headers.get('svc-pay-version')).toBe(VERSION);
    expect(create.headers.get('idempotency-key')).toMatch(/^mcp_/);
    expect(w.seen.find((s) => s.path === `/v1/sessions/${made.json.id}`)!.headers.get('svc-pay-version')).toBe(VERSION);
  });

  it('replays a write sent again with the Idempotency-Key its answer named', async () => {
    const body = { amount: 700, currency: 'eur' };
    const first = await w.call('post_v1_sessions', { body, idempotencyKey: 'order-42' });
    const again = await w.call('post_v1_sessions', { body, idempotencyKey: 'order-42' });
    expect(again.json.id).toBe(first.json.id);
    expect(again.texts[1]).toMatch(/^HTTP 200 /);
  });

  it('pays with a test token and refunds, the whole merchant path', async () => {
    const token = await w.call('post_v1_tokens', { body: { provider_reference: 'tok_sandbox_visa_4242' } });
    expect(token.isError, token.texts.join('\n')).toBe(false);
    const intent = await w.call('post_v1_payment_intents', { body: { amount: 2000, currency: 'usd', payment_method: { id: token.json.id } } });
    expect(intent.json).toMatchObject({ status: 'succeeded', amount: 2000 });
    const refund = await w.call('post_v1_refunds', { body: { payment_intent: intent.json.id, amount: 500 } });
    expect(refund.isError, refund.texts.join('\n')).toBe(false);
    expect(refund.json).toMatchObject({ amount: 500 });
  });

  it('answers an API error as a tool error carrying the envelope and its code', async () => {
    const r = await w.call('get_v1_payment_intents_id', { id: 'vp_pi_nosuchintent' });
    expect(r.isError).toBe(true);
    expect(r.json).toMatchObject({ code: 'payment_intent_not_found' });
    expect(r.json).toHaveProperty('fix');
    expect(r.texts[1]).toMatch(/^HTTP 404 /);
  });

  it('moves the sandbox clock and reads it back', async () => {
    const before = await w.call('sandbox_clock_read');
    const after = await w.call('sandbox_clock_advance', { body: { advanceSeconds: 3600 } });
    expect(after.isError, after.texts.join('\n')).toBe(false);
    expect(after.json.unix - before.json.unix).toBeGreaterThanOrEqual(3600);
    expect((await w.call('sandbox_clock_read')).json.unix).toBe(after.json.unix);
    expect(w.seen.find((s) => s.method === 'POST' && s.path === '/_sandbox/clock')!.headers.get('svc-pay-version')).toBe(VERSION);
  });

  it('arms and clears a fault, and a bad control body is a tool error with its code', async () => {
    const fault = await w.call('sandbox_faults_set', { body: { operation: 'charge', kind: 'down' } });
    expect(fault.json).toMatchObject({ operation: 'charge', kind: 'down', remaining: 1 });
    expect((await w.call('sandbox_fault_clear', { id: fault.json.id })).texts[1]).toMatch(/^HTTP 204 /);
    const bad = await w.call('sandbox_clock_advance', { body: { advanceSeconds: -5 } });
    expect(bad.isError).toBe(true);
    expect(bad.json.code).toBe('validation_error');
  });
});

describe('svcpay mcp: what never goes through', () => {
  it('refuses a card number anywhere in the arguments and sends nothing', async () => {
    const calls = w.seen.length;
    for (const args of [
      { body: { amount: 100, currency: 'usd', description: 'card 4242 4242 4242 4242 exp 12/34' } },
      { body: { amount: 100, currency: 'usd', metadata: { note: '４０００００００００００９９９５' } } },
    ]) {
      const r = await w.call('post_v1_sessions', args);
      expect(r.isError).toBe(true);
      expect(r.texts[0]).toMatch(/holds a card number.*tok_sandbox_/);
      expect(r.texts.join('')).not.toMatch(/4242 4242|９９９５/);
    }
    expect(w.seen.length).toBe(calls);
  });

  it('never answers the secret key, and refuses arguments the tool does not take', async () => {
    const r = await w.call('post_v1_sessions', { amount: 100, currency: 'usd' });
    expect(r.isError).toBe(true);
    expect(r.texts[0]).toMatch(/takes no amount, currency.*inside body/);
    const everything = JSON.stringify(await w.client.listTools());
    expect(everything).not.toContain(w.keys.secret);
  });

  it('says which address did not answer when the service is down, without the key', async () => {
    const clock = w.tools.find((t) => t.name === 'sandbox_clock_read')!;
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const r = await toolCaller({ baseUrl: 'http://127.0.0.1:9', secretKey: w.keys.secret })(clock, {});
    expect(r.isError).toBe(true);
    const text = (r.content[0] as { text: string }).text;
    expect(text).toMatch(/no answer from svcpay at http:\/\/127\.0\.0\.1:9 .*npx svcpay/);
    expect(text).not.toContain(w.keys.secret);
  });
});
