/**
 * One chain for every API route (ARCHITECTURE.md, "What never happens": a route without auth,
 * version and rate-limit middleware). A route states its policy once; `guard` turns it into the
 * middlewares in their only correct order:
 *   per-IP limits → key auth → per-key limits → origin check → per-session limits → idempotency.
 * A per-session bucket counts only calls that passed the key (Doc 3), the origin check and the
 * route's schemas (issue 32, finding 4): a buyer's tries are spent only by calls that could pay.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { auth, type KeyRequirement } from './auth.ts';
import { idempotency, type ReplayAnswer } from './idempotency.ts';
import { sameOriginOnly } from './origin.ts';
import { BUCKETS, limitAfterAuth, limitBeforeAuth, type Limit } from './rate-limit.ts';
import { whenWellFormed, type RouteRequest } from './well-formed.ts';

export interface RoutePolicy {
  /** Which key the route takes; `none` for the internal checkout endpoints (Doc 1, Authentication 8). */
  key: KeyRequirement | 'none';
  /** The `_publishable` error codes (Doc 1): /v1/public routes. Defaults to publishable-key routes. */
  surface?: 'merchant' | 'public';
  limits?: readonly Limit[];
  /** Callable only from the service's own pages and frames (Doc 3, checkout endpoints' origin). */
  sameOrigin?: boolean;
  /** Refunds and tokens mark a replayed body with `idempotent: true` (Doc 1, Idempotency 2). */
  markReplay?: boolean;
  /** The route answers replays itself from the stored answer (refunds: the record's current state). */
  replay?: ReplayAnswer;
  /** The route creates payments: a reservation the store cannot write is `charge_reservation_unavailable` (Doc 1, Idempotency 6). */
  charges?: boolean;
  /** The route's `request` (its `createRoute` one): needed with a per-session bucket, which counts only calls it accepts. */
  request?: RouteRequest;
}

export function guard(deps: Deps, p: RoutePolicy): MiddlewareHandler<AppEnv>[] {
  const limits = p.limits ?? [];
  const chain: MiddlewareHandler<AppEnv>[] = [limitBeforeAuth(deps, limits)];
  if (p.key !== 'none') chain.push(auth(deps, p.key, p.surface), limitAfterAuth(deps, limits, ['key']));
  if (p.sameOrigin) chain.push(sameOriginOnly(deps.config.publicUrl));
  if (p.key !== 'none' && limits.some((l) => BUCKETS[l.bucket].axis === 'session')) {
    if (!p.request) throw new Error('A route with a per-session bucket names its request, so that only well-formed calls count there.');
    chain.push(whenWellFormed(p.request, limitAfterAuth(deps, limits, ['session'])));
  }
  if (p.key !== 'none') chain.push(idempotency(deps, { markReplay: p.markReplay, replay: p.replay, charges: p.charges }));
  return chain;
}
