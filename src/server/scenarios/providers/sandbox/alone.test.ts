/**
 * Doc 3, Several instances: the sandbox processor running alone, in its own process's place (its
 * own app on its own ports, its own file), and a service that starts none and reaches it with
 * SVCPAY_PROCESSOR_URL and SVCPAY_PROCESSOR_SECRET. Everything over real sockets, as between
 * two processes: browser charges, server calls, provider events back to the service, the clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDeps } from '../../../deps.ts';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../env.ts';
import { createLogger } from '../../../log.ts';
import { closeAll, listen, serveProcessor } from '../../../listen.ts';
import { freePorts } from '../../../../platform/ports.ts';
import { createSandboxProcessor, processorSecrets } from '../../../../../sandbox-processor/index.ts';
import { CARD } from '../../checkout/fixtures.ts';
import { ACCOUNT_HEADER } from '../../../../../sandbox-processor/api.ts';
import type { SqliteStore } from '../../../store/index.ts';

const SHARED = 'a-shared-processor-secret-for-tests';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The processor alone on its ports, then a service pointed at it with `secret`. */
async function world(secret = SHARED) {
  const dir = mkdtempSync(join(tmpdir(), 'svcpay-alone-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const [port, processorPort, stripePort, braintreePort] = (await freePorts(4)) as [number, number, number, number];
  const ports = { processorPort, processorUrl: `http://127.0.0.1:${processorPort}`, stripePort, stripeUrl: `http://127.0.0.1:${stripePort}`, braintreePort, braintreeUrl: `http://127.0.0.1:${braintreePort}` };
  const url = `http://127.0.0.1:${port}`;
  const processor = createSandboxProcessor({ dataPath: join(dir, 'processor.sqlite'), ...processorSecrets(SHARED), serviceUrl: url, publicUrl: ports.processorUrl, braintreeUrl: ports.braintreeUrl, distDir: '/nonexistent', log: { info: () => undefined, error: () => undefined } });
  const processorServers = await serveProcessor(processor, ports);
  cleanups.push(async () => {
    await closeAll(processorServers);
    processor.close();
  });
  const config = loadConfig({ SVCPAY_DATA: ':memory:', SVCPAY_LOG: 'silent', PORT: String(port), SVCPAY_PUBLIC_URL: url, SVCPAY_PROCESSOR_URL: ports.processorUrl, SVCPAY_PROCESSOR_SECRET: secret, SVCPAY_STRIPE_URL: ports.stripeUrl, SVCPAY_BRAINTREE_URL: ports.braintreeUrl, SVCPAY_PROCESSOR_TIMEOUT_MS: '2000' });
  const built = await buildDeps(config, createLogger(false));
  const server: ServerType = await listen(createApp(built.deps).fetch, port, '127.0.0.1');
  cleanups.push(async () => {
    await closeAll([server]);
    await built.store.close();
  });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, { method, headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
  };
  const merchant = async () => (await call('POST', '/_sandbox/merchants', {})).body as { id: string; keys: { secret: string } };
  return { url, built, processor, ports, call, merchant };
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('a service with the sandbox processor running alone', () => {
  it('starts none of its own, and a buyer pays on the hosted page through the processor alone', async () => {
    const w = await world();
    expect(w.built.sandbox).toBeNull();
    const m = await w.merchant();
    const session = (await w.call('POST', '/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'https://shop.example/ok' }, bearer(m.keys.secret))).body;
    const init = (await w.call('POST', '/api/checkout/init', { sessionId: session.id }, { Origin: w.url })).body;
    // The fields page is the processor's: served from its own address.
    expect(init.fieldsUrl ?? init.url ?? JSON.stringify(init)).toContain(w.ports.processorUrl);
    const charged = await (await fetch(`${w.ports.processorUrl}/v1/charges`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card: CARD }) })).json();
    expect(charged.status).toBe('approved');
    const done = await w.call('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: charged.transactionId }, { Origin: w.url });
    expect(done.status).toBe(200);
    expect((await w.call('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).body).toMatchObject({ paymentStatus: 'paid' });
  });

  it('hears the processor’s provider events, signed with the secret they share, over HTTP', async () => {
    const w = await world();
    const m = await w.merchant();
    const token = (await w.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, bearer(m.keys.secret))).body;
    const intent = (await w.call('POST', '/v1/payment_intents', { amount: 2000, currency: 'usd', payment_method: { id: token.id } }, bearer(m.keys.secret))).body;
    expect(intent.status).toBe('succeeded');
    const sent = await w.call('POST', '/_sandbox/provider_events', { type: 'dispute.created', payment_intent: intent.id });
    expect(sent.status).toBe(202);
    expect(sent.body.delivered).toBe(true);
    const inbound = (w.built.store as SqliteStore).db.prepare("SELECT state, json_extract(data, '$.type') AS type FROM inbound_events").all();
    expect(inbound).toEqual([{ state: 'applied', type: 'dispute.created' }]);
  });

  it('tells the processor when the clock moves: a payment form it made before a two-hour move has expired', async () => {
    const w = await world();
    // A form the processor made (its hour on its own clock), asked for as the service's adapter does.
    const made = await fetch(`${w.ports.processorUrl}/v1/client_tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${processorSecrets(SHARED).apiSecret}`, [ACCOUNT_HEADER]: 'merchant_1' },
      body: JSON.stringify({ sessionId: 'cs_1', livemode: false, amount: 900, currency: 'USD' }),
    });
    const { token } = (await made.json()) as { token: string };
    expect((await w.call('POST', '/_sandbox/clock', { advanceSeconds: 7200 })).status).toBe(200);
    const late = await fetch(`${w.ports.processorUrl}/v1/charges`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, card: CARD }) });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('token_expired');
  });

  it('with another secret, reaches nothing: its calls are refused and nothing is charged', async () => {
    const w = await world('not-the-secret-the-processor-has');
    const m = await w.merchant();
    const token = await w.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, bearer(m.keys.secret));
    expect(token.status).toBeGreaterThanOrEqual(500);
    expect(token.status).toBeLessThan(600);
    expect((w.processor.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n).toBe(0);
  });

  it('refuses to start without the shared secret, saying which variable to set', async () => {
    const config = loadConfig({ SVCPAY_DATA: ':memory:', SVCPAY_PROCESSOR_URL: 'http://127.0.0.1:9' });
    await expect(buildDeps(config, createLogger(false))).rejects.toThrow(/SVCPAY_PROCESSOR_SECRET/);
    expect(() => loadConfig({ SVCPAY_PROCESSOR_SECRET: 'short' })).toThrow(/SVCPAY_PROCESSOR_SECRET: at least 24 characters/);
  });
});
