/** What every route and middleware can reach: built once in main.ts (or a test) and passed down. */
import type { AuthContext } from './domain/index.ts';
import type { IdempotencyReservation } from './domain/operations.ts';
import type { EngineDeps } from './engine/deps.ts';

export interface Deps extends EngineDeps {
  /** Sliding-window counters of the rate limits (Doc 1, Rate limits). */
  limiter: RateLimiter;
  /** The maintenance write-freeze (middleware/write-freeze.ts): SVCPAY_WRITE_FREEZE at start, then the control API's. */
  writeFreeze: { on: boolean };
}

/** Hono context variables set by the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The client's address: the socket's peer, or the client a trusted proxy named (SVCPAY_TRUSTED_PROXIES). */
    clientIp?: string;
    auth: AuthContext;
    /** The idempotency reservation of this request, when it sent an Idempotency-Key. */
    idempotency?: IdempotencyHandle;
    /** Every rate-limit bucket this request was counted in, for the X-RateLimit-* headers. */
    rateLimits?: RateLimitCount[];
    /** The top-level body fields the route ignores (router.ts, `body`): no part of the idempotency fingerprint. */
    ignoredBodyFields?: readonly string[];
  };
}

/**
 * What the idempotency layer hands a keyed request (Doc 1, Idempotency): its reservation, as
 * data. A route passes it to the engine, which keeps its outcome under it with a store call in its
 * own transaction (engine/idempotency.ts); no closure crosses the layers.
 */
export type IdempotencyHandle = IdempotencyReservation;

// The rate limiter's contract (Doc 1, Rate limits): counters in a sliding window, kept by a
// backend (middleware/rate-limit-memory.ts, rate-limit-postgres.ts). It sits here, with what the
// edge shares, so this file imports no middleware and the middleware stands on it.

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
