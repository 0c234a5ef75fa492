/** The processor's ledger (Doc 3, `GET /_sandbox/processor/transactions`): every transaction with what it moved. */
import type { LedgerStatus } from '../../src/vocab/sandbox.ts';
import type { Db } from './db.ts';

export interface LedgerEntry {
  id: string;
  reference: string | null;
  amount: number;
  currency: string;
  status: LedgerStatus;
  /** Minor units captured (0 unless captured). */
  captured: number;
  /** Minor units refunded: refunds that succeeded (a pending refund has not moved money yet). */
  refunded: number;
  created: string;
}

type Row = {
  id: string;
  reference: string | null;
  amount: number;
  currency: string;
  status: string;
  capture_state: string;
  captured_amount: number;
  three_ds: string | null;
  refunded: number;
  created_at: string;
};

/** The processor's own words mapped onto the ledger's: a failed authentication is `failed`, any other refusal `declined`. */
function statusOf(r: Row): LedgerStatus {
  if (r.status === 'requires_action') return 'requires_action';
  if (r.status === 'declined') return r.three_ds && (JSON.parse(r.three_ds) as { outcome?: string }).outcome === 'failed' ? 'failed' : 'declined';
  if (r.capture_state === 'voided') return 'voided';
  return r.capture_state === 'none' ? 'authorized' : 'captured';
}

export function ledgerRepo(db: Db) {
  const rows = db.prepare<[string | null, string | null], Row>(
    `SELECT t.id, t.reference, t.amount, t.currency, t.status, t.capture_state, t.captured_amount, t.three_ds, t.created_at,
            (SELECT COALESCE(SUM(r.amount), 0) FROM refunds r WHERE r.transaction_id = t.id AND r.status = 'succeeded') AS refunded
       FROM transactions t WHERE (? IS NULL OR t.merchant_id = ?) ORDER BY t.created_at, t.rowid`,
  );
  return {
    /** Every transaction of one merchant (every merchant's when null), oldest first. */
    ledger(merchantId: string | null): LedgerEntry[] {
      return rows.all(merchantId, merchantId).map((r) => ({
        id: r.id,
        reference: r.reference,
        amount: r.amount,
        // Lower case, as the service writes currencies, so a test compares the two as they are.
        currency: r.currency.toLowerCase(),
        status: statusOf(r),
        captured: r.capture_state === 'pending' || r.capture_state === 'settled' ? r.captured_amount : 0,
        refunded: r.refunded,
        created: r.created_at,
      }));
    },
  };
}
