/** Store orders of captured payments (engine/mirror/store-orders.ts): one row per payment intent. */
import type { Db } from './db.ts';
import type { MirrorOrderRecord } from '../../domain/mirror.ts';
import type { MirrorOrderRepo } from '../types-mirror.ts';

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
