/** Fenced references (../fences.ts): per account, the references no call may act on any more. */
import type { Db } from './db.ts';

export function fenceRepo(db: Db) {
  const insert = db.prepare('INSERT OR IGNORE INTO fences (merchant_id, reference, created_at) VALUES (?, ?, ?)');
  const get = db.prepare<[string, string], { n: number }>('SELECT 1 AS n FROM fences WHERE merchant_id = ? AND reference = ?');
  return {
    fence(merchantId: string, reference: string, at: string) {
      insert.run(merchantId, reference, at);
    },
    isFenced(merchantId: string, reference: string): boolean {
      return get.get(merchantId, reference) !== undefined;
    },
  };
}
