/** Refunds (`vpr_*`): one row per request, whatever became of it. */
import type { Db } from './db.ts';
import { jsonTable } from './json-table.ts';
import type { RefundRecord } from '../../domain/index.ts';
import type { RefundRepo } from '../types.ts';
import { REFUND_COLUMNS } from '../columns.ts';

export function refundRepo(db: Db): RefundRepo {
  const t = jsonTable<RefundRecord>(db, 'refunds', REFUND_COLUMNS);
  // The insertion sequence orders a settlement's refunds (newest first) and is its list cursor.
  const sequence = db.prepare<[string]>('UPDATE refunds SET seq = (SELECT coalesce(max(seq), 0) + 1 FROM refunds) WHERE id = ?');
  const del = db.prepare<[string]>('DELETE FROM refunds WHERE id = ?');
  const byRef = db.prepare<[string], { data: string }>('SELECT data FROM refunds WHERE processor_ref = ?');
  const byIdem = db.prepare<[string, number, string], { data: string }>('SELECT data FROM refunds WHERE merchant_id = ? AND livemode = ? AND idem_key = ?');
  const first = db.prepare<[string, number], { data: string }>('SELECT data FROM refunds WHERE settlement_id = ? ORDER BY seq DESC LIMIT ?');
  const next = db.prepare<[string, string, number], { data: string }>(
    'SELECT data FROM refunds WHERE settlement_id = ? AND seq < (SELECT seq FROM refunds WHERE id = ?) ORDER BY seq DESC LIMIT ?',
  );
  const committed = db.prepare<[string], { n: number | null }>(
    "SELECT sum(amount) AS n FROM refunds WHERE settlement_id = ? AND status IN ('succeeded','requested')",
  );
  return {
    async insert(r) {
      await t.insert(r);
      sequence.run(r.id);
    },
    update: t.update,
    get: t.get,
    async delete(id) {
      del.run(id);
    },
    byProcessorRef: async (ref) => t.parse(byRef.get(ref)),
    byIdemKey: async (merchantId, livemode, key) => t.parse(byIdem.get(merchantId, livemode ? 1 : 0, key)),
    async forSettlement(id, limit, after) {
      const rows = after ? next.all(id, after.id, limit) : first.all(id, limit);
      return rows.map((r) => t.parse(r)!);
    },
    committedAmount: async (id) => committed.get(id)?.n ?? 0,
  };
}
