/** What every route and middleware can reach: built once in main.ts (or a test) and passed down. */
import type { AuthContext } from './domain/index.ts';
import type { EngineDeps } from './engine/deps.ts';
import type { IdempotencyHandle } from './middleware/idempotency-handle.ts';
import type { RateLimitCount, RateLimiter } from './middleware/rate-limiter.ts';

export interface Deps extends EngineDeps {
  /** Sliding-window counters of the rate limits (Doc 1, Rate limits). */
  limiter: RateLimiter;
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
  };
}
