/**
 * The fuzz's proof that a refused request wrote nothing, on PostgreSQL (issue 37: the fuzz runs on
 * both backends). SQLite's watch (world.ts rowWatch) logs written rows with TEMP triggers; here one
 * round trip reads a digest of every table (each row's text, hashed, in a fixed order), so a
 * request that changed any row changes its table's digest. The rate limiter's hits are the one
 * table left out: on SQLite they live in memory, outside any table, and a refused request counts
 * on them there too.
 */
import type { PgStore } from '../store/postgres/index.ts';

/** Counters, not records: kept in memory on SQLite. */
const NOT_RECORDS = new Set(['rate_limit_hits']);

export async function pgWatch(pg: PgStore) {
  const tables = ((await pg.sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`) as unknown as { tablename: string }[])
    .map((t) => t.tablename)
    .filter((t) => !NOT_RECORDS.has(t));
  // Table names come from the catalogue, quoted as identifiers.
  const digestSql = tables
    .map((t) => `select '${t}' as t, md5(coalesce(string_agg(md5(x::text), ',' order by md5(x::text)), '')) as h from "${t.replace(/"/g, '""')}" x`)
    .join(' union all ');
  const read = async () => new Map(((await pg.sql.unsafe(digestSql)) as unknown as { t: string; h: string }[]).map((r) => [r.t, r.h]));
  let last = await read();
  /** Brings the digests up to date; returns each table whose rows differ from before. */
  const sync = async (): Promise<string[]> => {
    const now = await read();
    const changed = tables.filter((t) => now.get(t) !== last.get(t)).map((t) => `${t} (some row)`);
    last = now;
    return changed;
  };
  /** Every digest is a full read: nothing can be missed. */
  const verify = async () => (await sync(), true);
  return { sync, verify };
}
