/**
 * Buyers: identity columns (external id, email and its lookup value) for the unique indexes and
 * lookups; the address and metadata as JSON. The lookup value is derived here from the email on
 * every write, so the two can never disagree and a null email leaves no lookup value.
 */
import type { Db } from './db.ts';
import type { BuyerRecord } from '../../domain/index.ts';
import type { BuyerRepo } from '../types.ts';
import { emailLookupKey } from '../email-lookup.ts';
import { buyerFromRow as fromRow, buyerToRow as toRow, type BuyerRow as Row } from '../rows.ts';

export function buyerRepo(db: Db): BuyerRepo {
  const get = db.prepare<[string], Row>('SELECT * FROM buyers WHERE id = ?');
  const byExternal = db.prepare<[string, number, string], Row>('SELECT * FROM buyers WHERE merchant_id = ? AND livemode = ? AND external_id = ?');
  const byEmail = db.prepare<[string, number, string], Row>('SELECT * FROM buyers WHERE merchant_id = ? AND livemode = ? AND email_lookup = ?');
  const insert = db.prepare(
    `INSERT INTO buyers (id, merchant_id, livemode, external_id, email, email_lookup, name, phone, company, address, metadata, created_at, last_seen_at)
     VALUES (@id, @merchant_id, @livemode, @external_id, @email, @email_lookup, @name, @phone, @company, @address, @metadata, @created_at, @last_seen_at)`,
  );
  // Owner and creation time never change; everything else is the record's.
  const update = db.prepare(
    `UPDATE buyers SET external_id = @external_id, email = @email, email_lookup = @email_lookup, name = @name, phone = @phone,
     company = @company, address = @address, metadata = @metadata, last_seen_at = @last_seen_at WHERE id = @id`,
  );
  const found = (r: Row | undefined) => r && fromRow(r);
  return {
    get: async (id) => found(get.get(id)),
    findByExternalId: async (owner, externalId) => found(byExternal.get(owner.merchantId, owner.livemode ? 1 : 0, externalId)),
    findByEmail: async (owner, email) => found(byEmail.get(owner.merchantId, owner.livemode ? 1 : 0, emailLookupKey(email))),
    async insert(b) {
      insert.run(toRow(b));
    },
    async update(b) {
      update.run(toRow(b));
    },
  };
}
