/**
 * The engine's tests on PostgreSQL (issue 21, `npm run unit:postgres`): each `testApp` gets a
 * database of its own, copied from the migrated template the run's global setup made
 * (scripts/pg/vitest-global.ts), and closed after its test. Off (null) in the SQLite run.
 */
import postgres from 'postgres';
import type { PgStore } from './index.ts';

let n = 0;
const open: PgStore[] = [];

/** A fresh, migrated database for one test app; null when the run is on SQLite. */
export async function freshTestDatabase(): Promise<string | null> {
  const base = process.env.SVCPAY_TEST_PG_BASE;
  if (!base) return null;
  const name = `t_${process.pid}_${++n}`;
  const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database ${name} template svcpay_template`);
  } finally {
    await admin.end({ timeout: 1 });
  }
  return `${base}/${name}`;
}

/** Keeps a test's store to close after the test (its pool and its listening connection). */
export const keepForClose = (store: PgStore) => void open.push(store);

export async function closeTestStores(): Promise<void> {
  await Promise.all(open.splice(0).map((s) => s.close().catch(() => undefined)));
}
