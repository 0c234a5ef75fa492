/**
 * Rate limits across instances (issue 21): two instances on one PostgreSQL database count the same
 * buckets, however the calls are spread and however they race.
 */
import { describe, expect, it } from 'vitest';
import { pgAvailable, useCluster } from '../store/postgres/cluster.fixtures.ts';
import { openPg } from '../store/postgres/pg-db.ts';
import { migrations } from '../store/schema/migrations.ts';
import { postgresSql } from '../store/schema/steps.ts';
import { bearer, testApp } from '../testing.ts';
import { PgRateLimiter } from './rate-limit-postgres.ts';

const cluster = useCluster();

describe.runIf(pgAvailable)('rate limits on PostgreSQL', () => {
  it('lets exactly the limit through when two instances race on one counter, and slides its window', async () => {
    const url = await cluster().createDatabase('limits');
    const [a, b] = await Promise.all([openPg(url, { migrations: migrations.map(postgresSql) }), openPg(url, { migrations: migrations.map(postgresSql) })]);
    try {
      const limiters = [new PgRateLimiter(a.sql), new PgRateLimiter(b.sql)];
      const t0 = 1_800_000_000_000;
      const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => limiters[i % 2]!.hit('card:198.51.100.7', 20, 60_000, t0 + i)));
      expect(hits.filter((h) => h.allowed)).toHaveLength(20);
      const refused = hits.find((h) => !h.allowed)!;
      expect([refused.remaining, refused.retryAfterMs > 0]).toEqual([0, true]);
      // Another counter is counted apart.
      expect((await limiters[1]!.hit('card:198.51.100.8', 20, 60_000, t0)).allowed).toBe(true);
      // A minute after the first calls, the window has room again, on either instance.
      expect((await limiters[1]!.hit('card:198.51.100.7', 20, 60_000, t0 + 60_000 + 40)).allowed).toBe(true);
      expect((await limiters[0]!.hit('card:198.51.100.7', 20, 60_000, t0 + 60_000 + 41)).allowed).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses the call over the limit whichever instance it reaches (deep health: 5 per address a minute)', async () => {
    const url = await cluster().createDatabase('limits_app');
    const key = Buffer.alloc(32, 3).toString('base64');
    const one = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: key });
    const two = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: key });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? two : one).json('GET', '/api/health?deep=true', undefined, bearer('none'))).status);
      expect(statuses.slice(0, 5)).not.toContain(429);
      expect(statuses[5]).toBe(429);
    } finally {
      await one.deps.store.close();
      await two.deps.store.close();
    }
  });
});
