/** Payment intents. */
import type { Db } from './db.ts';
import type { PaymentIntentRecord } from '../../engine/types.ts';
import type { PaymentRepo } from '../types.ts';

interface Row {
  id: string;
  data: string;
}

export function paymentRepo(db: Db): PaymentRepo {
  const insert = db.prepare(
    `INSERT INTO payment_intents (id, merchant_id, livemode, session_id, status, amount, currency, processor_ref, vp_tx_id, data, created_at, updated_at)
     VALUES (@id, @merchantId, @livemode, @sessionId, @status, @amount, @currency, @processorRef, @vpTxId, @data, @createdAt, @updatedAt)`,
  );
  const get = db.prepare<[string], Row>('SELECT id, data FROM payment_intents WHERE id = ?');
  const byRef = db.prepare<[string], Row>('SELECT id, data FROM payment_intents WHERE processor_ref = ?');
  const parse = (r: Row | undefined) => (r ? (JSON.parse(r.data) as PaymentIntentRecord) : undefined);
  return {
    async insert(p) {
      insert.run({ ...p, livemode: p.livemode ? 1 : 0, data: JSON.stringify(p) });
    },
    get: async (id) => parse(get.get(id)),
    byProcessorRef: async (ref) => parse(byRef.get(ref)),
  };
}
