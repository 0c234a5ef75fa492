/** Checkout sessions. Status columns are real columns (the sweep queries them); the rest is JSON. */
import type { Db } from './db.ts';
import type { SessionRecord } from '../../domain/index.ts';
import type { SessionRepo } from '../types.ts';

interface Row {
  id: string;
  merchant_id: string;
  livemode: number;
  status: SessionRecord['status'];
  payment_status: SessionRecord['paymentStatus'];
  charge_lock: string | null;
  data: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

const COLUMNS = new Set(['id', 'merchantId', 'livemode', 'status', 'paymentStatus', 'chargeLock', 'createdAt', 'updatedAt', 'expiresAt']);

function toRow(s: SessionRecord) {
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (!COLUMNS.has(k)) data[k] = v;
  return {
    id: s.id,
    merchant_id: s.merchantId,
    livemode: s.livemode ? 1 : 0,
    status: s.status,
    payment_status: s.paymentStatus,
    charge_lock: s.chargeLock,
    data: JSON.stringify(data),
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    expires_at: s.expiresAt,
  };
}

// Object.assign onto the parsed object, not a spread into a new one: every read of a session
// pays this, and copying its ~40 fields again was the largest svcpay cost of a read (profile).
const fromRow = (r: Row): SessionRecord =>
  Object.assign(JSON.parse(r.data) as Omit<SessionRecord, 'id'>, {
    id: r.id,
    merchantId: r.merchant_id,
    livemode: r.livemode === 1,
    status: r.status,
    paymentStatus: r.payment_status,
    chargeLock: r.charge_lock,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    expiresAt: r.expires_at,
  });

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
