/**
 * The store-order worker's schedule and bookkeeping (engine/mirror/store-orders.ts): what a pass
 * reports, the retry gaps while a store is down, giving up after 3 days, the lease, the captured
 * amount of a partial capture, and what the poll routes answer around them.
 */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { client } from '../payment-intents/fixtures.ts';
import { runStoreOrders } from '../../engine/mirror/store-orders.ts';

const STORES = [{ platform: 'platform_a' as const, store: 'a.example.com', writeScopes: true }];
const ORDER = { order: { lineItems: [{ name: 'Tee', quantity: 1, unitAmount: 1500 }] }, mirrorTo: { platform: 'platform_a', store: 'a.example.com' } };

async function world() {
  const t = await testApp();
  const m = await t.merchant({ settings: { connectedStores: STORES } });
  const c = client(t, m.merchant.id, m.keys);
  const pay = async (extra: Record<string, unknown> = ORDER) => (await c.payJson(await c.vault(), extra)).body as { id: string };
  const row = (id: string) => w_row(t, id);
  const switches = (body: unknown) => t.json('POST', '/_sandbox/stores/platform_a/a.example.com/switches', body);
  const advance = (seconds: number) => t.deps.clock.advance(seconds);
  return { t, m, c, pay, row, switches, advance, run: () => runStoreOrders(t.deps) };
}
const w_row = (t: Awaited<ReturnType<typeof testApp>>, id: string) =>
  JSON.parse(t.store.db.prepare('SELECT data FROM mirror_orders WHERE id = ?').pluck().get(id) as string) as { state: string; attempts: number; nextAttemptAt: string; code: string | null };

describe('the store-order worker', () => {
  it('reports what a pass did, and waits 15 s, then 30 s, while the store is down', async () => {
    const w = await world();
    await w.switches({ down: true });
    const paid = await w.pay();
    /** The gap to the next try, as scheduled by a pass run now (the clock runs on in real time). */
    const gapAfterRun = async (waiting: number) => {
      const before = w.t.deps.clock.nowMs();
      expect(await w.run()).toEqual({ created: 0, failed: 0, waiting });
      const after = w.t.deps.clock.nowMs();
      const next = Date.parse(w.row(paid.id).nextAttemptAt);
      return [next - after, next - before];
    };
    const [minFirst, maxFirst] = await gapAfterRun(1);
    expect(minFirst).toBeLessThanOrEqual(15_000);
    expect(maxFirst).toBeGreaterThanOrEqual(15_000);
    expect(w.row(paid.id)).toMatchObject({ state: 'pending', attempts: 1 });
    // Not due yet: nothing is asked.
    expect(await w.run()).toEqual({ created: 0, failed: 0, waiting: 0 });
    await w.advance(15);
    const [minSecond, maxSecond] = await gapAfterRun(1);
    expect(minSecond).toBeLessThanOrEqual(30_000);
    expect(maxSecond).toBeGreaterThanOrEqual(30_000);
    expect(w.row(paid.id)).toMatchObject({ attempts: 2 });
    await w.switches({ down: false });
    await w.advance(30);
    expect(await w.run()).toEqual({ created: 1, failed: 0, waiting: 0 });
    // A refused line counts as failed.
    await w.switches({ refuseLines: true });
    await w.pay();
    expect(await w.run()).toEqual({ created: 0, failed: 1, waiting: 0 });
  });

  it('gives up after 3 days of a store down: mirror_connection_error, no event', async () => {
    const w = await world();
    await w.switches({ down: true });
    const paid = await w.pay();
    await w.run();
    await w.advance(3 * 24 * 3600 - 60);
    await w.run();
    expect(w.row(paid.id).state).toBe('pending');
    await w.advance(120);
    await w.run();
    expect(w.row(paid.id)).toMatchObject({ state: 'failed', code: 'mirror_connection_error' });
    expect((await w.c.types(paid.id))).not.toContain('mirror.order.created');
  });

  it('leaves a row another pass holds (leased for a minute) alone', async () => {
    const w = await world();
    const paid = await w.pay();
    const future = new Date(w.t.deps.clock.nowMs() + 60_000).toISOString();
    w.t.store.db.prepare("UPDATE mirror_orders SET next_attempt_at = ?, data = json_set(data, '$.nextAttemptAt', ?) WHERE id = ?").run(future, future, paid.id);
    expect(await w.run()).toEqual({ created: 0, failed: 0, waiting: 0 });
    await w.advance(61);
    expect(await w.run()).toMatchObject({ created: 1 });
  });

  it('orders what was captured: a partial capture’s amount, once', async () => {
    const w = await world();
    const held = await w.pay({ ...ORDER, capture_method: 'manual' });
    await w.c.post(`/v1/payment_intents/${held.id}/capture`, { amount_to_capture: 1000 });
    await w.run();
    const orders = (await (await w.t.json('GET', '/_sandbox/stores/platform_a/a.example.com/orders')).json()).data;
    expect(orders).toEqual([expect.objectContaining({ reference: held.id, order: expect.objectContaining({ total_price: '10.00' }) })]);
  });

  it('does not take a connected store of the other platform with the same host', async () => {
    const t = await testApp();
    const m = await t.merchant({ settings: { connectedStores: [...STORES, { platform: 'platform_b', store: 'b.example.com', writeScopes: true }] } });
    const c = client(t, m.merchant.id, m.keys);
    const paid = (await c.payJson(await c.vault(), ORDER)).body;
    await t.json('PATCH', `/_sandbox/merchants/${m.merchant.id}`, { settings: { connectedStores: [{ platform: 'platform_b', store: 'a.example.com', writeScopes: true }] } });
    await runStoreOrders(t.deps);
    expect(w_row(t, paid.id)).toMatchObject({ state: 'failed', code: 'mirror_connection_error' });
  });
});

describe('the session poll route around the worker', () => {
  it('is not_mirrored for a session with no store order, and once a session with one expires unpaid', async () => {
    const w = await world();
    const make = async (extra: Record<string, unknown>) => (await (await w.t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', ...extra }, bearer(w.m.keys.secret))).json()).id as string;
    const poll = async (id: string) => (await (await w.t.json('GET', `/v1/public/sessions/${id}/mirror-order`, undefined, bearer(w.m.keys.publishable))).json()).status;
    const plain = await make({});
    const ordered = await make(ORDER);
    expect([await poll(plain), await poll(ordered)]).toEqual(['not_mirrored', 'pending']);
    await w.t.json('POST', `/v1/sessions/${ordered}/expire`, undefined, bearer(w.m.keys.secret));
    expect(await poll(ordered)).toBe('not_mirrored');
  });
});
