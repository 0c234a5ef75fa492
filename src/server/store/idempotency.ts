/**
 * Idempotency records (Doc 1, Idempotency). `reserve` runs inside the caller's transaction, so
 * of two concurrent requests with one key exactly one gets the reservation.
 */
import type { Db } from './db.ts';

export interface IdemScope {
  merchantId: string;
  livemode: boolean;
  route: string;
  key: string;
}

interface Row {
  body_hash: string;
  state: 'reserved' | 'done';
  status_code: number | null;
  response: string | null;
}

export type Reservation =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

export function idempotencyRepo(db: Db) {
  const get = db.prepare<[string, number, string, string], Row>(
    'SELECT body_hash, state, status_code, response FROM idempotency_keys WHERE merchant_id = ? AND livemode = ? AND route = ? AND key = ?',
  );
  const insert = db.prepare(
    "INSERT INTO idempotency_keys (merchant_id, livemode, route, key, body_hash, state, created_at) VALUES (?, ?, ?, ?, ?, 'reserved', ?)",
  );
  const finish = db.prepare(
    "UPDATE idempotency_keys SET state = 'done', status_code = ?, response = ? WHERE merchant_id = ? AND livemode = ? AND route = ? AND key = ?",
  );
  const release = db.prepare("DELETE FROM idempotency_keys WHERE merchant_id = ? AND livemode = ? AND route = ? AND key = ? AND state = 'reserved'");
  const args = (s: IdemScope) => [s.merchantId, s.livemode ? 1 : 0, s.route, s.key] as const;
  return {
    reserve(scope: IdemScope, bodyHash: string, now: string): Reservation {
      const row = get.get(...args(scope));
      if (!row) {
        insert.run(...args(scope), bodyHash, now);
        return { kind: 'new' };
      }
      if (row.body_hash !== bodyHash) return { kind: 'mismatch' };
      if (row.state === 'reserved') return { kind: 'in_flight' };
      return { kind: 'replay', status: row.status_code ?? 200, body: JSON.parse(row.response ?? 'null') };
    },
    complete(scope: IdemScope, status: number, body: unknown) {
      finish.run(status, JSON.stringify(body), ...args(scope));
    },
    /** A request that failed before doing anything frees its key for a retry. */
    release(scope: IdemScope) {
      release.run(...args(scope));
    },
  };
}
export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>;
