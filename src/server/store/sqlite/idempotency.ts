/** Idempotency rows (Doc 1, Idempotency); the rules live in middleware/idempotency.ts. */
import type { Db } from './db.ts';
import type { IdemRecord, IdemScope, IdempotencyRepo } from '../types.ts';

interface Row {
  id: string;
  fingerprint: string;
  state: 'reserved' | 'done';
  locked_until: number;
  status_code: number | null;
  response: string | null;
  created_at: string;
}

const WHERE = 'merchant_id = ? AND livemode = ? AND key_type = ? AND key = ?';

export function idempotencyRepo(db: Db): IdempotencyRepo {
  const get = db.prepare<unknown[], Row>(`SELECT * FROM idempotency WHERE ${WHERE}`);
  const upsert = db.prepare(
    `INSERT INTO idempotency (merchant_id, livemode, key_type, key, id, fingerprint, state, locked_until, status_code, response, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'reserved', ?, NULL, NULL, ?)
     ON CONFLICT (merchant_id, livemode, key_type, key) DO UPDATE SET id = excluded.id, fingerprint = excluded.fingerprint,
       state = 'reserved', locked_until = excluded.locked_until, status_code = NULL, response = NULL, created_at = excluded.created_at`,
  );
  const finish = db.prepare(`UPDATE idempotency SET state = 'done', status_code = ?, response = ? WHERE ${WHERE} AND id = ?`);
  const release = db.prepare(`DELETE FROM idempotency WHERE ${WHERE} AND id = ? AND state = 'reserved'`);
  const prune = db.prepare('DELETE FROM idempotency WHERE created_at < ?');
  const args = (s: IdemScope) => [s.merchantId, s.livemode ? 1 : 0, s.keyType, s.key] as const;
  return {
    async get(scope): Promise<IdemRecord | undefined> {
      const r = get.get(...args(scope));
      if (!r) return undefined;
      return {
        id: r.id,
        fingerprint: r.fingerprint,
        state: r.state,
        lockedUntil: r.locked_until,
        statusCode: r.status_code,
        response: r.response,
        createdAt: r.created_at,
      };
    },
    async reserve(scope, rec) {
      upsert.run(...args(scope), rec.id, rec.fingerprint, rec.lockedUntil, rec.createdAt);
    },
    async complete(scope, id, statusCode, response) {
      return finish.run(statusCode, response, ...args(scope), id).changes === 1;
    },
    async keep(scope, id, outcome) {
      return finish.run(null, outcome, ...args(scope), id).changes === 1;
    },
    async release(scope, id) {
      release.run(...args(scope), id);
    },
    async prune(beforeIso) {
      return prune.run(beforeIso).changes;
    },
  };
}
