/**
 * Rate limits across instances (issue 21): two instances on one PostgreSQL database count the same
 * buckets, however the calls are spread and however they race.
 */
import { describe, expect, it } from 'vitest';
import { pgAvailable, useCluster } from '../../store/postgres/cluster.fixtures.ts';
import { openPg } from '../../store/postgres/pg-db.ts';
import { migrations } from '../../store/schema/migrations.ts';
import { postgresSql } from '../../store/schema/steps.ts';
import { bearer, testApp } from '../../testing.ts';
import { PgRateLimiter } from '../../middleware/rate-limit-postgres.ts';
import { WINDOW_MS } from '../../middleware/rate-limit.ts';
import type { PgStore } from '../../store/postgres/index.ts';

const cluster = useCluster();
const KEY = Buffer.alloc(32, 3).toString('base64');

/** Two instances on one new database; `close` stops both stores. */
async function twoInstances(name: string) {
  const url = await cluster().createDatabase(name);
  const one = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: KEY });
  const two = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: KEY });
  return { one, two, close: async () => void (await Promise.all([one.deps.store.close(), two.deps.store.close()])) };
}

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
    const { one, two, close } = await twoInstances('limits_app');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? two : one).json('GET', '/api/health?deep=true', undefined, bearer('none'))).status);
      expect(statuses.slice(0, 5)).not.toContain(429);
      expect(statuses[5]).toBe(429);
    } finally {
      await close();
    }
  });

  it('refuses the 21st card try in a minute from one address whichever instance it reaches, and not another address', async () => {
    const { one, two, close } = await twoInstances('limits_cards');
    try {
      const { keys } = await one.merchant({ settings: { sameSessionRetry: 10 } });
      const card = { number: '4000000000000002', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
      const sessions: { id: string }[] = [];
      for (let i = 0; i < 4; i++) sessions.push(await (await one.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(keys.secret))).json());
      const tryCard = (t: typeof one, session: { id: string }, ip: string) =>
        t.json('POST', `/v1/public/sessions/${session.id}/charge`, { card }, { ...bearer(keys.publishable), Origin: 'http://localhost:4242' }, ip);
      const statuses: number[] = [];
      // 6, 6, 6 and 3 tries on four sessions (no session's own bucket of 6 is spent), alternating instances.
      for (let i = 0; i < 21; i++) statuses.push((await tryCard(i % 2 ? two : one, sessions[Math.min(Math.floor(i / 6), 3)]!, '192.0.2.60')).status);
      expect(statuses.slice(0, 20)).not.toContain(429);
      expect(statuses[20]).toBe(429);
      expect((await tryCard(one, sessions[3]!, '192.0.2.60')).status).toBe(429);
      expect((await tryCard(two, sessions[3]!, '192.0.2.61')).status).not.toBe(429);
    } finally {
      await close();
    }
  });

  it('forgets one-off counters once their window has passed and the jobs run, while live counters keep counting (issue 32, finding 7)', async () => {
    const url = await cluster().createDatabase('limits_prune');
    const t = await testApp({ SVCPAY_DATABASE_URL: url, SVCPAY_SEALING_KEY: KEY });
    const { sql } = t.deps.store as PgStore;
    const rows = async (like: string) => (await sql<{ n: number }[]>`select count(*)::int as n from rate_limit_hits where counter like ${like}`)[0]!.n;
    try {
      // 40 addresses that call once and never again, as a scan or a crowd of buyers leaves them.
      const t0 = t.deps.clock.nowMs();
      for (let i = 0; i < 40; i++) await t.deps.limiter.hit(`checkoutPerIp:203.0.113.${i}`, 30, WINDOW_MS, t0);
      expect(await rows('checkoutPerIp:203.0.113.%')).toBe(40);
      // The service clock moves past their window (and a grace window); the jobs run after the move.
      expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds: 121 })).status).toBe(200);
      const t1 = t.deps.clock.nowMs();
      await t.deps.limiter.hit('live:198.51.100.9', 3, WINDOW_MS, t1);
      await t.deps.limiter.hit('live:198.51.100.9', 3, WINDOW_MS, t1 + 1);
      expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 })).status).toBe(200);
      expect(await rows('checkoutPerIp:203.0.113.%')).toBe(0);
      // The live counter lost nothing: its third call is its last.
      expect(await rows('live:%')).toBe(2);
      expect((await t.deps.limiter.hit('live:198.51.100.9', 3, WINDOW_MS, t1 + 2)).remaining).toBe(0);
      expect((await t.deps.limiter.hit('live:198.51.100.9', 3, WINDOW_MS, t1 + 3)).allowed).toBe(false);
      // A backlog goes in batches, all of it in one run when it fits the run's batches.
      for (let i = 0; i < 10; i++) await t.deps.limiter.hit(`once:${i}`, 1, WINDOW_MS, t1);
      const backlog = await rows('%');
      expect(backlog).toBeGreaterThanOrEqual(13);
      expect(await new PgRateLimiter(sql, { pruneBatch: 3 }).prune(t1 + 3)).toBe(backlog);
      expect(await rows('%')).toBe(0);
    } finally {
      await t.deps.store.close();
    }
  });
});
