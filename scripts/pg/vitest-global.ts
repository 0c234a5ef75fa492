/**
 * `npm run unit:postgres` (vitest.postgres.config.ts): one throwaway PostgreSQL cluster for the
 * whole run, with a template database the schema steps were applied to once. Each test's app gets
 * a fresh copy of it (src/server/store/postgres/test-databases.ts); workers find the cluster in
 * SVCPAY_TEST_PG_BASE.
 */
import postgres from 'postgres';
import { startCluster } from '../../src/server/store/postgres/testing.ts';
import { PgStore } from '../../src/server/store/postgres/index.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const cluster = await startCluster({ fsync: false, maxConnections: 600 });
  const base = cluster.url.replace(/\/svcpay$/, '');
  const template = await cluster.createDatabase('svcpay_template');
  (await PgStore.open(template, { pool: 1 })).close();
  // A template no one may connect to any more (CREATE DATABASE … TEMPLATE needs it idle).
  const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => undefined });
  await admin`update pg_database set datallowconn = false where datname = 'svcpay_template'`;
  await admin.end({ timeout: 1 });
  process.env.SVCPAY_TEST_PG_BASE = base;
  return () => cluster.stop();
}
