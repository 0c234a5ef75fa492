/**
 * Runs in both unit runs (`npm run unit` and `npm run unit:postgres`): deep health names the
 * database the app is on, which is PostgreSQL in the second run, so that run is not SQLite twice.
 */
import { expect, it } from 'vitest';
import { testApp } from '../../testing.ts';

it('names in deep health the database this run puts every test app on', async () => {
  const t = await testApp();
  const res = await t.json('GET', '/api/health?deep=true', undefined, {}, '127.0.0.1');
  const body = (await res.json()) as { database: { backend: string; migration: number } };
  expect(body.database.backend).toBe(process.env.SVCPAY_TEST_PG_BASE ? 'postgres' : 'sqlite');
  expect(body.database.migration).toBeGreaterThan(20);
});
