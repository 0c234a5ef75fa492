/**
 * Merchants and their API keys. Keys are stored only as SHA-256 hashes. Every request looks up
 * its key and merchant, so both are cached after the first read (settings parsed once, not per
 * request); every write drops the entries it touches, and the store clears the caches whenever a
 * transaction rolls back, so a cache never holds what the database does not.
 */
import type { Db } from './db.ts';
import type { Merchant } from '../../domain/index.ts';
import type { KeyRecord, MerchantRepo } from '../types.ts';
import { accountColumn, hashKey, toMerchant, type KeyRow, type MerchantRow } from '../rows.ts';

export { hashKey };

export interface MerchantCache {
  merchants: Map<string, Merchant>;
  keys: Map<string, KeyRecord>;
}
export const newMerchantCache = (): MerchantCache => ({ merchants: new Map(), keys: new Map() });

export function merchantRepo(db: Db, cache: MerchantCache): MerchantRepo {
  const get = db.prepare<[string], MerchantRow>('SELECT * FROM merchants WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO merchants (id, environment, processor, status, name, settings, created_at, provider_account) VALUES (@id, @environment, @processor, @status, @name, @settings, @createdAt, @providerAccount)',
  );
  const update = db.prepare('UPDATE merchants SET status = @status, name = @name, settings = @settings, processor = @processor, provider_account = @providerAccount WHERE id = @id');
  const insertKey = db.prepare(
    'INSERT INTO api_keys (hash, merchant_id, type, livemode, last4, created_at, expires_at, redirect_key) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)',
  );
  const redirectKey = db.prepare<[string], { redirect_key: string | null }>(
    "SELECT redirect_key FROM api_keys WHERE merchant_id = ? AND type = 'secret' AND expires_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT 1",
  );
  const keyByHash = db.prepare<[string], KeyRow>('SELECT merchant_id, type, livemode, expires_at FROM api_keys WHERE hash = ?');
  const expireKeys = db.prepare('UPDATE api_keys SET expires_at = ? WHERE merchant_id = ? AND expires_at IS NULL');

  return {
    async get(id) {
      const hit = cache.merchants.get(id);
      if (hit) return hit;
      const r = get.get(id);
      if (!r) return undefined;
      const m = toMerchant(r);
      cache.merchants.set(id, m);
      return m;
    },
    async insert(m) {
      insert.run({ ...m, settings: JSON.stringify(m.settings), providerAccount: accountColumn(m) });
    },
    async update(m) {
      cache.merchants.delete(m.id);
      update.run({ ...m, settings: JSON.stringify(m.settings), providerAccount: accountColumn(m) });
    },
    async redirectKey(merchantId) {
      return redirectKey.get(merchantId)?.redirect_key ?? undefined;
    },
    async addKey(key, merchantId, type, livemode, now, sealedRedirectKey) {
      insertKey.run(hashKey(key), merchantId, type, livemode ? 1 : 0, key.slice(-4), now, sealedRedirectKey ?? null);
    },
    async findKey(key) {
      const hash = hashKey(key);
      const hit = cache.keys.get(hash);
      if (hit) return hit;
      const r = keyByHash.get(hash);
      if (!r) return undefined;
      const k: KeyRecord = { keyId: hash.slice(0, 32), merchantId: r.merchant_id, type: r.type, livemode: r.livemode === 1, expiresAt: r.expires_at };
      cache.keys.set(hash, k);
      return k;
    },
    async expireCurrentKeys(merchantId, at) {
      for (const [hash, k] of cache.keys) if (k.merchantId === merchantId) cache.keys.delete(hash);
      expireKeys.run(at, merchantId);
    },
  };
}
