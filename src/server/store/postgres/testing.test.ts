/**
 * The throwaway cluster (issue 21) as a test file and `npm run start:cluster` use it: a real
 * server in a temporary folder on a loopback port, databases of its own, and nothing left behind.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { pgAvailable } from './cluster.fixtures.ts';
import { startCluster } from './testing.ts';

describe.runIf(pgAvailable)('a throwaway PostgreSQL cluster', () => {
  it('serves its svcpay database and new ones on loopback, keeps what is committed, and leaves no folder behind', { timeout: 60_000 }, async () => {
    const cluster = await startCluster({ fsync: false });
    try {
      expect(cluster.url).toBe(`postgres://svcpay@127.0.0.1:${cluster.port}/svcpay`);
      expect(existsSync(cluster.dir)).toBe(true);
      const sql = postgres(cluster.url, { max: 2, onnotice: () => undefined });
      try {
        await sql`create table t (id int primary key, note text)`;
        await sql.begin(async (tx) => {
          await tx`insert into t values (1, 'kept')`;
        });
        await sql
          .begin(async (tx) => {
            await tx`insert into t values (2, 'rolled back')`;
            throw new Error('abort');
          })
          .catch(() => undefined);
        expect(await sql`select id, note from t order by id`).toEqual([{ id: 1, note: 'kept' }]);
        const [row] = await sql<{ version: string }[]>`select current_setting('server_version_num') as version`;
        expect(Number(row!.version)).toBeGreaterThanOrEqual(150000);
      } finally {
        await sql.end({ timeout: 1 });
      }
      // A database per test file: empty, and separate from the first.
      const other = postgres(await cluster.createDatabase('file_1'), { max: 1, onnotice: () => undefined });
      try {
        expect(await other`select count(*)::int as n from information_schema.tables where table_name = 't'`).toEqual([{ n: 0 }]);
      } finally {
        await other.end({ timeout: 1 });
      }
      await expect(cluster.createDatabase('no; drop')).rejects.toThrow(/not a plain database name/);
    } finally {
      await cluster.stop();
    }
    expect(existsSync(cluster.dir)).toBe(false);
    // Stopped: nothing answers on its port any more.
    const gone = postgres(cluster.url, { max: 1, connect_timeout: 1, onnotice: () => undefined });
    await expect(gone`select 1`).rejects.toThrow();
    await gone.end({ timeout: 1 });
  });
});
