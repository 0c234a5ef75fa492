/** Payment attempts: every field a column (the reconciler selects on state and time). */
import type { Db } from './db.ts';
import type { AttemptRecord, AttemptRepo } from '../types.ts';
import { ATTEMPT_COLUMNS as COLUMNS, attemptFromRow as fromRow, attemptToRow as toRow, type AttemptRow as Row } from '../rows.ts';

export function attemptRepo(db: Db): AttemptRepo {
  const insert = db.prepare(`INSERT INTO payment_attempts (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`);
  const update = db.prepare(
    `UPDATE payment_attempts SET ${COLUMNS.filter((c) => c !== 'id').map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
  );
  const get = db.prepare<[string], Row>('SELECT * FROM payment_attempts WHERE id = ?');
  const del = db.prepare('DELETE FROM payment_attempts WHERE id = ?');
  const byRef = db.prepare<[string, string], Row>('SELECT * FROM payment_attempts WHERE merchant_id = ? AND reference = ?');
  const due = db.prepare<[string, number], Row>(
    "SELECT * FROM payment_attempts WHERE state = 'pending' AND next_check_at <= ? ORDER BY next_check_at LIMIT ?",
  );
  const rechecks = db.prepare<[string, number], Row>(
    "SELECT * FROM payment_attempts WHERE state = 'failed' AND recheck_until IS NOT NULL AND next_check_at <= ? ORDER BY next_check_at LIMIT ?",
  );
  const allPending = db.prepare<[number], Row>("SELECT * FROM payment_attempts WHERE state = 'pending' ORDER BY created_at LIMIT ?");
  const forSession = db.prepare<[string, string], Row>(
    "SELECT * FROM payment_attempts WHERE session_id = ? AND kind = ? AND state = 'pending' ORDER BY created_at",
  );
  return {
    async insert(a) {
      insert.run(toRow(a));
    },
    async update(a) {
      update.run(toRow(a));
    },
    async delete(id) {
      del.run(id);
    },
    get: async (id) => {
      const r = get.get(id);
      return r && fromRow(r);
    },
    byReference: async (merchantId, reference) => {
      const r = byRef.get(merchantId, reference);
      return r && fromRow(r);
    },
    due: async (nowIso, limit) => (nowIso === null ? allPending.all(limit) : due.all(nowIso, limit)).map(fromRow),
    rechecksDue: async (nowIso, limit) => rechecks.all(nowIso, limit).map(fromRow),
    pendingForSession: async (sessionId, kind) => forSession.all(sessionId, kind).map(fromRow),
  };
}
