/** Checkout sessions. Status columns are real columns (the sweep queries them); the rest is JSON. */
import type { Db } from './db.ts';
import type { SessionRecord } from '../../domain/index.ts';
import type { SessionRepo } from '../types.ts';
import { sessionFromRow as fromRow, sessionToRow as toRow, type SessionRow as Row } from '../rows.ts';

export function sessionRepo(db: Db): SessionRepo {
  const get = db.prepare<[string], Row>('SELECT * FROM sessions WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO sessions (id, merchant_id, livemode, status, payment_status, charge_lock, data, created_at, updated_at, expires_at)
     VALUES (@id, @merchant_id, @livemode, @status, @payment_status, @charge_lock, @data, @created_at, @updated_at, @expires_at)`,
  );
  const update = db.prepare(
    `UPDATE sessions SET status = @status, payment_status = @payment_status, charge_lock = @charge_lock, data = @data,
     updated_at = @updated_at, expires_at = @expires_at WHERE id = @id`,
  );
  const due = db.prepare<[string, number], Row>(
    "SELECT * FROM sessions WHERE status IN ('pending','processing','failed') AND charge_lock IS NULL AND expires_at <= ? ORDER BY expires_at LIMIT ?",
  );
  return {
    async get(id) {
      const r = get.get(id);
      return r && fromRow(r);
    },
    async insert(s) {
      insert.run(toRow(s));
    },
    async update(s) {
      update.run(toRow(s));
    },
    /** Open sessions whose time limit passed (ISO strings of one format compare as time). */
    async dueForExpiry(nowIso, limit) {
      return due.all(nowIso, limit).map(fromRow);
    },
  };
}
