/**
 * A merchant's webhook endpoint for tests: a loopback HTTP server that checks every delivery with
 * `verifyWebhook` (signature and 300-second tolerance), as a merchant's server should, and keeps
 * the events that verify. Test mode allows loopback subscription URLs. The `webhooks` fixture of
 * `svcpay/testing` stands on it, and so do this repository's own e2e flows.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, type WebhookEnvelope } from '../webhooks/index.ts';

export interface LoopbackWebhookReceiver {
  url: string;
  /** Deliveries whose signature verified, in arrival order (redeliveries included). */
  events: WebhookEnvelope[];
  /** Deliveries refused because the signature did not verify. */
  readonly refused: number;
  /** The first verified event of this type (and matching `where`), waiting up to `timeout` ms (30 000). */
  waitFor(type: string, options?: { where?: (event: WebhookEnvelope) => boolean; timeout?: number }): Promise<WebhookEnvelope>;
  /** The subscription's `whsec_…` secret: deliveries are checked against it. */
  setSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<LoopbackWebhookReceiver> {
  const events: WebhookEnvelope[] = [];
  const waiters = new Set<() => boolean>();
  let secret = '';
  let refused = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        events.push(verifyWebhook({ rawBody: Buffer.concat(chunks), signature: req.headers['x-svc-signature'], secret }));
        res.writeHead(200).end();
        for (const wake of waiters) wake();
      } catch {
        refused++;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const waitFor: LoopbackWebhookReceiver['waitFor'] = (type, options = {}) => {
    const match = (e: WebhookEnvelope) => e.type === type && (!options.where || options.where(e));
    const timeout = options.timeout ?? 30_000;
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`svcpay/testing: no verified "${type}" webhook within ${timeout} ms (received: ${events.map((e) => e.type).join(', ') || 'none'})`));
      }, timeout);
      if (!check()) waiters.add(check);
    });
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    events,
    get refused() {
      return refused;
    },
    waitFor,
    setSecret: (value) => void (secret = value),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
