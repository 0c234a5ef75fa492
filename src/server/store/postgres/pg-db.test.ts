/**
 * The Postgres store's connection (issue 21) on a real throwaway cluster: compare-and-set that
 * holds under concurrent transactions, migrations applied once by instances that start together,
 * commits heard by the other instance, and start-up errors an operator can act on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pgAvailable, useCluster } from './cluster.fixtures.ts';
import { redactUrl } from '../../../platform/redact-url.ts';
import { DatabaseTooNew, openPg, StoreContended, type PgDb } from './pg-db.ts';

const cluster = useCluster();
let n = 0;
const freshDb = () => cluster().createDatabase(`pgdb_${++n}`);
const opened: PgDb[] = [];
const open = async (url: string, migrations: string[] = COUNTER) => {
  // Every transaction at once, so the conflicts the retries answer really happen.
  const db = await openPg(url, { migrations, max: 12, writers: 12 });
  opened.push(db);
  return db;
};

const COUNTER = ['create table counter (id int primary key, v int not null); insert into counter values (1, 0);'];

afterAll(async () => {
  for (const db of opened.splice(0)) await db.close().catch(() => undefined);
});

describe.runIf(pgAvailable)('the Postgres connection', () => {
  it('keeps a read-then-write compare-and-set exact under concurrent transactions, by running the losers again', async () => {
    const db = await open(await freshDb());
    // Each reads the counter, lets the others interleave, then writes what it read plus one.
    const bump = () =>
      db.tx(async (tx) => {
        const [row] = await tx<{ v: number }[]>`select v from counter where id = 1`;
        await new Promise((r) => setTimeout(r, 5));
        await tx`update counter set v = ${row!.v + 1} where id = 1`;
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    expect(await db.sql`select v from counter where id = 1`).toEqual([{ v: 20 }]);
    expect(db.retries).toBeGreaterThan(0);
  });

  it('gives up with StoreContended when a transaction cannot be serialized within its attempts', async () => {
    const db = await openPg(await freshDb(), { migrations: COUNTER, attempts: 1, max: 12, writers: 12 });
    opened.push(db);
    const bump = () =>
      db.tx(async (tx) => {
        const [row] = await tx<{ v: number }[]>`select v from counter where id = 1`;
        await new Promise((r) => setTimeout(r, 5));
        await tx`update counter set v = ${row!.v + 1} where id = 1`;
      });
    const results = await Promise.allSettled(Array.from({ length: 10 }, bump));
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) expect(f.reason).toBeInstanceOf(StoreContended);
    // What failed wrote nothing: the counter is exactly the number that committed.
    expect(await db.sql`select v from counter where id = 1`).toEqual([{ v: results.length - failed.length }]);
  });

  it('runs the transactions that failed to serialize again at most `writers` at a time, until every one commits', async () => {
    const db = await openPg(await freshDb(), { migrations: COUNTER, max: 12, writers: 2 });
    opened.push(db);
    let retrying = 0;
    let most = 0;
    let runs = 0;
    const bump = () => {
      let mine = 0;
      return db.tx(async (tx) => {
        const again = ++mine > 1;
        runs++;
        if (again) most = Math.max(most, ++retrying);
        try {
          const [row] = await tx<{ v: number }[]>`select v from counter where id = 1`;
          await new Promise((r) => setTimeout(r, 5));
          await tx`update counter set v = ${row!.v + 1} where id = 1`;
        } finally {
          if (again) retrying--;
        }
      });
    };
    await Promise.all(Array.from({ length: 12 }, bump));
    // The first runs all collided on the one row; the runs after them took turns, two at a time.
    expect(runs).toBeGreaterThan(12);
    expect(most).toBe(2);
    expect(await db.sql`select v from counter where id = 1`).toEqual([{ v: 12 }]);
  });

  it('applies each migration once when two instances start together, and refuses a database newer than the build', async () => {
    const url = await freshDb();
    // Not idempotent: a step applied twice would fail on its second CREATE. The first is slow, so
    // the two instances are both migrating at once.
    const steps = ['select pg_sleep(0.3); create table a (id int primary key)', 'create table b (id int primary key); insert into a values (1)'];
    const [one, two] = await Promise.all([open(url, steps), open(url, steps)]);
    expect([await one.version(), await two.version()]).toEqual([2, 2]);
    expect(await one.sql`select count(*)::int as n from a`).toEqual([{ n: 1 }]);
    // A later build adds a step; an older one then refuses to run on that database.
    const later = await open(url, [...steps, 'create table c (id int primary key)']);
    expect(await later.version()).toBe(3);
    await expect(openPg(url, { migrations: steps })).rejects.toThrow(DatabaseTooNew);
    await expect(openPg(url, { migrations: steps })).rejects.toThrow(/at migration 3, and this build knows 2/);
  });

  it('starts six instances at once on a database that has no migrations table yet, every time', async () => {
    // The migrations table itself is made under the lock: made outside it, the racers collided in
    // the catalogue (duplicate type, duplicate key or duplicate table, by timing) and one failed to start.
    for (let round = 0; round < 20; round++) {
      const url = await freshDb();
      const all = await Promise.all(Array.from({ length: 6 }, () => openPg(url, { migrations: ['create table a (id int primary key)'], max: 1 })));
      try {
        expect(await Promise.all(all.map((db) => db.version()))).toEqual([1, 1, 1, 1, 1, 1]);
      } finally {
        await Promise.all(all.map((db) => db.close()));
      }
    }
  });

  it('tells every instance of a commit, its own at once and another’s through the database', async () => {
    const url = await freshDb();
    const a = await open(url);
    const b = await open(url);
    const heard: string[] = [];
    a.onCommit(() => heard.push('a'));
    const bHeard = new Promise<void>((resolve) => b.onCommit(() => (heard.push('b'), resolve())));
    await a.tx(async (tx) => void (await tx`update counter set v = v + 1 where id = 1`));
    expect(heard).toContain('a');
    await bHeard;
    expect(heard.sort()).toEqual(['a', 'b']);
    // A transaction that throws commits nothing and wakes nobody.
    heard.length = 0;
    await expect(a.tx(async (tx) => {
      await tx`update counter set v = v + 1 where id = 1`;
      throw new Error('no');
    })).rejects.toThrow('no');
    expect(heard).toEqual([]);
    expect(await a.sql`select v from counter where id = 1`).toEqual([{ v: 1 }]);
  });

  it('says which database it cannot reach, never with its password', async () => {
    const url = `postgres://svcpay:s3cret-pw@127.0.0.1:${cluster().port + 1}/nowhere`;
    const err = await openPg(url, { migrations: [] }).then(() => null, (e: unknown) => e as Error);
    expect(err?.message).toMatch(/^SVCPAY_DATABASE_URL: cannot reach PostgreSQL at postgres:\/\/svcpay:\*\*\*@127\.0\.0\.1:\d+\/nowhere/);
    expect(err?.message).not.toContain('s3cret-pw');
    expect(redactUrl('not a url')).toBe('(not a URL)');
  });
});
