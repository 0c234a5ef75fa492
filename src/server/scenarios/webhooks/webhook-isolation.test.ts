/**
 * Issue 32, finding 5: one merchant's slow webhook endpoints do not make another merchant's
 * deliveries to the same host and port fail or wait. Real sockets to one loopback receiver whose
 * `/slow/` paths never answer; a short answer limit (SVCPAY_WEBHOOK_TIMEOUT_MS) stands in for 10 s.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { startScheduler } from '../../jobs/index.ts';
import { deliverDue } from '../../engine/webhooks/webhook-delivery.ts';

/** One host and port: `/slow/…` holds every request open, `/wait/…` answers 200 after 500 ms, anything else at once. */
async function receiver() {
  const held: ServerResponse[] = [];
  const answered: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url!.startsWith('/slow/')) return void held.push(res);
      setTimeout(() => {
        answered.push(req.url!);
        res.writeHead(200).end();
      }, req.url!.startsWith('/wait/') ? 500 : 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return { url, held, answered, close };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function world(timeoutMs: number) {
  const r = await receiver();
  cleanup.push(r.close);
  const t = await testApp({ SVCPAY_WEBHOOK_TIMEOUT_MS: String(timeoutMs) });
  const merchant = async (paths: string[]) => {
    const m = await t.merchant();
    const h = bearer(m.keys.secret);
    const subscriptions: string[] = [];
    for (const path of paths) {
      const made = await t.json('POST', '/v1/webhook_subscriptions', { url: `${r.url}${path}`, enabledEvents: ['charge.succeeded'] }, h);
      expect(made.status).toBe(201);
      subscriptions.push((await made.json()).id);
    }
    const pay = async (times = 1) => {
      for (let i = 0; i < times; i++) await payOnce();
    };
    const payOnce = async () => {
      const token = await (await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, h)).json();
      expect((await t.json('POST', '/v1/payment_intents', { amount: 1200, currency: 'usd', payment_method: { id: token.id } }, h)).status).toBe(201);
    };
    return { id: m.merchant.id, subscriptions, pay };
  };
  /** The merchant's deliveries: state and attempts made. */
  const deliveries = async (merchantId: string) =>
    ((await t.query('SELECT data FROM webhook_deliveries')) as { data: string }[])
      .map((row) => JSON.parse(row.data) as { merchantId: string; state: string; attempts: number; lastError: string | null })
      .filter((d) => d.merchantId === merchantId);
  return { r, t, merchant, deliveries };
}

const slowPaths = Array.from({ length: 10 }, (_, i) => `/slow/${i}`);

describe('webhook delivery, one merchant apart from another', () => {
  it("delivers merchant B's event on its first attempt while merchant A's 10 slow subscriptions on the same host and port hold their requests", async () => {
    const w = await world(1000);
    const a = await w.merchant(slowPaths);
    const b = await w.merchant(['/fast/b']);
    // Two events for each of A's ten subscriptions, then B's one, all due in one pass: 21 requests to one host and port.
    await a.pay();
    await a.pay();
    await b.pay();
    const run = await deliverDue(w.t.deps);
    expect(run.sent).toBe(21);
    expect(await w.deliveries(b.id)).toEqual([expect.objectContaining({ state: 'delivered', attempts: 1, lastError: null })]);
    expect(w.r.answered).toHaveLength(1);
    // A's own requests failed on the answer limit, each counted from when it was sent.
    const ofA = await w.deliveries(a.id);
    expect(ofA).toHaveLength(20);
    for (const d of ofA) expect(d).toMatchObject({ state: 'pending', attempts: 1, lastError: 'no answer within 1000 ms' });
  });

  it("sends merchant B's later event while A's slow deliveries are still waiting for their answers", async () => {
    const w = await world(60_000);
    const a = await w.merchant(slowPaths);
    const b = await w.merchant(['/fast/b']);
    // The jobs' own pass (every 15 s) stays out of it: only the delivery worker's picks send.
    const stop = startScheduler(w.t.deps, 3_600_000);
    cleanup.push(async () => stop());
    await a.pay();
    // A's requests reach the receiver (two per subscription at most, eight sockets of A's pool).
    await expect.poll(() => w.r.held.length, { timeout: 20_000 }).toBe(8);
    await b.pay();
    await expect.poll(async () => (await w.deliveries(b.id))[0]?.state, { timeout: 10_000 }).toBe('delivered');
    // Still waiting on A: none of its requests has been answered or given up.
    expect((await w.deliveries(a.id)).map((d) => d.attempts)).toEqual(Array(10).fill(0));
    expect(w.r.held.every((res) => !res.writableEnded)).toBe(true);
  });

  it('counts the answer limit from when a request is sent, not while it waits for a socket of the pool', async () => {
    const w = await world(1200);
    // 20 requests at once on 8 sockets, each answered after 500 ms: the last ones are sent a second after the first.
    const a = await w.merchant(Array.from({ length: 10 }, (_, i) => `/wait/${i}`));
    await a.pay(2);
    expect(await deliverDue(w.t.deps)).toEqual({ sent: 20, delivered: 20 });
    for (const d of await w.deliveries(a.id)) expect(d).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it("sends at most two of a subscription's deliveries at once: the merchant's other subscription on the host is not held up", async () => {
    const w = await world(60_000);
    const a = await w.merchant(['/slow/1', '/slow/2', '/fast/a']);
    await a.pay(3);
    const pass = deliverDue(w.t.deps);
    // Both counts at once: the fast endpoint's three answers can arrive before the fourth held request.
    await expect.poll(() => [w.r.answered.length, w.r.held.length], { timeout: 20_000 }).toEqual([3, 4]);
    // Still two per slow subscription a moment later: the cap, not a slow start, holds the third.
    await new Promise((r) => setTimeout(r, 200));
    expect(w.r.held).toHaveLength(4);
    // A pick meanwhile passes over the two busy subscriptions: their third events wait.
    const [slow1, slow2] = a.subscriptions;
    const due = await w.t.deps.store.read.webhookDeliveries.due(w.t.deps.clock.iso(), 10, [slow1!]);
    expect(due.map((d) => d.subscriptionId)).toEqual([slow2]);
    expect(await deliverDue(w.t.deps)).toEqual({ sent: 0, delivered: 0 });
    await w.r.close();
    await pass;
  });
});
