/**
 * Webhook delivery (issue: webhooks), measured from outside: a svcpay process on a file database,
 * a loopback receiver that answers 200 and verifies every signature with `svcpay/webhooks`, and
 * payment intents made through the public API.
 *
 * - Commit to first attempt: payments one at a time; for each, the time from the 201 of
 *   `POST /v1/payment_intents` (its event is committed before that answer) to the moment the
 *   receiver has its `charge.succeeded`. Median and p99.
 * - Delivery rate: a backlog (the receiver answered 503 while the payments were made), released
 *   by moving the service clock past the first retry; events per second from the clock move to
 *   the last event received. One endpoint, so this is the per-endpoint bound (4 at a time).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../embed/webhooks/index.ts';
import { startSvcpay } from './api-servers.ts';

export interface WebhookBenchResults {
  /** From the 201 of the write (after its commit) and, as an upper bound, from the start of its request. */
  commitToFirstAttemptMs: { median: number; p99: number; samples: number; fromRequestStart: { median: number; p99: number } };
  delivery: { events: number; seconds: number; eventsPerSecond: number };
  /** Events whose signature did not verify (must be 0). */
  badSignatures: number;
}

export interface WebhookBenchOptions {
  latencySamples: number;
  backlog: number;
  log?: (line: string) => void;
}

export const defaultWebhookOptions: WebhookBenchOptions = {
  latencySamples: Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 200),
  backlog: Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 2000),
};

type Json = Record<string, unknown>;

export async function runWebhookBench(opts: WebhookBenchOptions = defaultWebhookOptions): Promise<WebhookBenchResults> {
  const arrivals = new Map<string, number>();
  let answer = 200;
  let secret = '';
  let badSignatures = 0;
  let onArrival: (() => void) | null = null;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      if (answer !== 200) return void res.writeHead(answer).end();
      const rawBody = Buffer.concat(chunks).toString('utf8');
      try {
        const event = verifyWebhook({ rawBody, signature: req.headers['x-svc-signature'] as string | undefined, secret });
        const intent = (event.data as Json).payment_intent_id as string;
        if (!arrivals.has(intent)) arrivals.set(intent, at);
      } catch {
        badSignatures++;
      }
      res.writeHead(200).end();
      onArrival?.();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const svc = await startSvcpay({ store: 'file', runtime: 'tsx' });
  try {
    const call = async (method: string, path: string, body?: Json) => {
      const res = await fetch(`${svc.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${svc.secretKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as Json;
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    secret = (await call('POST', '/v1/webhook_subscriptions', { url, enabledEvents: ['charge.succeeded'] })).secret as string;
    // One saved card (setup_for_future_use) charged again and again, so each payment is one request.
    const token = await call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'bench_buyer', setup_for_future_use: 'on_session' });
    let n = 0;
    const pay = async () => (await call('POST', '/v1/payment_intents', { amount: 1000 + (n++ % 500), currency: 'usd', payment_method: { id: token.id } })).id as string;
    const until = (done: () => boolean, ms: number) =>
      new Promise<void>((resolve, reject) => {
        if (done()) return resolve();
        const timer = setTimeout(() => reject(new Error(`webhook bench: gave up waiting after ${ms / 1000} s (${arrivals.size} events received)`)), ms);
        onArrival = () => {
          if (!done()) return;
          clearTimeout(timer);
          onArrival = null;
          resolve();
        };
      });

    // Warm-up: the first requests of a fresh process run unoptimised code.
    for (let i = 0; i < 20; i++) await pay();
    await until(() => arrivals.size >= 20, 10_000);

    opts.log?.(`webhooks: commit -> first attempt, ${opts.latencySamples} payments one at a time`);
    const delays: number[] = [];
    const fromStart: number[] = [];
    for (let i = 0; i < opts.latencySamples; i++) {
      const started = performance.now();
      const id = await pay();
      const answered = performance.now();
      await until(() => arrivals.has(id), 10_000);
      // The attempt may reach the receiver before the 201 reaches us: that counts as no delay.
      delays.push(Math.max(0, arrivals.get(id)! - answered));
      fromStart.push(arrivals.get(id)! - started);
    }

    opts.log?.(`webhooks: delivery rate, a backlog of ${opts.backlog} events`);
    answer = 503;
    const backlog: string[] = [];
    let started = 0;
    const makers = Array.from({ length: 8 }, async () => {
      while (started++ < opts.backlog) backlog.push(await pay());
    });
    await Promise.all(makers);
    // Let every first attempt fail before releasing the retries.
    await new Promise((r) => setTimeout(r, 1500));
    answer = 200;
    const before = arrivals.size;
    const released = performance.now();
    await call('POST', '/_sandbox/clock', { advanceSeconds: 60 });
    await until(() => backlog.every((id) => arrivals.has(id)), 120_000);
    const seconds = (performance.now() - released) / 1000;
    const events = arrivals.size - before;

    const q = (xs: number[], p: number) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
    };
    return {
      commitToFirstAttemptMs: { median: q(delays, 0.5), p99: q(delays, 0.99), samples: delays.length, fromRequestStart: { median: q(fromStart, 0.5), p99: q(fromStart, 0.99) } },
      delivery: { events, seconds: round(seconds), eventsPerSecond: Math.round(events / seconds) },
      badSignatures,
    };
  } finally {
    await svc.stop();
    await new Promise<void>((r) => receiver.close(() => r()));
  }
}

export function printWebhookResults(r: WebhookBenchResults): void {
  console.log(
    `webhooks: commit -> first attempt median ${r.commitToFirstAttemptMs.median} ms, p99 ${r.commitToFirstAttemptMs.p99} ms ` +
      `(request start -> attempt: median ${r.commitToFirstAttemptMs.fromRequestStart.median} ms, p99 ${r.commitToFirstAttemptMs.fromRequestStart.p99} ms; ${r.commitToFirstAttemptMs.samples} payments); ` +
      `delivery ${r.delivery.eventsPerSecond} events/s (${r.delivery.events} events in ${r.delivery.seconds} s, one endpoint); bad signatures ${r.badSignatures}`,
  );
}

const round = (n: number) => Math.round(n * 10) / 10;

/** `tsx bench/webhooks.ts`: this part alone. */
if (import.meta.url === `file://${process.argv[1]}`) {
  runWebhookBench({ ...defaultWebhookOptions, log: (l) => console.log(l) }).then(
    (r) => (printWebhookResults(r), process.exit(r.badSignatures ? 1 : 0)),
    (err: unknown) => (console.error(err), process.exit(1)),
  );
}
