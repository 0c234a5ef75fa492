/** Settlements (`vp_tx_*`): captured money that refunds and disputes act on. */
import type { Db } from './db.ts';
import { jsonTable } from './json-table.ts';
import type { SettlementRecord } from '../../domain/index.ts';
import type { SettlementRepo } from '../types.ts';

export function settlementRepo(db: Db): SettlementRepo {
  const t = jsonTable<SettlementRecord>(db, 'settlements', {
    merchant_id: 'merchantId',
    livemode: 'livemode',
    intent_id: 'intentId',
    processor_ref: 'processorRef',
    created_at: 'createdAt',
  });
  const byRef = db.prepare<[string], { data: string }>('SELECT data FROM settlements WHERE processor_ref = ?');
  const forIntent = db.prepare<[string], { data: string }>('SELECT data FROM settlements WHERE intent_id = ? ORDER BY created_at LIMIT 1');
  return {
    insert: t.insert,
    update: t.update,
    get: t.get,
    byProcessorRef: async (ref) => t.parse(byRef.get(ref)),
    forIntent: async (id) => t.parse(forIntent.get(id)),
  };
}
