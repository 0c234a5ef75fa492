/**
 * Inbound provider events (Doc 3, Webhooks): kept before the provider hears 200, applied after
 * the answer, once per provider event id, and retried when applying fails.
 */
import { describe, expect, it } from 'vitest';
import { world, type Json } from '../refunds/fixtures.ts';
import { drainInbound, receive } from '../../engine/webhooks/inbound-events.ts';

/** A world whose processor events are caught on their way to the service, to be posted by the test. */
async function setup() {
  const w = await world({ disputeReporting: 'tracked' });
  const caught: { url: string; init: RequestInit }[] = [];
  w.t.sandbox.setDeliver((url, init) => (caught.push({ url, init }), new Response(null, { status: 200 })), { atOnce: false });
  const adapter = w.t.processor.standInControl!;
  /** Makes the processor sign and send `type` for the payment; returns the signed request, not yet delivered. */
  const signed = async (type: 'dispute.created' | 'dispute.won' | 'dispute.lost', pi: Json) => {
    const s = (await w.t.deps.store.read.settlements.get(pi.vp_tx_id as string))!;
    await adapter.emitEvent(w.m.merchant, type, { transactionId: s.processorRef });
    return caught.at(-1)!;
  };
  const deliver = async (req: { url: string; init: RequestInit }) => {
    const res = await w.t.app.request(req.url, req.init);
    return { status: res.status, body: (await res.json()) as Json };
  };
  /** Keeps a caught event the way the route does, without the route's own pass after its answer. */
  const keep = async (req: { init: RequestInit }) => {
    const body = String(req.init.body);
    return receive(w.t.deps, 'sandbox', w.t.deps.providers.named('sandbox')!.inbound.parse(JSON.parse(body), null)!, body);
  };
  const dispute = async (pi: Json) => (await w.t.deps.store.read.settlements.get(pi.vp_tx_id as string))!.dispute;
  const rows = async () => (await w.t.query('SELECT state, data FROM inbound_events ORDER BY seq')).map((r) => JSON.parse((r as { data: string }).data) as Json);
  return { ...w, signed, deliver, keep, dispute, rows };
}

describe('inbound provider events', () => {
  it('are kept before the 200 and applied after it: the answer does not wait for the work', async () => {
    const w = await setup();
    const pi = await w.pay(1000);
    const req = await w.signed('dispute.created', pi);
    // Applying needs the merchant; hold that read until the provider has its answer.
    const merchants = w.t.deps.store.read.merchants;
    const realGet = merchants.get.bind(merchants);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    merchants.get = async (id) => (await gate, realGet(id));
    const answer = await w.deliver(req);
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect((await w.rows())).toEqual([expect.objectContaining({ type: 'dispute.created', state: 'pending' })]);
    expect(await w.dispute(pi)).toBeNull();
    release();
    await drainInbound(w.t.deps);
    expect(await w.dispute(pi)).toBe('open');
    expect((await w.rows())).toEqual([expect.objectContaining({ state: 'applied', attempts: 1 })]);
    expect((await w.events('dispute.created'))).toHaveLength(1);
  });

  it('are applied once per provider event id: a provider’s retry of an old event changes nothing', async () => {
    const w = await setup();
    const pi = await w.pay(1000);
    const created = await w.signed('dispute.created', pi);
    expect((await w.deliver(created)).body).toEqual({ received: true, duplicate: false });
    await drainInbound(w.t.deps);
    const won = await w.signed('dispute.won', pi);
    await w.deliver(won);
    await drainInbound(w.t.deps);
    expect(await w.dispute(pi)).toBe('won');
    // The provider did not hear our 200 for the first event and sends it again, same id, same body.
    expect(await w.deliver(created)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    await drainInbound(w.t.deps);
    expect(await w.dispute(pi)).toBe('won');
    expect((await w.events('dispute.created'))).toHaveLength(1);
    expect((await w.t.count('inbound_events'))).toBe(2);
  });

  it('one that cannot be applied now is kept and tried again on the service clock', async () => {
    const w = await setup();
    const pi = await w.pay(1000);
    const req = await w.signed('dispute.created', pi);
    const merchants = w.t.deps.store.read.merchants;
    const realGet = merchants.get.bind(merchants);
    merchants.get = async () => {
      throw new Error('database is locked');
    };
    expect((await w.deliver(req)).status).toBe(200);
    await drainInbound(w.t.deps);
    merchants.get = realGet;
    expect((await w.rows())).toEqual([expect.objectContaining({ state: 'pending', attempts: 1, lastError: 'database is locked' })]);
    expect(await w.dispute(pi)).toBeNull();
    // Not before its retry time...
    await w.clock(5);
    expect(await w.dispute(pi)).toBeNull();
    // ...and applied once it comes (15 seconds after the first try).
    await w.clock(15);
    expect(await w.dispute(pi)).toBe('open');
    expect((await w.rows())).toEqual([expect.objectContaining({ state: 'applied', attempts: 2, lastError: null })]);
  });

  it('one that concerns nothing of ours is kept as ignored, not retried', async () => {
    const w = await setup();
    const pi = await w.pay(1000);
    await w.t.json('PATCH', `/_sandbox/merchants/${w.m.merchant.id}`, { settings: { disputeReporting: 'not_tracked' } });
    await w.deliver(await w.signed('dispute.created', pi));
    await drainInbound(w.t.deps);
    expect((await w.rows())).toEqual([expect.objectContaining({ state: 'ignored' })]);
    expect(await w.dispute(pi)).toBeNull();
  });

  it('are applied once even when two workers (two service instances) drain at the same moment', async () => {
    const w = await setup();
    const pi = await w.pay(1000);
    await w.keep(await w.signed('dispute.created', pi));
    // A second instance: the same database behind another store object, so its passes are not queued behind ours.
    const store = w.t.deps.store;
    const other = { ...w.t.deps, store: { read: store.read, tx: store.tx.bind(store), onCommit: store.onCommit.bind(store), ping: store.ping.bind(store), info: store.info.bind(store), close: store.close.bind(store) } };
    const runs = await Promise.all([drainInbound(w.t.deps), drainInbound(other)]);
    expect(runs.reduce((n, r) => n + r.applied, 0)).toBe(1);
    expect((await w.rows())).toEqual([expect.objectContaining({ state: 'applied', attempts: 1 })]);
  });

  it('report what a pass did, and back off from 15 seconds, doubling, until given up after 3 days', async () => {
    const w = await setup();
    const pi = await w.pay(1000);
    const merchants = w.t.deps.store.read.merchants;
    const realGet = merchants.get.bind(merchants);
    merchants.get = async () => {
      throw new Error('database is locked');
    };
    await w.keep(await w.signed('dispute.created', pi));
    expect(await drainInbound(w.t.deps)).toEqual({ applied: 0, ignored: 0, retrying: 1 });
    await w.clock(15);
    expect((await w.rows())[0]).toMatchObject({ state: 'pending', attempts: 2 });
    // The next wait is 30 seconds: not at 29...
    await w.clock(29);
    expect((await w.rows())[0]).toMatchObject({ attempts: 2 });
    await w.clock(1);
    expect((await w.rows())[0]).toMatchObject({ attempts: 3 });
    // Waits stop growing at 10 minutes; after 3 days of failures the event is given up on.
    for (let i = 0; i < 23; i++) await w.clock(3 * 3600);
    expect((await w.rows())[0]).toMatchObject({ state: 'pending', attempts: 26 });
    await w.clock(3 * 3600);
    expect((await w.rows())[0]).toMatchObject({ state: 'failed', attempts: 27, lastError: 'database is locked' });
    merchants.get = realGet;
    await w.clock(3600);
    expect(await w.dispute(pi)).toBeNull();
    expect(await drainInbound(w.t.deps)).toEqual({ applied: 0, ignored: 0, retrying: 0 });
  });

  it('report applied and ignored events in the pass that handled them', async () => {
    const w = await setup();
    const pi = await w.pay(1000);
    await w.keep(await w.signed('dispute.created', pi));
    expect(await drainInbound(w.t.deps)).toEqual({ applied: 1, ignored: 0, retrying: 0 });
    await w.t.json('PATCH', `/_sandbox/merchants/${w.m.merchant.id}`, { settings: { disputeReporting: 'not_tracked' } });
    await w.keep(await w.signed('dispute.won', pi));
    expect(await drainInbound(w.t.deps)).toEqual({ applied: 0, ignored: 1, retrying: 0 });
  });
});
