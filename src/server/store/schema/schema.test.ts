/**
 * One list of schema steps, two backends (issue 21): applied to SQLite and to PostgreSQL, the same
 * steps make the same tables, with the same columns, the same NOT NULL rules and the same named
 * indexes. A step written for one dialect only fails here.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { pgAvailable, useCluster } from '../postgres/cluster.fixtures.ts';
import { openPg } from '../postgres/pg-db.ts';
import { migrations } from './migrations.ts';
import { postgresSql, sqliteSql } from './steps.ts';

type Schema = Record<string, { columns: Record<string, 'null' | 'not null'>; indexes: string[] }>;

const cluster = useCluster();

function sqliteSchema(): Schema {
  const db = new Database(':memory:');
  for (const step of migrations) db.exec(sqliteSql(step));
  const out: Schema = {};
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  for (const t of tables) {
    const cols = db.prepare(`PRAGMA table_info(${t})`).all() as { name: string; notnull: number; pk: number }[];
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name").pluck().all(t) as string[];
    // A primary key column is NOT NULL in PostgreSQL whatever it says; SQLite's rowid aliases are too.
    out[t] = { columns: Object.fromEntries(cols.map((c) => [c.name, c.notnull || c.pk ? 'not null' : 'null'])), indexes };
  }
  db.close();
  return out;
}

async function postgresSchema(url: string): Promise<Schema> {
  const db = await openPg(url, { migrations: migrations.map(postgresSql) });
  try {
    const cols = await db.sql<{ t: string; c: string; nullable: string }[]>`
      select table_name as t, column_name as c, is_nullable as nullable from information_schema.columns
      where table_schema = 'public' and table_name <> 'schema_migrations' order by table_name, ordinal_position`;
    // Named indexes only: a primary key's or a UNIQUE column's own index is the table's, not a step's.
    const idx = await db.sql<{ t: string; i: string }[]>`
      select i.tablename as t, i.indexname as i from pg_indexes i
      where i.schemaname = 'public' and not exists (select 1 from pg_constraint k where k.conname = i.indexname)
      order by i.indexname`;
    const out: Schema = {};
    for (const { t, c, nullable } of cols) (out[t] ??= { columns: {}, indexes: [] }).columns[c] = nullable === 'YES' ? 'null' : 'not null';
    for (const { t, i } of idx) out[t]!.indexes.push(i);
    return out;
  } finally {
    await db.close();
  }
}

describe.runIf(pgAvailable)('the schema steps', () => {
  it('make the same tables, columns, NOT NULL rules and named indexes on SQLite and PostgreSQL', async () => {
    const lite = sqliteSchema();
    const pg = await postgresSchema(await cluster().createDatabase('schema_parity'));
    expect(Object.keys(pg).sort()).toEqual(Object.keys(lite).sort());
    for (const table of Object.keys(lite)) {
      expect({ table, ...pg[table] }).toEqual({ table, ...lite[table] });
    }
    // The whole schema, not a few tables: every record the store keeps.
    expect(Object.keys(lite)).toEqual(expect.arrayContaining(['sessions', 'payment_intents', 'payment_attempts', 'idempotency', 'events', 'webhook_deliveries', 'mirror_orders', 'order_first_purchases']));
  });
});
