/**
 * The Braintree stand-in's payment method nonces: a card its Hosted Fields tokenized, kept as a
 * vaulted card of the merchant account (never its number or CVC), with the billing postal code the
 * buyer typed (for AVS). A nonce pays once and lives three hours, as Braintree's do.
 */
import type { Db } from '../store/db.ts';

const LIFETIME_MS = 3 * 60 * 60 * 1000;

export interface NonceRecord {
  nonce: string;
  merchantAccount: string;
  vaultId: string;
  postalCode: string | null;
  createdAt: string;
  consumedAt: string | null;
}

type Row = { nonce: string; merchant_account: string; vault_id: string; postal_code: string | null; created_at: string; consumed_at: string | null };

export function nonceRepo(db: Db) {
  const insert = db.prepare('INSERT INTO braintree_nonces (nonce, merchant_account, vault_id, postal_code, created_at) VALUES (?, ?, ?, ?, ?)');
  const get = db.prepare<[string], Row>('SELECT * FROM braintree_nonces WHERE nonce = ?');
  const consume = db.prepare('UPDATE braintree_nonces SET consumed_at = ? WHERE nonce = ? AND consumed_at IS NULL');
  return {
    insert: (n: Omit<NonceRecord, 'consumedAt'>) => void insert.run(n.nonce, n.merchantAccount, n.vaultId, n.postalCode, n.createdAt),
    /** Uses the nonce for `merchantAccount` now: its record, or why it cannot pay. */
    use(nonce: string, merchantAccount: string, now: Date): NonceRecord | 'unknown' | 'consumed' {
      const r = get.get(nonce);
      if (!r || r.merchant_account !== merchantAccount || now.getTime() - Date.parse(r.created_at) > LIFETIME_MS) return 'unknown';
      if (consume.run(now.toISOString(), nonce).changes !== 1) return 'consumed';
      return { nonce: r.nonce, merchantAccount: r.merchant_account, vaultId: r.vault_id, postalCode: r.postal_code, createdAt: r.created_at, consumedAt: now.toISOString() };
    },
  };
}
export type NonceRepo = ReturnType<typeof nonceRepo>;
