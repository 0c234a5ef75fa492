/** What every route and middleware can reach: built once in main.ts (or a test) and passed down. */
import type { Config } from './env.ts';
import type { Clock } from './clock.ts';
import type { Store } from './store/types.ts';
import type { RateLimitCount, RateLimiter } from './middleware/rate-limit.ts';
import type { Processor } from './processors/types.ts';
import type { AuthContext, ProcessorKind } from './engine/types.ts';
import type { Logger } from './log.ts';
import type { IdempotencyHandle } from './middleware/idempotency.ts';
import type { RedirectSigner } from './engine/redirect.ts';
import type { Sealer } from './engine/sealed.ts';

export interface Deps {
  config: Config;
  clock: Clock;
  store: Store;
  log: Logger;
  signer: RedirectSigner;
  /** Encrypts what is stored but never returned (a saved card's billing address). */
  sealer: Sealer;
  /** Sliding-window counters of the rate limits (Doc 1, Rate limits). */
  limiter: RateLimiter;
  /** The adapter for a merchant's processor; null for `none` (Doc 3: binder_unavailable). */
  processorFor(kind: ProcessorKind): Processor | null;
  /** The secret the sandbox processor signs its webhooks with (`/api/webhooks/sandbox` verifies with it). */
  providerWebhookSecret: string;
}

/** Hono context variables set by the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    auth: AuthContext;
    /** The idempotency reservation of this request, when it sent an Idempotency-Key. */
    idempotency?: IdempotencyHandle;
    /** Every rate-limit bucket this request was counted in, for the X-RateLimit-* headers. */
    rateLimits?: RateLimitCount[];
  };
}
