/**
 * The rate limits of Document 1 counted in PostgreSQL (issue 21), so every instance on one
 * database counts the same buckets: the same sliding window as the in-memory limiter
 * (./rate-limit-memory.ts), each counter's calls kept as rows. Calls on one counter are
 * taken one at a time under a transaction-scoped advisory lock on it, so two instances never both
 * let the 21st call through; calls on other counters do not wait.
 */
import type { Sql } from 'postgres';
import type { Hit, RateLimiter } from './rate-limiter.ts';

export class PgRateLimiter implements RateLimiter {
  readonly #sql: Sql;
  constructor(sql: Sql) {
    this.#sql = sql;
  }

  async hit(counter: string, limit: number, windowMs: number, nowMs: number): Promise<Hit> {
    return (await this.#sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext(${counter}))`;
      // Calls that left the window are forgotten: the table holds only the live windows.
      await tx`delete from rate_limit_hits where counter = ${counter} and at <= ${nowMs - windowMs}`;
      const [row] = await tx<{ used: number; oldest: number | null }[]>`select count(*)::int as used, min(at) as oldest from rate_limit_hits where counter = ${counter}`;
      const used = row?.used ?? 0;
      const oldest = row?.oldest ?? nowMs;
      if (used >= limit) return { allowed: false, limit, remaining: 0, resetMs: oldest + windowMs, retryAfterMs: oldest + windowMs - nowMs };
      await tx`insert into rate_limit_hits (counter, at) values (${counter}, ${nowMs})`;
      return { allowed: true, limit, remaining: limit - used - 1, resetMs: oldest + windowMs, retryAfterMs: 0 };
    })) as Hit;
  }
}
