/** Merchants and their API keys. Keys are stored only as SHA-256 hashes. */
import { createHash } from 'node:crypto';
import type { Db } from './db.ts';
import { MerchantSettings, type KeyType, type Merchant } from '../engine/types.ts';

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

interface MerchantRow {
  id: string;
  environment: Merchant['environment'];
  processor: Merchant['processor'];
  status: Merchant['status'];
  name: string;
  settings: string;
  created_at: string;
}

export interface KeyRow {
  merchant_id: string;
  type: KeyType;
  livemode: number;
  expires_at: string | null;
}

const toMerchant = (r: MerchantRow): Merchant => ({
  id: r.id,
  environment: r.environment,
  processor: r.processor,
  status: r.status,
  name: r.name,
  // Parse through the schema so settings added by later versions get their defaults.
  settings: MerchantSettings.parse(JSON.parse(r.settings)),
  createdAt: r.created_at,
});

export function merchantRepo(db: Db) {
  const get = db.prepare<[string], MerchantRow>('SELECT * FROM merchants WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO merchants (id, environment, processor, status, name, settings, created_at) VALUES (@id, @environment, @processor, @status, @name, @settings, @createdAt)',
  );
  const update = db.prepare('UPDATE merchants SET status = @status, name = @name, settings = @settings, processor = @processor WHERE id = @id');
  const insertKey = db.prepare(
    'INSERT INTO api_keys (hash, merchant_id, type, livemode, last4, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, NULL)',
  );
  const keyByHash = db.prepare<[string], KeyRow>('SELECT merchant_id, type, livemode, expires_at FROM api_keys WHERE hash = ?');
  const expireKeys = db.prepare('UPDATE api_keys SET expires_at = ? WHERE merchant_id = ? AND expires_at IS NULL');

  return {
    get(id: string): Merchant | undefined {
      const r = get.get(id);
      return r && toMerchant(r);
    },
    insert(m: Merchant) {
      insert.run({ ...m, settings: JSON.stringify(m.settings) });
    },
    update(m: Merchant) {
      update.run({ ...m, settings: JSON.stringify(m.settings) });
    },
    addKey(key: string, merchantId: string, type: KeyType, livemode: boolean, now: string) {
      insertKey.run(hashKey(key), merchantId, type, livemode ? 1 : 0, key.slice(-4), now);
    },
    findKey(key: string): KeyRow | undefined {
      return keyByHash.get(hashKey(key));
    },
    /** Starts the grace window of every current key of the merchant (key rotation). */
    expireCurrentKeys(merchantId: string, at: string) {
      expireKeys.run(at, merchantId);
    },
  };
}
export type MerchantRepo = ReturnType<typeof merchantRepo>;
