/** Store orders of captured payments (engine/mirror/store-orders.ts): one row per payment intent. */
import type { Db } from './db.ts';
import type { MirrorOrderRecord, OrderFirstPurchase } from '../../domain/mirror.ts';
import type { MirrorOrderRepo, OrderFirstRepo, UpsellClaimRepo } from '../types-mirror.ts';

export function mirrorOrderRepo(db: Db): MirrorOrderRepo {
  const insert = db.prepare<[string, string, string, string]>('INSERT INTO mirror_orders (id, state, next_attempt_at, data) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING');
  const update = db.prepare<[string, string, string, string]>('UPDATE mirror_orders SET state = ?, next_attempt_at = ?, data = ? WHERE id = ?');
  const get = db.prepare<[string], { data: string }>('SELECT data FROM mirror_orders WHERE id = ?');
  const due = db.prepare<[string, number], { data: string }>("SELECT data FROM mirror_orders WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?");
  const parse = (row: { data: string } | undefined) => (row ? (JSON.parse(row.data) as MirrorOrderRecord) : undefined);
  return {
    insertNew: async (o) => insert.run(o.id, o.state, o.nextAttemptAt, JSON.stringify(o)).changes === 1,
    update: async (o) => void update.run(o.state, o.nextAttemptAt, JSON.stringify(o), o.id),
    get: async (id) => parse(get.get(id)),
    due: async (now, limit) => due.all(now, limit).map((r) => parse(r)!),
  };
}

export function upsellClaimRepo(db: Db): UpsellClaimRepo {
  const get = db.prepare<[string, string, string], { intent_id: string }>('SELECT intent_id FROM upsell_claims WHERE merchant_id = ? AND store = ? AND upsell_key = ?');
  const put = db.prepare<[string, string, string, string]>(
    'INSERT INTO upsell_claims (merchant_id, store, upsell_key, intent_id) VALUES (?, ?, ?, ?) ON CONFLICT (merchant_id, store, upsell_key) DO UPDATE SET intent_id = excluded.intent_id',
  );
  return {
    holder: async (m, store, key) => get.get(m, store, key)?.intent_id,
    hold: async (m, store, key, intentId) => void put.run(m, store, key, intentId),
  };
}

export function orderFirstRepo(db: Db): OrderFirstRepo {
  const insert = db.prepare<[string, string | null, string]>('INSERT INTO order_first_purchases (id, due_at, data) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING');
  const update = db.prepare<[string | null, string, string]>('UPDATE order_first_purchases SET due_at = ?, data = ? WHERE id = ?');
  const get = db.prepare<[string], { data: string }>('SELECT data FROM order_first_purchases WHERE id = ?');
  const due = db.prepare<[string, number], { data: string }>('SELECT data FROM order_first_purchases WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at LIMIT ?');
  const parse = (row: { data: string } | undefined) => (row ? (JSON.parse(row.data) as OrderFirstPurchase) : undefined);
  const dueAt = (p: OrderFirstPurchase) => (p.pending === null ? null : p.nextAttemptAt);
  return {
    insertNew: async (p) => insert.run(p.id, dueAt(p), JSON.stringify(p)).changes === 1,
    update: async (p) => void update.run(dueAt(p), JSON.stringify(p), p.id),
    get: async (id) => parse(get.get(id)),
    due: async (now, limit) => due.all(now, limit).map((r) => parse(r)!),
  };
}
