/** Test harness: one sandbox processor over an in-memory database, driven through `app.request`. */
import { createSandboxProcessor, type SandboxProcessorOptions } from './index.ts';
import { ACCOUNT_HEADER } from './api.ts';

export const SECRET = 'sbx_sk_test_only';
export const ACCOUNT = 'merchant_test_1';
export const SERVICE_URL = 'http://localhost:4242';
export const WEBHOOK_SECRET = 'whsec_sandbox_test_only';
export const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

export const serverAuth = (account = ACCOUNT, secret = SECRET) => ({ Authorization: `Bearer ${secret}`, [ACCOUNT_HEADER]: account });

export function testProcessor(opts: Partial<SandboxProcessorOptions> = {}) {
  const processor = createSandboxProcessor({
    dataPath: ':memory:',
    apiSecret: SECRET,
    webhookSecret: WEBHOOK_SECRET,
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
  return { processor, call, token, charge, count };
}
