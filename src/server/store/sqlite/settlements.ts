/** Settlements (`vp_tx_*`): captured money that refunds and disputes act on. */
import type { Db } from './db.ts';
import { jsonTable } from './json-table.ts';
import type { SettlementRecord } from '../../domain/index.ts';
import type { SettlementRepo } from '../types.ts';
import { SETTLEMENT_COLUMNS } from '../columns.ts';

export function settlementRepo(db: Db): SettlementRepo {
  const t = jsonTable<SettlementRecord>(db, 'settlements', SETTLEMENT_COLUMNS);
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
