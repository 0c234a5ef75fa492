/** Small process-wide values: the clock offset, the redirect-signing secret. */
import type { Db } from './db.ts';

export function metaRepo(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const set = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  return {
    get: (key: string) => get.get(key)?.value,
    set: (key: string, value: string) => void set.run(key, value),
  };
}
export type MetaRepo = ReturnType<typeof metaRepo>;
