/**
 * The Postgres repos ported so far (issue 21, in progress) on the real schema: what each keeps it
 * gives back, in the orders the engine relies on, inside and outside a transaction. The rest of the
 * repos, and the store that selects this backend, come next; then the engine's whole suite runs on
 * both backends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAvailable, useCluster } from './cluster.fixtures.ts';
import { migrations } from '../schema/migrations.ts';
import { postgresSql } from '../schema/steps.ts';
import { openPg, type PgDb } from './pg-db.ts';
import { eventRepo } from './repos-webhooks.ts';
import { idempotencyRepo, refundRepo } from './repos-money.ts';
import { inboundEventRepo, metaRepo } from './repos-small.ts';
import { orderFirstRepo } from './repos-mirror.ts';
import type { Sql } from 'postgres';
import type { InboundEventRecord, RefundRecord } from '../../domain/index.ts';
import type { OrderFirstPurchase } from '../../domain/mirror.ts';

const cluster = useCluster();
let db: PgDb;
beforeAll(async () => {
  if (!pgAvailable) return;
  db = await openPg(await cluster().createDatabase('repos'), { migrations: migrations.map(postgresSql) });
  await db.sql`insert into merchants (id, environment, processor, status, name, settings, created_at) values ('m_1', 'sandbox', 'sandbox', 'active', 'M', '{}', '2026-01-01T00:00:00.000Z')`;
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe.runIf(pgAvailable)('the Postgres repos', () => {
  it('meta: set, overwrite, read, delete; a transaction that throws keeps nothing', async () => {
    const meta = metaRepo(db.sql);
    await meta.set('k', 'one');
    await meta.set('k', 'two');
    expect(await meta.get('k')).toBe('two');
    await expect(db.tx(async (tx) => {
      await metaRepo(tx as unknown as Sql).set('k', 'three');
      throw new Error('no');
    })).rejects.toThrow('no');
    expect(await meta.get('k')).toBe('two');
    await meta.delete('k');
    expect(await meta.get('k')).toBeUndefined();
  });

  it('events: a session’s events in the order they were written, with their fields', async () => {
    const events = eventRepo(db.sql);
    // Ids that sort against the write order: the order must come from the insertion, not the id.
    for (const [id, type] of [['evt_z', 'a'], ['evt_a', 'b'], ['evt_m', 'c']] as const) {
      await events.insert({ id, merchantId: 'm_1', livemode: false, type, created: 1_800_000_000, data: { session_id: 'cs_1', n: id } });
    }
    expect((await events.forSession('cs_1')).map((e) => e.type)).toEqual(['a', 'b', 'c']);
    expect(await events.get('evt_a')).toEqual({ id: 'evt_a', merchantId: 'm_1', livemode: false, type: 'b', created: 1_800_000_000, sequence: expect.any(Number), data: { session_id: 'cs_1', n: 'evt_a' } });
    // What a receiver orders one object's events by (issue 35): rising in the order they were written.
    const sequences = await Promise.all(['evt_z', 'evt_a', 'evt_m'].map(async (id) => (await events.get(id))!.sequence));
    expect([...sequences].sort((x, y) => x! - y!)).toEqual(sequences);
  });

  it('idempotency: a reservation with a lock time in milliseconds, completed once, released only while reserved', async () => {
    const idem = idempotencyRepo(db.sql);
    const scope = { merchantId: 'm_1', livemode: false, keyType: 'secret' as const, key: 'k-1' };
    const lockedUntil = Date.parse('2026-11-27T10:00:00.000Z');
    await idem.reserve(scope, { id: 'r1', fingerprint: 'f', lockedUntil, createdAt: '2026-11-27T09:00:00.000Z' });
    expect(await idem.get(scope)).toEqual({ id: 'r1', fingerprint: 'f', state: 'reserved', lockedUntil, statusCode: null, response: null, createdAt: '2026-11-27T09:00:00.000Z' });
    expect(await idem.complete(scope, 'other', 201, '{}')).toBe(false);
    expect(await idem.complete(scope, 'r1', 201, '{"ok":true}')).toBe(true);
    await idem.release(scope, 'r1');
    expect(await idem.get(scope)).toMatchObject({ state: 'done', statusCode: 201, response: '{"ok":true}' });
    expect(await idem.prune('2026-11-28T00:00:00.000Z')).toBe(1);
  });

  it('inbound events and refunds keep their insertion sequence; purchases come due by their time', async () => {
    const inbound = inboundEventRepo(db.sql);
    const e = (id: string) => ({ id, state: 'pending', nextAttemptAt: '2026-11-27T00:00:00.000Z' }) as unknown as InboundEventRecord;
    expect(await inbound.insertNew(e('ie_b'))).toBe(true);
    expect(await inbound.insertNew(e('ie_a'))).toBe(true);
    expect(await inbound.insertNew(e('ie_b'))).toBe(false);
    expect((await inbound.due('2026-11-28T00:00:00.000Z', 10)).map((x) => x.id)).toEqual(['ie_b', 'ie_a']);

    await db.sql`insert into settlements (id, merchant_id, livemode, intent_id, processor_ref, created_at, data) values ('vp_tx_1', 'm_1', 0, null, 'ref_1', '2026-11-27T00:00:00.000Z', '{}')`;
    const refunds = refundRepo(db.sql);
    const r = (id: string, amount: number, status: RefundRecord['status']) =>
      ({ id, merchantId: 'm_1', livemode: false, settlementId: 'vp_tx_1', status, amount, processorRefundId: null, createdAt: '2026-11-27T00:00:00.000Z', idemKey: null }) as unknown as RefundRecord;
    for (const x of [r('vpr_c', 100, 'succeeded'), r('vpr_a', 200, 'requested'), r('vpr_b', 400, 'failed')]) await refunds.insert(x);
    expect((await refunds.forSettlement('vp_tx_1', 10)).map((x) => x.id)).toEqual(['vpr_b', 'vpr_a', 'vpr_c']);
    expect((await refunds.forSettlement('vp_tx_1', 10, r('vpr_a', 0, 'failed'))).map((x) => x.id)).toEqual(['vpr_c']);
    expect(await refunds.committedAmount('vp_tx_1')).toBe(300);

    const purchases = orderFirstRepo(db.sql);
    const p = (id: string, pending: OrderFirstPurchase['pending'], at: string) => ({ id, pending, nextAttemptAt: at }) as unknown as OrderFirstPurchase;
    await purchases.insertNew(p('ofp_late', 'pay', '2026-11-27T00:00:09.000Z'));
    await purchases.insertNew(p('ofp_soon', 'watch', '2026-11-27T00:00:01.000Z'));
    await purchases.insertNew(p('ofp_done', null, '2026-11-27T00:00:00.000Z'));
    expect((await purchases.due('2026-11-27T00:00:10.000Z', 10)).map((x) => x.id)).toEqual(['ofp_soon', 'ofp_late']);
  });
});
