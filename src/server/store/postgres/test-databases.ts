/**
 * The engine's tests on PostgreSQL (issue 21, `npm run unit:postgres`): each `testApp` gets a
 * database of its own, copied from the migrated template the run's global setup made
 * (scripts/pg/vitest-global.ts), and closed after its test. Off (null) in the SQLite run.
 */
import postgres from 'postgres';
import { expect } from 'vitest';
import type { PgStore } from './index.ts';

let n = 0;
const open: PgStore[] = [];
/** Stores a file's `beforeAll` made (the fuzz's world): its tests share them, so they close after the file. */
const shared: PgStore[] = [];

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

/** Keeps a test's store to close after the test (its pool and its listening connection), or after its file when no test is running. */
export const keepForClose = (store: PgStore) => void (expect.getState().currentTestName === undefined ? shared : open).push(store);

const closeAll = async (stores: PgStore[]) => void (await Promise.all(stores.splice(0).map((s) => s.close().catch(() => undefined))));
export const closeTestStores = () => closeAll(open);
export const closeSharedStores = () => closeAll(shared);
