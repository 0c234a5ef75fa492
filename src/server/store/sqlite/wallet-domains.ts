/** Wallet-domain registrations: every field a column (the list filters and orders on them). */
import type { Db } from './db.ts';
import type { WalletDomainRecord } from '../../domain/index.ts';
import type { WalletDomainRepo } from '../types.ts';
import { walletDomainFromRow as fromRow, walletDomainToRow as toRow, type WalletDomainRow as Row } from '../rows.ts';

export function walletDomainRepo(db: Db): WalletDomainRepo {
  const get = db.prepare<[string], Row>('SELECT * FROM wallet_domains WHERE id = ?');
  const active = db.prepare<[string, number, string, string], Row>(
    'SELECT * FROM wallet_domains WHERE merchant_id = ? AND livemode = ? AND domain = ? AND wallet_type = ? AND removed_at IS NULL',
  );
  // Newest first; rows created in the same millisecond are ordered by id so pages never overlap.
  const first = db.prepare<[string, number, number], Row>(
    'SELECT * FROM wallet_domains WHERE merchant_id = ? AND livemode = ? AND removed_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ?',
  );
  const next = db.prepare<[string, number, string, string, number], Row>(
    `SELECT * FROM wallet_domains WHERE merchant_id = ? AND livemode = ? AND removed_at IS NULL AND (created_at, id) < (?, ?)
     ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const insert = db.prepare(
    `INSERT INTO wallet_domains (id, merchant_id, livemode, domain, wallet_type, status, verified_at, last_verification_error, last_verification_at, created_at, removed_at)
     VALUES (@id, @merchant_id, @livemode, @domain, @wallet_type, @status, @verified_at, @last_verification_error, @last_verification_at, @created_at, @removed_at)`,
  );
  const update = db.prepare(
    `UPDATE wallet_domains SET status = @status, verified_at = @verified_at, last_verification_error = @last_verification_error,
     last_verification_at = @last_verification_at, removed_at = @removed_at WHERE id = @id`,
  );
  return {
    async get(id) {
      const r = get.get(id);
      return r && fromRow(r);
    },
    async findActive(owner, domain, walletType) {
      const r = active.get(owner.merchantId, owner.livemode ? 1 : 0, domain, walletType);
      return r && fromRow(r);
    },
    async list(owner, limit, after) {
      const mode = owner.livemode ? 1 : 0;
      const rows = after ? next.all(owner.merchantId, mode, after.createdAt, after.id, limit) : first.all(owner.merchantId, mode, limit);
      return rows.map(fromRow);
    },
    async insert(w) {
      insert.run(toRow(w));
    },
    async update(w) {
      update.run(toRow(w));
    },
  };
}
