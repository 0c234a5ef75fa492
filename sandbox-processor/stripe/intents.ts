/**
 * The Stripe stand-in's PaymentIntents as stored: the request's own fields (amount, currency,
 * capture method, metadata, the payment method, the return URL) and the sandbox transaction its
 * confirmation made. What a PaymentIntent shows is read from both (objects.ts).
 */
import type { Db } from '../store/db.ts';

export interface StoredIntent {
  id: string;
  merchantId: string;
  transactionId: string | null;
  livemode: boolean;
  amount: number;
  currency: string;
  captureMethod: 'automatic' | 'manual';
  metadata: Record<string, string>;
  description: string | null;
  /** The tail printed after the account's statement descriptor prefix; absent on older rows. */
  statementDescriptorSuffix?: string | null;
  /** `pm_…`, the stand-in's name for a vaulted card. */
  paymentMethod: string | null;
  returnUrl: string | null;
  /** `pi_…_secret_…`: with the publishable key, what lets a browser confirm and read this intent. */
  clientSecret: string;
  /** Every charge its confirmations made, oldest first (Stripe's charges of a PaymentIntent); absent on older rows. */
  charges?: string[];
  /** Canceled before any charge (a canceled authorization shows through its transaction). */
  canceledAt: string | null;
  /** The caller's reason for the cancel (Stripe's `cancellation_reason`); absent on older rows. */
  cancellationReason?: string | null;
  createdAt: string;
}

type Row = { id: string; merchant_id: string; transaction_id: string | null; data: string; created_at: string };

export function intentRepo(db: Db) {
  // Idempotency keys are kept apart, for every request (idempotency.ts); the intents' own column stays empty.
  const insert = db.prepare('INSERT INTO stripe_intents (id, merchant_id, transaction_id, data, created_at) VALUES (?, ?, ?, ?, ?)');
  const update = db.prepare('UPDATE stripe_intents SET transaction_id = ?, data = ? WHERE id = ?');
  const get = db.prepare<[string, string], Row>('SELECT * FROM stripe_intents WHERE id = ? AND merchant_id = ?');
  const all = db.prepare<[string], Row>('SELECT * FROM stripe_intents WHERE merchant_id = ? ORDER BY created_at DESC, rowid DESC');
  const byTransaction = db.prepare<[string], Row>('SELECT * FROM stripe_intents WHERE transaction_id = ?');
  const bySession = db.prepare<[string, string], Row>(`SELECT * FROM stripe_intents WHERE merchant_id = ? AND json_extract(data, '$.metadata.svcpay_session') = ?`);
  const read = (r: Row | undefined): StoredIntent | undefined => {
    if (!r) return undefined;
    return { ...(JSON.parse(r.data) as Omit<StoredIntent, 'id' | 'merchantId' | 'transactionId' | 'createdAt'>), id: r.id, merchantId: r.merchant_id, transactionId: r.transaction_id, createdAt: r.created_at };
  };
  const data = (i: StoredIntent) => {
    const { id: _id, merchantId: _m, transactionId: _t, createdAt: _c, ...rest } = i;
    return JSON.stringify(rest);
  };
  return {
    insert: (i: StoredIntent) => void insert.run(i.id, i.merchantId, i.transactionId, data(i), i.createdAt),
    update: (i: StoredIntent) => void update.run(i.transactionId, data(i), i.id),
    get: (merchantId: string, id: string) => read(get.get(id, merchantId)),
    /** The intent whose confirmation made this sandbox transaction (its events are Stripe's). */
    byTransaction: (transactionId: string) => read(byTransaction.get(transactionId)),
    /** Every form the service made for one checkout session (its `svcpay_session` metadata). */
    ofSession: (merchantId: string, sessionId: string) => bySession.all(merchantId, sessionId).map((r) => read(r)!),
    /** Every intent of the merchant, newest first: what search filters. */
    all: (merchantId: string) => all.all(merchantId).map((r) => read(r)!),
  };
}
export type IntentRepo = ReturnType<typeof intentRepo>;
