/** The rate limiter's contract (Doc 1, Rate limits): counters in a sliding window, kept by a backend. */

export interface Hit {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Service-clock ms when the oldest counted call leaves the window. */
  resetMs: number;
  retryAfterMs: number;
}

export interface RateLimiter {
  hit(counter: string, limit: number, windowMs: number, nowMs: number): Promise<Hit>;
  /** Forgets every call made at or before `beforeMs`, whichever counter it was on; returns how many went. */
  prune(beforeMs: number): Promise<number>;
}

/** `all`: one bucket over every caller (a route's global cap), never counted by a route's list. */
export type Axis = 'key' | 'ip' | 'session' | 'all';

export interface RateLimitCount {
  hit: Hit;
  axis: Axis;
}
