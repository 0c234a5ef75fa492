/** Payment intents: the record as JSON, with the columns lookups and constraints need. */
import type { Db } from './db.ts';
import type { PaymentIntentRecord } from '../../domain/index.ts';
import type { PaymentRepo } from '../types.ts';

interface Row {
  id: string;
  data: string;
}

export function paymentRepo(db: Db): PaymentRepo {
  const insert = db.prepare(
    `INSERT INTO payment_intents (id, merchant_id, livemode, session_id, status, amount, currency, processor_ref, vp_tx_id, idem_key, data, created_at, updated_at)
     VALUES (@id, @merchantId, @livemode, @sessionId, @status, @amount, @currency, @processorRef, @vpTxId, @idemKey, @data, @createdAt, @updatedAt)`,
  );
  const update = db.prepare(
    `UPDATE payment_intents SET status = @status, amount = @amount, processor_ref = @processorRef, vp_tx_id = @vpTxId, idem_key = @idemKey, data = @data, updated_at = @updatedAt WHERE id = @id`,
  );
  const get = db.prepare<[string], Row>('SELECT id, data FROM payment_intents WHERE id = ?');
  const del = db.prepare('DELETE FROM payment_intents WHERE id = ?');
  const byRef = db.prepare<[string], Row>('SELECT id, data FROM payment_intents WHERE processor_ref = ?');
  const byIdem = db.prepare<[string, number, string], Row>('SELECT id, data FROM payment_intents WHERE merchant_id = ? AND livemode = ? AND idem_key = ?');
  const parse = (r: Row | undefined) => (r ? (JSON.parse(r.data) as PaymentIntentRecord) : undefined);
  const row = (p: PaymentIntentRecord) => ({ ...p, idemKey: p.idemKey ?? null, livemode: p.livemode ? 1 : 0, data: JSON.stringify(p) });
  return {
    async insert(p) {
      insert.run(row(p));
    },
    async update(p) {
      update.run(row(p));
    },
    async delete(id) {
      del.run(id);
    },
    get: async (id) => parse(get.get(id)),
    byProcessorRef: async (ref) => parse(byRef.get(ref)),
    byIdemKey: async (merchantId, livemode, key) => parse(byIdem.get(merchantId, livemode ? 1 : 0, key)),
  };
}
