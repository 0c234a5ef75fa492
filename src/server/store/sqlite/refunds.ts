/** Refunds (`vpr_*`): one row per request, whatever became of it. */
import type { Db } from './db.ts';
import { jsonTable } from './json-table.ts';
import type { RefundRecord } from '../../engine/types.ts';
import type { RefundRepo } from '../types.ts';

export function refundRepo(db: Db): RefundRepo {
  const t = jsonTable<RefundRecord>(db, 'refunds', {
    merchant_id: 'merchantId',
    livemode: 'livemode',
    settlement_id: 'settlementId',
    status: 'status',
    amount: 'amount',
    processor_ref: 'processorRefundId',
    created_at: 'createdAt',
  });
  const byRef = db.prepare<[string], { data: string }>('SELECT data FROM refunds WHERE processor_ref = ?');
  const first = db.prepare<[string, number], { data: string }>('SELECT data FROM refunds WHERE settlement_id = ? ORDER BY created_at DESC, id DESC LIMIT ?');
  const next = db.prepare<[string, string, string, number], { data: string }>(
    'SELECT data FROM refunds WHERE settlement_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?',
  );
  const committed = db.prepare<[string], { n: number | null }>(
    "SELECT sum(amount) AS n FROM refunds WHERE settlement_id = ? AND status IN ('succeeded','requested')",
  );
  return {
    insert: t.insert,
    update: t.update,
    get: t.get,
    byProcessorRef: async (ref) => t.parse(byRef.get(ref)),
    async forSettlement(id, limit, after) {
      const rows = after ? next.all(id, after.createdAt, after.id, limit) : first.all(id, limit);
      return rows.map((r) => t.parse(r)!);
    },
    committedAmount: async (id) => committed.get(id)?.n ?? 0,
  };
}
