/** Vaulted cards (`vp_pmt_*`). */
import type { Db } from './db.ts';
import { jsonTable } from './json-table.ts';
import type { PaymentMethodRecord } from '../../domain/index.ts';
import type { PaymentMethodRepo } from '../types.ts';
import { PAYMENT_METHOD_COLUMNS } from '../columns.ts';

export function paymentMethodRepo(db: Db): PaymentMethodRepo {
  const t = jsonTable<PaymentMethodRecord>(db, 'payment_methods', PAYMENT_METHOD_COLUMNS);
  // Newest first; rows created in the same millisecond are ordered by id so pages never overlap.
  const first = db.prepare<[string, number, string, number], { data: string }>(
    `SELECT data FROM payment_methods WHERE merchant_id = ? AND livemode = ? AND buyer_record_id = ? AND status = 'active' AND json_extract(data, '$.setupForFutureUse') IS NOT NULL
     ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const next = db.prepare<[string, number, string, string, string, number], { data: string }>(
    `SELECT data FROM payment_methods WHERE merchant_id = ? AND livemode = ? AND buyer_record_id = ? AND status = 'active' AND json_extract(data, '$.setupForFutureUse') IS NOT NULL
     AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  return {
    insert: t.insert,
    update: t.update,
    get: t.get,
    async listForBuyer(owner, buyer, limit, after) {
      const lm = owner.livemode ? 1 : 0;
      const rows = after ? next.all(owner.merchantId, lm, buyer, after.createdAt, after.id, limit) : first.all(owner.merchantId, lm, buyer, limit);
      return rows.map((r) => t.parse(r)!);
    },
  };
}
