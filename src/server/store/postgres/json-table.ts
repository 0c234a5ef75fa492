/**
 * The Postgres form of ../sqlite/json-table.ts: a record kept as JSON in `data`, beside the columns
 * its lookups, orders and constraints use. Every repo takes `q`: the pool for reads outside a
 * transaction, the transaction's own connection inside one.
 */
import type { Sql } from 'postgres';

export type Q = Sql;
type Column<R> = keyof R | ((r: R) => unknown);

/** SQLite keeps booleans as 0 and 1; the shared schema does too. */
export const bit = (b: boolean) => (b ? 1 : 0);

export const parse = <R>(rows: readonly { data: string }[]): R | undefined => (rows[0] ? (JSON.parse(rows[0].data) as R) : undefined);
export const parseAll = <R>(rows: readonly { data: string }[]): R[] => rows.map((r) => JSON.parse(r.data) as R);

export function jsonTable<R extends { id: string }>(q: Q, table: string, columns: Record<string, Column<R>>) {
  const values = (r: R) => {
    const out: Record<string, string | number | null> = { id: r.id, data: JSON.stringify(r) };
    for (const [name, col] of Object.entries(columns)) {
      const v = typeof col === 'function' ? col(r) : r[col];
      out[name] = typeof v === 'boolean' ? bit(v) : ((v ?? null) as string | number | null);
    }
    return out;
  };
  const names = ['id', 'data', ...Object.keys(columns)];
  return {
    insert: async (r: R) => void (await q`insert into ${q(table)} ${q(values(r), names)}`),
    update: async (r: R) => {
      const { id, ...rest } = values(r);
      await q`update ${q(table)} set ${q(rest, names.slice(1))} where id = ${id as string}`;
    },
    get: async (id: string): Promise<R | undefined> => parse<R>(await q<{ data: string }[]>`select data from ${q(table)} where id = ${id}`),
  };
}
