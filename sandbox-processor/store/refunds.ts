/** Refunds: one per caller reference and account; pending ones may fail by themselves at `failsAt`. */
import type { Db } from './db.ts';

export interface RefundRecord {
  id: string;
  reference: string;
  merchantId: string;
  transactionId: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
  failureCode: string | null;
  failsAt: string | null;
  createdAt: string;
}

type Row = Record<string, unknown>;

const toRefund = (r: Row): RefundRecord => ({
  id: r.id as string,
  reference: r.reference as string,
  merchantId: r.merchant_id as string,
  transactionId: r.transaction_id as string,
  amount: r.amount as number,
  currency: r.currency as string,
  status: r.status as RefundRecord['status'],
  failureCode: (r.failure_code as string | null) ?? null,
  failsAt: (r.fails_at as string | null) ?? null,
  createdAt: r.created_at as string,
});

export function refundRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO refunds (id, reference, merchant_id, transaction_id, amount, currency, status, failure_code, fails_at, created_at)
     VALUES (@id, @reference, @merchantId, @transactionId, @amount, @currency, @status, @failureCode, @failsAt, @createdAt)`,
  );
  const update = db.prepare('UPDATE refunds SET status = @status, failure_code = @failureCode, fails_at = @failsAt WHERE id = @id');
  const get = db.prepare<[string], Row>('SELECT * FROM refunds WHERE id = ?');
  const byRef = db.prepare<[string, string], Row>('SELECT * FROM refunds WHERE merchant_id = ? AND reference = ?');
  const refunded = db.prepare<[string], { n: number }>("SELECT COALESCE(SUM(amount), 0) AS n FROM refunds WHERE transaction_id = ? AND status != 'failed'");
  const newest = db.prepare<[string], Row>('SELECT * FROM refunds WHERE transaction_id = ? ORDER BY (status = \'pending\') DESC, created_at DESC, rowid DESC LIMIT 1');
  const ofTransaction = db.prepare<[string], Row>('SELECT * FROM refunds WHERE transaction_id = ? ORDER BY created_at DESC, rowid DESC');
  const failuresDue = db.prepare<[string], Row>("SELECT * FROM refunds WHERE status = 'pending' AND fails_at <= ?");
  return {
    insertRefund(r: RefundRecord) {
      insert.run(r);
    },
    updateRefund(r: RefundRecord) {
      update.run({ id: r.id, status: r.status, failureCode: r.failureCode, failsAt: r.failsAt });
    },
    getRefund(id: string): RefundRecord | undefined {
      const r = get.get(id);
      return r ? toRefund(r) : undefined;
    },
    refundByReference(merchantId: string, reference: string): RefundRecord | undefined {
      const r = byRef.get(merchantId, reference);
      return r ? toRefund(r) : undefined;
    },
    /** Sum of the refunds that may move money (succeeded and pending). */
    refundedAmount(transactionId: string): number {
      return refunded.get(transactionId)!.n;
    },
    /** The newest pending refund of a transaction, else its newest refund. */
    newestRefund(transactionId: string): RefundRecord | undefined {
      const r = newest.get(transactionId);
      return r ? toRefund(r) : undefined;
    },
    refundFailuresDue: (now: string) => failuresDue.all(now).map(toRefund),
    /** Every refund of a transaction, newest first (the Stripe stand-in's list). */
    refundsOf: (transactionId: string) => ofTransaction.all(transactionId).map(toRefund),
  };
}
