/**
 * One payment, one store order, through crashes (issue 20): a real server process on a file
 * database, killed with SIGKILL at the two moments that matter, then started again on the same files.
 *
 * - Between the charge and the store call: the order row was committed with the capture, the store
 *   was down; after the restart the worker makes the order, once.
 * - Between the store call and its record: the store has kept the order but its answer is still on
 *   the way (the stand-in's `answerDelayMs`) when the process dies; after the restart the worker
 *   finds the order by the payment's reference and records it without asking the store to make it
 *   again (the stand-in counts the create calls that named the reference: one).
 * - Order before charge, between the store keeping the unpaid order and its answer: nothing was
 *   charged; after the restart the identical basket attaches to the order the store kept (one order,
 *   two create calls that named it), is charged once, and the order is paid.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from '../../../../e2e/fixtures/server.ts';
import { children, startServerProcess } from '../../server-process.fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'svcpay-mirror-kill-'));
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const STORE = 'kill.example.test';
const ORDER = { order: { lineItems: [{ name: 'Tee', quantity: 1, unitAmount: 1500 }] }, mirrorTo: { platform: 'platform_a', store: STORE, customer: { email: 'ada@example.com' } } };

async function start(data: string, ports: number[]) {
  const { child, base } = await startServerProcess(data, join(dir, 'ready.json'), ports);
  const call = async (method: string, path: string, body?: unknown, key?: string) => {
    const res = await fetch(`${base}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return (await res.json()) as Record<string, any>;
  };
  const kill = () =>
    new Promise<void>((r) => {
      child.once('exit', () => r());
      child.kill('SIGKILL');
    });
  return { call, kill };
}

type Server = Awaited<ReturnType<typeof start>>;
const storeOrders = async (s: Server) => (await s.call('GET', `/_sandbox/stores/platform_a/${STORE}/orders`)).data as { reference: string; createRequests: number }[];

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function payWithOrder(s: Server) {
  const m = await s.call('POST', '/_sandbox/merchants', { settings: { connectedStores: [{ platform: 'platform_a', store: STORE, writeScopes: true }] } });
  const card = await s.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, m.keys.secret);
  const paid = await s.call('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id: card.id }, ...ORDER }, m.keys.secret);
  expect(paid.status).toBe('succeeded');
  return { key: m.keys.secret as string, intent: paid.id as string };
}

describe('a store order through SIGKILL', () => {
  it('killed between the charge and the store call: made once after the restart', async () => {
    const data = join(dir, 'charge.sqlite');
    const ports = await freePorts(4);
    const first = await start(data, ports);
    await first.call('POST', `/_sandbox/stores/platform_a/${STORE}/switches`, { down: true });
    const { key, intent } = await payWithOrder(first);
    expect(await first.call('GET', `/v1/payment_intents/${intent}/mirror-order`, undefined, key)).toMatchObject({ status: 'pending' });
    await first.kill();

    const second = await start(data, ports);
    await second.call('POST', `/_sandbox/stores/platform_a/${STORE}/switches`, { down: false });
    await second.call('POST', '/_sandbox/clock', { advanceSeconds: 60 });
    await until(() => second.call('GET', `/v1/payment_intents/${intent}/mirror-order`, undefined, key), (o) => o.status === 'created', 'the store order');
    expect((await storeOrders(second)).filter((o) => o.reference === intent)).toEqual([expect.objectContaining({ createRequests: 1 })]);
    await second.kill();
  });

  it('killed between the store call and its record: found by its reference after the restart, never made again', async () => {
    const data = join(dir, 'store.sqlite');
    const ports = await freePorts(4);
    const first = await start(data, ports);
    await first.call('POST', `/_sandbox/stores/platform_a/${STORE}/switches`, { answerDelayMs: 20_000 });
    const { key, intent } = await payWithOrder(first);
    // The store has kept the order; its answer has not come back: the process dies now.
    await until(() => storeOrders(first), (orders) => orders.some((o) => o.reference === intent), 'the order at the store');
    expect(await first.call('GET', `/v1/payment_intents/${intent}/mirror-order`, undefined, key)).toMatchObject({ status: 'pending' });
    await first.kill();

    const second = await start(data, ports);
    await second.call('POST', `/_sandbox/stores/platform_a/${STORE}/switches`, { answerDelayMs: 0 });
    // Past the lease the killed worker held on the row.
    await second.call('POST', '/_sandbox/clock', { advanceSeconds: 90 });
    const made = await until(() => second.call('GET', `/v1/payment_intents/${intent}/mirror-order`, undefined, key), (o) => o.status === 'created', 'the store order');
    expect(made.order_number).toBe('#1001');
    expect((await storeOrders(second)).filter((o) => o.reference === intent)).toEqual([expect.objectContaining({ createRequests: 1 })]);
    await second.kill();
  });

  it('order before charge, killed between the store keeping the order and its answer: the retry attaches to it and pays once', async () => {
    const data = join(dir, 'first.sqlite');
    const ports = await freePorts(4);
    const first = await start(data, ports);
    const m = await first.call('POST', '/_sandbox/merchants', { settings: { orderFirst: true, connectedStores: [{ platform: 'platform_a', store: STORE, writeScopes: true }] } });
    const key = m.keys.secret as string;
    await first.call('POST', `/_sandbox/stores/platform_a/${STORE}/switches`, { answerDelayMs: 20_000 });
    const card = await first.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, key);
    const body = { amount: 1500, currency: 'usd', payment_method: { id: card.id }, ...ORDER };
    const dying = first.call('POST', '/v1/payment_intents', body, key).catch(() => 'no answer');
    await until(() => storeOrders(first), (orders) => orders.length === 1, 'the unpaid order at the store');
    await first.kill();
    expect(await dying).toBe('no answer');

    const second = await start(data, ports);
    await second.call('POST', `/_sandbox/stores/platform_a/${STORE}/switches`, { answerDelayMs: 0 });
    const ledger = async () => (await second.call('GET', `/_sandbox/processor/transactions?merchant=${m.id}`)).data as { status: string }[];
    // The first request died before its charge: the processor never saw it.
    expect(await ledger()).toEqual([]);
    const paid = await second.call('POST', '/v1/payment_intents', body, key);
    expect(paid.status).toBe('succeeded');
    await second.call('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    const orders = await storeOrders(second);
    expect(orders).toEqual([expect.objectContaining({ createRequests: 2 })]);
    expect(await second.call('GET', `/v1/payment_intents/${paid.id}/mirror-order`, undefined, key)).toMatchObject({ status: 'created', order_number: '#1001' });
    expect((await ledger()).map((t) => t.status)).toEqual(['captured']);
    await second.kill();
  });
});
