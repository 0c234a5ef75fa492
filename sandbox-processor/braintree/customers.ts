/**
 * The Braintree stand-in's customers (Braintree's vault of a buyer): an id the caller chooses (or
 * one the stand-in makes) and the cards filed under it, oldest first; the first is the default, as
 * at Braintree. A card is the sandbox vault's record (brand, last four, expiry, never the number or
 * CVC); this only says whose it is.
 */
import type { Db } from '../store/db.ts';

/** Braintree's rule for a customer id: up to 36 letters, digits, `-` or `_`. */
export const CUSTOMER_ID = /^[A-Za-z0-9_-]{1,36}$/;

export function customerRepo(db: Db) {
  const insert = db.prepare('INSERT OR IGNORE INTO braintree_customers (id, created_at) VALUES (?, ?)');
  const get = db.prepare<[string], { id: string; created_at: string }>('SELECT * FROM braintree_customers WHERE id = ?');
  const file = db.prepare('INSERT OR IGNORE INTO braintree_customer_cards (vault_id, customer_id, created_at) VALUES (?, ?, ?)');
  const cards = db.prepare<[string], { vault_id: string }>('SELECT vault_id FROM braintree_customer_cards WHERE customer_id = ? ORDER BY rowid');
  return {
    /** Makes the customer; false when the id is taken. */
    create: (id: string, now: Date) => insert.run(id, now.toISOString()).changes === 1,
    get: (id: string): { id: string; createdAt: string } | undefined => {
      const r = get.get(id);
      return r && { id: r.id, createdAt: r.created_at };
    },
    /** Files a vaulted card under the customer. */
    addCard: (customerId: string, vaultId: string, now: Date) => void file.run(vaultId, customerId, now.toISOString()),
    /** The vault ids of the customer's cards, the default (the first filed) first. */
    cards: (customerId: string): string[] => cards.all(customerId).map((r) => r.vault_id),
  };
}
export type CustomerRepo = ReturnType<typeof customerRepo>;
