/**
 * Sliding-window rate-limit counters held in this process (Doc 1, Rate limits: a sliding window
 * of 60 seconds). Each counter keeps the service-clock times of the calls it let through, so the
 * window slides exactly; refused calls are not counted, so a caller that waits `Retry-After`
 * gets through. Several server instances would need a shared limiter behind the same interface.
 */
import type { Hit, RateLimiter } from '../context.ts';

/** Counters untouched for this long are dropped, so memory follows the active callers only. */
const IDLE_MS = 5 * 60 * 1000;

export class MemoryRateLimiter implements RateLimiter {
  readonly #counters = new Map<string, { times: number[]; start: number }>();
  #lastSweep = 0;

  async hit(counter: string, limit: number, windowMs: number, nowMs: number): Promise<Hit> {
    this.#sweep(nowMs);
    let c = this.#counters.get(counter);
    if (!c) this.#counters.set(counter, (c = { times: [], start: 0 }));
    // Times are kept in arrival order; drop those that left the window.
    while (c.start < c.times.length && c.times[c.start]! <= nowMs - windowMs) c.start++;
    if (c.start > 64 && c.start * 2 > c.times.length) {
      c.times = c.times.slice(c.start);
      c.start = 0;
    }
    const used = c.times.length - c.start;
    const oldest = used > 0 ? c.times[c.start]! : nowMs;
    if (used >= limit) {
      return { allowed: false, limit, remaining: 0, resetMs: oldest + windowMs, retryAfterMs: oldest + windowMs - nowMs };
    }
    c.times.push(nowMs);
    return { allowed: true, limit, remaining: limit - used - 1, resetMs: oldest + windowMs, retryAfterMs: 0 };
  }

  async prune(beforeMs: number): Promise<number> {
    let forgotten = 0;
    for (const [k, c] of this.#counters) {
      if (c.times.length === c.start || c.times[c.times.length - 1]! <= beforeMs) {
        forgotten += c.times.length - c.start;
        this.#counters.delete(k);
      }
    }
    return forgotten;
  }

  #sweep(nowMs: number) {
    if (nowMs - this.#lastSweep < IDLE_MS) return;
    this.#lastSweep = nowMs;
    void this.prune(nowMs - IDLE_MS);
  }
}
