/**
 * Test harness over real HTTP: the service and the sandbox processor each on a loopback port of
 * their own, the service calling the processor through its production transport, so a fault's
 * reset connection or late answer is what the service really sees. No scheduler: a test moves
 * the clock (`POST /_sandbox/clock`) to run what is due.
 */
import { createApp } from './app.ts';
import { checkAnswers } from './routes/contract/testing.ts';
import { buildDeps } from './deps.ts';
import { loadConfig } from './env.ts';
import { createLogger } from './log.ts';
import { freePorts } from '../platform/ports.ts';
import { offlineResolver } from './testing.ts';
import type { SqliteStore } from './store/index.ts';
import { closeAll, listen, serveProcessor } from './listen.ts';

/**
 * How long the service waits for the processor in these tests: long enough that an ordinary call
 * answers on a loaded CI machine (400 ms did not, now and then), short enough that a held call
 * costs a test a moment, not the default 10 s.
 */
export const NETWORK_TIMEOUT_MS = 1000;
/** A `slow` fault's delay that outlasts the service's wait. */
export const PAST_TIMEOUT_MS = NETWORK_TIMEOUT_MS + 500;

export async function networkApp(env: Record<string, string> = {}) {
  const [port, processorPort, stripePort, braintreePort] = (await freePorts(4)) as [number, number, number, number];
  const url = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const config = loadConfig({
    SVCPAY_DATA: ':memory:',
    SVCPAY_LOG: 'info',
    PORT: String(port),
    PROCESSOR_PORT: String(processorPort),
    SVCPAY_PUBLIC_URL: url,
    STRIPE_PORT: String(stripePort),
    SVCPAY_STRIPE_URL: `http://127.0.0.1:${stripePort}`,
    BRAINTREE_PORT: String(braintreePort),
    SVCPAY_BRAINTREE_URL: `http://127.0.0.1:${braintreePort}`,
    SVCPAY_PROCESSOR_TIMEOUT_MS: String(NETWORK_TIMEOUT_MS),
    ...env,
  });
  const built = await buildDeps(config, createLogger(true, (l) => lines.push(l)));
  const { deps, processorSecret } = built;
  const sandbox = built.sandbox;
  if (!sandbox) throw new Error('networkApp starts the processor beside the service: leave SVCPAY_PROCESSOR_URL unset');
  // The tests' own queries (`store.db`) read SQLite (testing.ts says why).
  const store = built.store as SqliteStore;
  deps.webhookNet.resolve = offlineResolver;
  // The processor and both stand-ins on the loopback ports the config names, as main.ts serves them.
  const servers = [await listen(checkAnswers(createApp(deps)).fetch, port, '127.0.0.1'), ...(await serveProcessor(sandbox, config))];

  /** One JSON call to the service; the answer's status and parsed body (null when empty). */
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any>, headers: res.headers };
  };
  const control = (method: string, path: string, body: unknown = method === 'GET' ? undefined : {}) => call(method, `/_sandbox${path}`, body);

  /** A sandbox merchant with its keys. */
  const merchant = async (settings: Record<string, unknown> = {}, processor?: string) => {
    const res = await control('POST', '/merchants', { settings, ...(processor ? { processor } : {}) });
    return { id: res.body.id as string, secret: res.body.keys.secret as string, publishable: res.body.keys.publishable as string };
  };

  const close = async () => {
    sandbox.faults.clear();
    await closeAll(servers);
    // Pooled keep-alive sockets would keep the closed servers' handles open.
    servers.forEach((s) => (s as unknown as { closeAllConnections?: () => void }).closeAllConnections?.());
    await store.close();
    sandbox.close();
  };
  return { url, deps, sandbox, store, call, control, merchant, close, logLines: lines, processorSecret };
}

export const secretKey = (key: string) => ({ Authorization: `Bearer ${key}` });
