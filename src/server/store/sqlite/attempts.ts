/** Payment attempts: every field a column (the reconciler selects on state and time). */
import type { Db } from './db.ts';
import type { AttemptRecord, AttemptRepo } from '../types.ts';

interface Row {
  id: string;
  merchant_id: string;
  livemode: number;
  kind: AttemptRecord['kind'];
  reference: string;
  session_id: string | null;
  intent_id: string | null;
  refund_id: string | null;
  state: AttemptRecord['state'];
  amount: number;
  currency: string;
  resolve_after: string;
  next_check_at: string;
  checks: number;
  recheck_until: string | null;
  form: string | null;
  created_at: string;
  updated_at: string;
}

const toRow = (a: AttemptRecord): Row => ({
  id: a.id,
  merchant_id: a.merchantId,
  livemode: a.livemode ? 1 : 0,
  kind: a.kind,
  reference: a.reference,
  session_id: a.sessionId,
  intent_id: a.intentId,
  refund_id: a.refundId,
  state: a.state,
  amount: a.amount,
  currency: a.currency,
  resolve_after: a.resolveAfter,
  next_check_at: a.nextCheckAt,
  checks: a.checks,
  recheck_until: a.recheckUntil,
  form: a.form ? JSON.stringify(a.form) : null,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

const fromRow = (r: Row): AttemptRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  livemode: r.livemode === 1,
  kind: r.kind,
  reference: r.reference,
  sessionId: r.session_id,
  intentId: r.intent_id,
  refundId: r.refund_id,
  state: r.state,
  amount: r.amount,
  currency: r.currency,
  resolveAfter: r.resolve_after,
  nextCheckAt: r.next_check_at,
  checks: r.checks,
  recheckUntil: r.recheck_until,
  form: r.form ? (JSON.parse(r.form) as AttemptRecord['form']) : null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const COLUMNS = Object.keys(toRow({} as AttemptRecord));

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
