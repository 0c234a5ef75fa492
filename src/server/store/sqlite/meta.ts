/** Small process-wide values: the clock offset, the redirect-signing secret, the demo merchant. */
import type { Db } from './db.ts';
import type { MetaRepo } from '../types.ts';

export function metaRepo(db: Db): MetaRepo {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const set = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  const del = db.prepare('DELETE FROM meta WHERE key = ?');
  return {
    delete: async (key) => void del.run(key),
    get: async (key) => get.get(key)?.value,
    set: async (key, value) => void set.run(key, value),
  };
}
