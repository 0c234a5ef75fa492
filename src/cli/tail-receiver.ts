/**
 * What `svcpay webhooks tail` stands on: the merchant API with the secret key, and a webhook
 * receiver of its own on 127.0.0.1 (test mode delivers to loopback: Doc 3, "webhook URLs and the
 * network"), which checks each delivery's signature and answers 200, or 400 to a bad one. It
 * checks from the first delivery (issue 32, finding 10b): until it has its subscription's secret
 * it verifies nothing, so it takes nothing and answers 503; the server tries again later.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSvcPayClient, type SvcPayClient } from '../../embed/server/index.ts';
import { SandboxUnreachableError, errorOf } from '../../embed/server/sandbox.ts';
import { eventTypes } from '../vocab/events.ts';
import { UsageError } from './args.ts';
import { SIGNATURE_HEADER, verifySignature } from '../platform/signature.ts';

/** A receiver answers bodies up to this size; a webhook envelope is far smaller. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The merchant calls the tail makes, through `svcpay/server`'s typed client with the secret key;
 * failures as the control client's (`SandboxControlError`, `SandboxUnreachableError`). A key that
 * is not a secret key is a usage error, found before any call.
 */
export function merchantApi(baseUrl: string, secretKey: string) {
  let client: SvcPayClient;
  try {
    client = createSvcPayClient({ baseUrl, secretKey });
  } catch (err) {
    throw new UsageError(`--secret-key: ${err instanceof Error ? err.message : String(err)}`);
  }
  const answer = async <T>(what: string, call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> => {
    let r: Awaited<typeof call>;
    try {
      r = await call;
    } catch (err) {
      throw new SandboxUnreachableError(baseUrl, { cause: err });
    }
    if (r.error !== undefined || !r.response.ok) throw errorOf(r.response, JSON.stringify(r.error ?? ''), what);
    return r.data as T;
  };
  return {
    subscribe: (url: string) =>
      answer('POST /v1/webhook_subscriptions', client.POST('/v1/webhook_subscriptions', { body: { url, enabledEvents: [...eventTypes], description: 'svcpay webhooks tail (removed when it stops)' } })),
    subscriptions: async () => (await answer('GET /v1/webhook_subscriptions', client.GET('/v1/webhook_subscriptions', { params: { query: { limit: 100 } } }))).data,
    unsubscribe: (id: string) => answer('DELETE /v1/webhook_subscriptions/{id}', client.DELETE('/v1/webhook_subscriptions/{id}', { params: { path: { id } } })),
    event: (id: string) => answer('GET /v1/webhook_events/{id}', client.GET('/v1/webhook_events/{id}', { params: { path: { id } } })),
  };
}

export interface Receiver {
  url: string;
  /** The subscription's `whsec_*`, once known: deliveries are checked against it from then on. */
  setSecret(secret: string): void;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 on a free port. `onEvent` hears the id and type of every well-signed
 * delivery; `onRefused` why each other delivery was refused.
 */
export async function startReceiver(onEvent: (id: string, type: string) => void, onRefused: (why: string) => void): Promise<Receiver> {
  let secret: string | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = req.headers[SIGNATURE_HEADER];
      if (secret === undefined) {
        onRefused('arrived before the tail had its signing secret (answered 503; the server retries it)');
        res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' }).end('{"error":"not ready"}');
        return;
      }
      if (size > MAX_BODY_BYTES || !verifySignature(typeof header === 'string' ? header : undefined, [secret], raw, Math.floor(Date.now() / 1000))) {
        onRefused('had a bad signature (answered 400)');
        res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"bad signature"}');
        return;
      }
      try {
        const e = JSON.parse(raw) as { id?: unknown; type?: unknown };
        if (typeof e.id === 'string' && typeof e.type === 'string') onEvent(e.id, e.type);
      } catch {
        // Not JSON: still answered, the tail shows what the server recorded.
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/svcpay-webhooks-tail`,
    setSecret: (s) => {
      secret = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
