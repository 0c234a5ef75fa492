/**
 * One chain for every API route (ARCHITECTURE.md, "What never happens": a route without auth,
 * version and rate-limit middleware). A route states its policy once; `guard` turns it into the
 * middlewares in their only correct order:
 *   per-IP limits → key auth → per-key and per-session limits → origin check → idempotency.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { auth, type KeyRequirement } from './auth.ts';
import { idempotency, type ReplayAnswer } from './idempotency.ts';
import { sameOriginOnly } from './origin.ts';
import { limitAfterAuth, limitBeforeAuth, type Limit } from './rate-limit.ts';

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
}

export function guard(deps: Deps, p: RoutePolicy): MiddlewareHandler<AppEnv>[] {
  const limits = p.limits ?? [];
  const chain: MiddlewareHandler<AppEnv>[] = [limitBeforeAuth(deps, limits)];
  if (p.key !== 'none') chain.push(auth(deps, p.key, p.surface), limitAfterAuth(deps, limits));
  if (p.sameOrigin) chain.push(sameOriginOnly(deps.config.publicUrl));
  if (p.key !== 'none') chain.push(idempotency(deps, { markReplay: p.markReplay, replay: p.replay }));
  return chain;
}
