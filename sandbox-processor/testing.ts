/** Test harness: one sandbox processor over an in-memory database, driven through `app.request`. */
import { createSandboxProcessor, type SandboxProcessorOptions } from './index.ts';
import { ACCOUNT_HEADER } from './api.ts';

export const SECRET = 'sbx_sk_test_only';
export const ACCOUNT = 'merchant_test_1';
export const SERVICE_URL = 'http://localhost:4242';
export const WEBHOOK_SECRET = 'whsec_sandbox_test_only';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_sandbox_test_only';
export const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

export const serverAuth = (account = ACCOUNT, secret = SECRET) => ({ Authorization: `Bearer ${secret}`, [ACCOUNT_HEADER]: account });

/** A clock tests move by hand, as the service clock is moved through `/_sandbox/clock`. */
export function testClock(start = '2030-01-01T00:00:00Z') {
  let ms = Date.parse(start);
  return { now: () => new Date(ms), advance: (seconds: number) => void (ms += seconds * 1000) };
}

/** A stand-in for the service's webhook route: records each delivery and answers `status`. */
export function webhookReceiver(status = 200) {
  const received: { url: string; headers: Headers; body: string }[] = [];
  const receiver = {
    received,
    status,
    deliver: async (url: string, init: RequestInit) => {
      received.push({ url, headers: new Headers(init.headers), body: String(init.body) });
      return new Response(null, { status: receiver.status });
    },
    events: () => received.map((r) => JSON.parse(r.body) as { id: string; type: string; transaction?: { id: string }; refund?: { id: string } }),
  };
  return receiver;
}

export function testProcessor(opts: Partial<SandboxProcessorOptions> = {}) {
  const processor = createSandboxProcessor({
    dataPath: ':memory:',
    apiSecret: SECRET,
    webhookSecret: WEBHOOK_SECRET,
    stripePublishableKey: STRIPE_PUBLISHABLE_KEY,
    // No service behind these tests: every delivery is answered 404 and stays in the outbox.
    deliver: async () => new Response(null, { status: 404 }),
    serviceUrl: SERVICE_URL,
    publicUrl: 'http://127.0.0.1:4243',
    distDir: '/nonexistent-dist',
    log: { info: () => undefined, error: () => undefined },
    ...opts,
  });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = serverAuth()) =>
    processor.app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** A client token, as the service's `init` gets one for the browser. */
  const token = async (session = { sessionId: 'cs_1', livemode: false, amount: 700, currency: 'USD' }) =>
    (await (await call('POST', '/v1/client_tokens', session)).json()).token as string;
  /** The fields page's call: pay with the token, no server secret. */
  const charge = (body: unknown) => call('POST', '/v1/charges', body, {});
  const count = (sql: string) => (processor.db.prepare(sql).get() as { n: number }).n;
  /** A server-side charge (201/200 body, or the refusal) with sensible defaults. */
  const direct = async (body: Record<string, unknown>, headers?: Record<string, string>) => {
    const res = await call('POST', '/v1/transactions', { sessionId: null, livemode: false, amount: 700, currency: 'USD', ...body }, headers);
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() };
  };
  /** Vaults a card of the table by its provider reference; resolves with the vault id. */
  const vault = async (providerReference: string, livemode = false) =>
    (await (await call('POST', '/v1/vault', { providerReference, livemode })).json()).vaultId as string;
  /** Every row of every table, as text: what card-data scans read. */
  const everything = () => {
    const tables = processor.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    return tables.map(({ name }) => JSON.stringify(processor.db.prepare(`SELECT * FROM "${name}"`).all())).join('\n');
  };
  return { processor, call, token, charge, count, direct, vault, everything };
}
