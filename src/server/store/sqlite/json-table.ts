/**
 * Tables that keep a record as JSON in `data`, beside the columns their lookups, orders and
 * constraints use (payment methods, settlements, refunds). `columns` maps each column to the
 * record field it copies, so the two never drift apart.
 */
import type { Db } from './db.ts';

type Column<R> = keyof R | ((r: R) => unknown);

export function jsonTable<R extends { id: string }>(db: Db, table: string, columns: Record<string, Column<R>>) {
  const names = Object.keys(columns);
  const values = (r: R) => {
    const out: Record<string, unknown> = { id: r.id, data: JSON.stringify(r) };
    for (const [name, col] of Object.entries(columns)) {
      const v = typeof col === 'function' ? col(r) : r[col];
      out[name] = typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
    }
    return out;
  };
  const insert = db.prepare(`INSERT INTO ${table} (id, data, ${names.join(', ')}) VALUES (@id, @data, ${names.map((n) => `@${n}`).join(', ')})`);
  const update = db.prepare(`UPDATE ${table} SET data = @data, ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE id = @id`);
  const get = db.prepare<[string], { data: string }>(`SELECT data FROM ${table} WHERE id = ?`);
  return {
    parse: (row: { data: string } | undefined): R | undefined => (row ? (JSON.parse(row.data) as R) : undefined),
    insert: async (r: R) => void insert.run(values(r)),
    update: async (r: R) => void update.run(values(r)),
    get: async (id: string): Promise<R | undefined> => {
      const row = get.get(id);
      return row ? (JSON.parse(row.data) as R) : undefined;
    },
  };
}
