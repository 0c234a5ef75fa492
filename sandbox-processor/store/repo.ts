/** The processor's records: client tokens and transactions (brand, last four, expiry; never the number). */
import type { Db } from './db.ts';

export interface TokenRecord {
  token: string;
  merchantId: string;
  sessionId: string;
  livemode: boolean;
  amount: number;
  currency: string;
  createdAt: string;
  expiresAt: string;
  usedBy: string | null;
}

export interface TransactionRecord {
  id: string;
  token: string | null;
  /** The caller's own name for the charge (the service's attempt id); unique per account. */
  reference: string | null;
  merchantId: string;
  sessionId: string | null;
  livemode: boolean;
  amount: number;
  currency: string;
  status: 'approved' | 'declined';
  declineCode: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  avsResult: string | null;
  cvvResult: string | null;
  createdAt: string;
}

type Row = Record<string, unknown>;

const toTransaction = (r: Row): TransactionRecord => ({
  id: r.id as string,
  token: (r.token as string | null) ?? null,
  reference: (r.reference as string | null) ?? null,
  merchantId: r.merchant_id as string,
  sessionId: (r.session_id as string | null) ?? null,
  livemode: r.livemode === 1,
  amount: r.amount as number,
  currency: r.currency as string,
  status: r.status as 'approved' | 'declined',
  declineCode: (r.decline_code as string | null) ?? null,
  brand: r.brand as string,
  last4: r.last4 as string,
  expMonth: r.exp_month as number,
  expYear: r.exp_year as number,
  avsResult: (r.avs_result as string | null) ?? null,
  cvvResult: (r.cvv_result as string | null) ?? null,
  createdAt: r.created_at as string,
});

export function processorRepo(db: Db) {
  const insertToken = db.prepare(
    `INSERT INTO tokens (token, merchant_id, session_id, livemode, amount, currency, created_at, expires_at, used_by)
     VALUES (@token, @merchantId, @sessionId, @livemode, @amount, @currency, @createdAt, @expiresAt, NULL)`,
  );
  const getToken = db.prepare<[string], Row>('SELECT * FROM tokens WHERE token = ?');
  const useToken = db.prepare('UPDATE tokens SET used_by = ? WHERE token = ? AND used_by IS NULL');
  const insertTx = db.prepare(
    `INSERT INTO transactions (id, token, reference, merchant_id, session_id, livemode, amount, currency, status, decline_code, brand, last4, exp_month, exp_year, avs_result, cvv_result, created_at)
     VALUES (@id, @token, @reference, @merchantId, @sessionId, @livemode, @amount, @currency, @status, @declineCode, @brand, @last4, @expMonth, @expYear, @avsResult, @cvvResult, @createdAt)`,
  );
  const getTx = db.prepare<[string], Row>('SELECT * FROM transactions WHERE id = ?');
  const txByRef = db.prepare<[string, string], Row>('SELECT * FROM transactions WHERE merchant_id = ? AND reference = ?');
  return {
    insertToken(t: Omit<TokenRecord, 'usedBy'>) {
      insertToken.run({ ...t, livemode: t.livemode ? 1 : 0 });
    },
    getToken(token: string): TokenRecord | undefined {
      const r = getToken.get(token);
      if (!r) return undefined;
      return {
        token: r.token as string,
        merchantId: r.merchant_id as string,
        sessionId: r.session_id as string,
        livemode: r.livemode === 1,
        amount: r.amount as number,
        currency: r.currency as string,
        createdAt: r.created_at as string,
        expiresAt: r.expires_at as string,
        usedBy: (r.used_by as string | null) ?? null,
      };
    },
    /** Marks a token used; false when another charge took it first. */
    useToken(token: string, txId: string): boolean {
      return useToken.run(txId, token).changes === 1;
    },
    insertTransaction(t: TransactionRecord) {
      insertTx.run({ ...t, livemode: t.livemode ? 1 : 0 });
    },
    getTransaction(id: string): TransactionRecord | undefined {
      const r = getTx.get(id);
      return r ? toTransaction(r) : undefined;
    },
    transactionByReference(merchantId: string, reference: string): TransactionRecord | undefined {
      const r = txByRef.get(merchantId, reference);
      return r ? toTransaction(r) : undefined;
    },
  };
}
export type ProcessorRepo = ReturnType<typeof processorRepo>;
