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
  /** The bank check run on it in the browser (3-D Secure): pending, authenticated or failed; null when none ran. */
  threeDSecure: 'pending' | 'authenticated' | 'failed' | null;
}

type Row = { nonce: string; merchant_account: string; vault_id: string; postal_code: string | null; created_at: string; consumed_at: string | null; three_d_secure: NonceRecord['threeDSecure'] };
const read = (r: Row): NonceRecord => ({ nonce: r.nonce, merchantAccount: r.merchant_account, vaultId: r.vault_id, postalCode: r.postal_code, createdAt: r.created_at, consumedAt: r.consumed_at, threeDSecure: r.three_d_secure });

export function nonceRepo(db: Db) {
  const insert = db.prepare('INSERT INTO braintree_nonces (nonce, merchant_account, vault_id, postal_code, created_at) VALUES (?, ?, ?, ?, ?)');
  const get = db.prepare<[string], Row>('SELECT * FROM braintree_nonces WHERE nonce = ?');
  const consume = db.prepare('UPDATE braintree_nonces SET consumed_at = ? WHERE nonce = ? AND consumed_at IS NULL');
  const check = db.prepare('UPDATE braintree_nonces SET three_d_secure = ? WHERE nonce = ? AND consumed_at IS NULL');
  return {
    insert: (n: Omit<NonceRecord, 'consumedAt' | 'threeDSecure'>) => void insert.run(n.nonce, n.merchantAccount, n.vaultId, n.postalCode, n.createdAt),
    /** A live (unused, in its three hours) nonce of the account; undefined otherwise. */
    live(nonce: string, merchantAccount: string, now: Date): NonceRecord | undefined {
      const r = get.get(nonce);
      return r && r.merchant_account === merchantAccount && !r.consumed_at && now.getTime() - Date.parse(r.created_at) <= LIFETIME_MS ? read(r) : undefined;
    },
    /** Records how the nonce's bank check stands. */
    setThreeDSecure: (nonce: string, state: 'pending' | 'authenticated' | 'failed') => void check.run(state, nonce),
    /** Uses the nonce for `merchantAccount` now: its record, or why it cannot pay. */
    use(nonce: string, merchantAccount: string, now: Date): NonceRecord | 'unknown' | 'consumed' {
      const r = get.get(nonce);
      if (!r || r.merchant_account !== merchantAccount || now.getTime() - Date.parse(r.created_at) > LIFETIME_MS) return 'unknown';
      if (consume.run(now.toISOString(), nonce).changes !== 1) return 'consumed';
      return { ...read(r), consumedAt: now.toISOString() };
    },
  };
}
export type NonceRepo = ReturnType<typeof nonceRepo>;
