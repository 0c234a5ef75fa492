/**
 * The rate limits of Document 1 counted in PostgreSQL (issue 21), so every instance on one
 * database counts the same buckets: the same sliding window as the in-memory limiter
 * (./rate-limit-memory.ts), each counter's calls kept as rows. Calls on one counter are
 * taken one at a time under a transaction-scoped advisory lock on it, so two instances never both
 * let the 21st call through; calls on other counters do not wait.
 *
 * A counter's old rows go when it is hit again; the rows of a counter never hit again (a one-off
 * address or session: most of them) go with `prune`, which the jobs call on the service clock
 * (Issue 32, finding 7). It deletes in batches of `pruneBatch` rows, each its own statement, so a
 * backlog never holds one long transaction over the table the limits write to.
 */
import type { Sql } from 'postgres';
import type { Hit, RateLimiter } from '../context.ts';

/** Rows one prune statement deletes at most; and batches one `prune` runs at most (the next run goes on). */
const PRUNE_BATCH = 5_000;
const PRUNE_BATCHES = 20;

export class PgRateLimiter implements RateLimiter {
  readonly #sql: Sql;
  readonly #batch: number;
  constructor(sql: Sql, opts: { pruneBatch?: number } = {}) {
    this.#sql = sql;
    this.#batch = opts.pruneBatch ?? PRUNE_BATCH;
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

  async prune(beforeMs: number): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < PRUNE_BATCHES; batch++) {
      // Instances pruning at once skip the rows another has taken rather than wait on them.
      const rows = await this.#sql`
        delete from rate_limit_hits where ctid in (
          select ctid from rate_limit_hits where at <= ${beforeMs} limit ${this.#batch} for update skip locked
        )`;
      deleted += rows.count;
      if (rows.count < this.#batch) break;
    }
    return deleted;
  }
}
