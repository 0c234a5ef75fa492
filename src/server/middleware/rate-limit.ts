/**
 * Rate limits of Doc 1's table, on the service clock. Two middlewares share one list of buckets
 * per route: the per-IP axis runs before auth (Doc 3: calls refused at auth count on per-IP
 * buckets only), the per-key and per-session axes after it. The IP is the socket's peer address, never
 * a header, so a forged `Origin` or `X-Forwarded-For` changes nothing: these limits are also the
 * defence against card testing on the public charge and token routes.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Axis, Deps, Hit, RateLimitCount, RateLimiter } from '../context.ts';
import { addressBucket } from '../../platform/forwarded.ts';
import { HttpError } from './http-error.ts';

export type { Hit, RateLimitCount, RateLimiter };



/** Doc 1, "Rate limits": every bucket, its axis and its ceiling per 60 seconds. */
export const BUCKETS = {
  sessionsPerKey: { axis: 'key', limit: 30 },
  sessionsSecretKeyPerIp: { axis: 'ip', limit: 300 },
  sessions: { axis: 'ip', limit: 10 },
  paymentOpsPerKey: { axis: 'key', limit: 300 },
  paymentOpsSecretKeyPerIp: { axis: 'ip', limit: 600 },
  paymentOps: { axis: 'ip', limit: 100 },
  cardTokenizePerSession: { axis: 'session', limit: 6 },
  cardTokenizePerIp: { axis: 'ip', limit: 20 },
  sessionRead: { axis: 'ip', limit: 30 },
  publicSessionRead: { axis: 'key', limit: 1000 },
  publicSessionReadPerIp: { axis: 'ip', limit: 80 },
  publicWebhookRead: { axis: 'key', limit: 100 },
  webhook_subscription_writes: { axis: 'key', limit: 30 },
  webhookListenSseConnections: { axis: 'key', limit: 30 },
  sdkTelemetry: { axis: 'key', limit: 30 },
  browserTelemetry: { axis: 'ip', limit: 30 },
  healthDeep: { axis: 'ip', limit: 5 },
  // Doc 3, beyond Document 1's table (issue 18).
  clientErrorPerIp: { axis: 'ip', limit: 60 },
  // Issue 32, finding 6: the reports stored from every address together.
  clientErrorsAll: { axis: 'all', limit: 120 },
  checkoutPerIp: { axis: 'ip', limit: 30 },
  checkoutPerSession: { axis: 'session', limit: 10 },
  // Issue 22: the hosted page's save of the buyer's details, once per Pay; apart from Doc 3's
  // checkout buckets, which count init and complete only.
  checkoutBuyerPerIp: { axis: 'ip', limit: 60 },
  checkoutBuyerPerSession: { axis: 'session', limit: 20 },
} as const satisfies Record<string, { axis: Axis; limit: number }>;
export type Bucket = keyof typeof BUCKETS;

export const WINDOW_MS = 60_000;

/** A bucket of a route, optionally only for callers with (`secret`) or without (`notSecret`) a secret key. */
export interface Limit {
  bucket: Bucket;
  when?: 'secret' | 'notSecret';
}

/** The bucket lists of Doc 1's table, one per family of routes. */
export const LIMITS = {
  sessionCreate: [
    { bucket: 'sessionsPerKey' },
    { bucket: 'sessionsSecretKeyPerIp', when: 'secret' },
    { bucket: 'sessions', when: 'notSecret' },
  ],
  sessionRead: [{ bucket: 'sessionRead' }],
  paymentOps: [
    { bucket: 'paymentOpsPerKey', when: 'secret' },
    { bucket: 'paymentOpsSecretKeyPerIp', when: 'secret' },
    { bucket: 'paymentOps', when: 'notSecret' },
  ],
  /** Card saves and charges from the browser: the card-testing surface. */
  cardEntry: [{ bucket: 'paymentOps' }, { bucket: 'cardTokenizePerIp' }, { bucket: 'cardTokenizePerSession' }],
  publicSessionRead: [{ bucket: 'publicSessionRead' }, { bucket: 'publicSessionReadPerIp' }],
  webhookRead: [{ bucket: 'publicWebhookRead' }],
  webhookWrite: [{ bucket: 'webhook_subscription_writes' }],
  webhookListen: [{ bucket: 'webhookListenSseConnections' }],
  sdkTelemetry: [{ bucket: 'sdkTelemetry' }],
  browserTelemetry: [{ bucket: 'browserTelemetry' }],
  healthDeep: [{ bucket: 'healthDeep' }],
  /** Doc 3: the hosted checkout's init and complete, and each fresh form the embed poll hands out. */
  checkout: [{ bucket: 'checkoutPerIp' }, { bucket: 'checkoutPerSession' }],
  /** `POST /api/checkout/buyer-details`. */
  checkoutBuyer: [{ bucket: 'checkoutBuyerPerIp' }, { bucket: 'checkoutBuyerPerSession' }],
} as const satisfies Record<string, readonly Limit[]>;

/**
 * The client's address: the socket's peer (`app.request` in tests may pass one as `env.incoming`),
 * or, behind a proxy the operator trusts, the client it named (./client-address.ts).
 */
export function clientIp(c: Context): string {
  return (c.get('clientIp') as string | undefined) ?? peerAddress(c);
}

export function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Before auth the key is only claimed: its prefix picks the IP bucket (a fake secret key still counts). */
const claimsSecretKey = (c: Context) => /^Bearer\s+vp_sk_/i.test(c.req.header('authorization') ?? '');


function applies(limit: Limit, secret: boolean) {
  return limit.when === undefined || (limit.when === 'secret') === secret;
}

/** One call on one bucket at `now` (the limiter keys it `<bucket>:<id>`; an address by its /64, issue 32). */
function hitBucket(deps: Pick<Deps, 'limiter' | 'clock'>, bucket: Bucket, id: string, now = deps.clock.nowMs()): Promise<Hit> {
  const key = BUCKETS[bucket].axis === 'ip' ? addressBucket(id) : id;
  return deps.limiter.hit(`${bucket}:${key}`, BUCKETS[bucket].limit, WINDOW_MS, now);
}

/** How soon a call refused because the limiter was down may come again. */
export const LIMITER_RETRY_AFTER_SECONDS = 2;

/**
 * Doc 1, `rate_limit_service_unavailable`: the limiter could not count this call (its database is
 * down), so it is neither let through uncounted (the limits are the defence against card testing)
 * nor refused as over a limit it did not exceed: 503, nothing done, come back after Retry-After.
 */
function limiterDown(deps: Pick<Deps, 'log'>, err: unknown): never {
  deps.log.error('rate limiter unavailable', { error: err instanceof Error ? err.message : String(err) });
  throw new HttpError('rate_limit_service_unavailable').retryAfter(LIMITER_RETRY_AFTER_SECONDS);
}

/** Doc 1: on a 429, Retry-After is 1 to 60 seconds. */
export const retryAfterSeconds = (hit: Hit) => Math.min(60, Math.max(1, Math.ceil(hit.retryAfterMs / 1000)));

async function count(c: Context<AppEnv>, deps: Pick<Deps, 'limiter' | 'clock' | 'config' | 'log'>, limits: readonly Limit[], axes: Axis[], secret: boolean, id: (axis: Axis) => string) {
  const counted = c.get('rateLimits') ?? [];
  c.set('rateLimits', counted);
  const now = deps.clock.nowMs();
  for (const limit of limits) {
    const b = BUCKETS[limit.bucket];
    if (!axes.includes(b.axis) || !applies(limit, secret)) continue;
    const hit = await hitBucket(deps, limit.bucket, id(b.axis), now).catch((err: unknown) => limiterDown(deps, err));
    counted.push({ hit, axis: b.axis });
    if (!hit.allowed) {
      const err = new HttpError(b.axis === 'key' ? 'rate_limit_exceeded_per_key' : 'rate_limit_exceeded', `Rate limit ${limit.bucket} (${b.limit} per minute) exceeded.`);
      err.retryAfter(retryAfterSeconds(hit));
      Object.assign(err.headers, headersOf(counted));
      throw err;
    }
  }
}

/**
 * One hit on one bucket, for a route that answers a refusal in its own shape (client-error's
 * `{ ok: false, error }`): the hit, or null when rate limits are off.
 */
export async function take(deps: Pick<Deps, 'limiter' | 'clock' | 'config'>, bucket: Bucket, id: string): Promise<Hit | null> {
  return deps.config.rateLimits ? hitBucket(deps, bucket, id) : null;
}

/** Doc 3: with two buckets on one call, the headers describe the one with the least remaining. */
function headersOf(counted: RateLimitCount[]): Record<string, string> {
  const tightest = counted.reduce((a, b) => (b.hit.remaining < a.hit.remaining ? b : a));
  return {
    'X-RateLimit-Limit': String(tightest.hit.limit),
    'X-RateLimit-Remaining': String(tightest.hit.remaining),
    'X-RateLimit-Reset': String(Math.ceil(tightest.hit.resetMs / 1000)),
  };
}

/** The session a call is about: its path parameter, else the body's `sessionId` (`POST /v1/public/tokens`). */
export async function sessionOf(c: Context): Promise<string> {
  const param = c.req.param('sessionId');
  if (param) return param;
  try {
    const body: unknown = JSON.parse(await c.req.text());
    const id = body && typeof body === 'object' ? (body as { sessionId?: unknown }).sessionId : undefined;
    return typeof id === 'string' ? id.slice(0, 100) : '-';
  } catch {
    return '-';
  }
}

/** Per-IP buckets, before auth (a call refused at auth still counts there); also writes the headers of every bucket counted. */
export const limitBeforeAuth = (deps: Pick<Deps, 'limiter' | 'clock' | 'config' | 'log'>, limits: readonly Limit[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!deps.config.rateLimits) return next();
    await count(c, deps, limits, ['ip'], claimsSecretKey(c), () => clientIp(c));
    setHeaders(c);
    await next();
  });

/**
 * The checkout endpoints' per-session bucket (they take no key): counted after the origin check and
 * only for a session that exists, so calls about made-up ids use up nothing but their address's
 * bucket. `session` names the session the call is about (found by the caller).
 */
export async function limitSessionCall(c: Context<AppEnv>, deps: Pick<Deps, 'limiter' | 'clock' | 'config' | 'log'>, limits: readonly Limit[], session: string, axes: Axis[] = ['session']) {
  if (!deps.config.rateLimits) return;
  await count(c, deps, limits, axes, false, (axis) => (axis === 'ip' ? clientIp(c) : session));
  setHeaders(c);
}

/** Set before the handler (see request-id.ts); the per-key pass overwrites them with all buckets known. */
function setHeaders(c: Context<AppEnv>) {
  const counted = c.get('rateLimits') ?? [];
  if (counted.length) for (const [k, v] of Object.entries(headersOf(counted))) c.header(k, v);
}

/**
 * Per-key or per-session buckets (`axes`), after auth (the key is known and valid). A session's bucket
 * counts only calls that passed auth (Doc 3), under the key's merchant: calls with a bogus or another
 * merchant's key never use up a buyer's tries (issue 18, finding 3). guard.ts places the session
 * pass after the origin and shape checks too (issue 32, finding 4).
 */
export const limitAfterAuth = (deps: Pick<Deps, 'limiter' | 'clock' | 'config' | 'log'>, limits: readonly Limit[], axes: ('key' | 'session')[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!deps.config.rateLimits) return next();
    const auth = c.get('auth');
    const session = axes.includes('session') ? `${auth.merchant.id}:${await sessionOf(c)}` : '-';
    await count(c, deps, limits, axes, auth.keyType === 'secret', (axis) => (axis === 'key' ? auth.keyId : session));
    setHeaders(c);
    await next();
  });
