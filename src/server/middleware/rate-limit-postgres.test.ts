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
});
