/**
 * Idempotency as one layer for every keyed POST (Doc 1, Idempotency 1-5):
 * - the reservation is committed before the route does any asynchronous work, so of concurrent
 *   requests with one key exactly one runs; the others get 409 `charge_already_in_flight` while
 *   it runs, and its stored answer (201 becomes 200) once it is done;
 * - the body fingerprint is canonical (key order inside objects does not matter), leaves out the
 *   fields the route ignores (router.ts) and covers the method and path, so a key reused for
 *   anything else is 422 `idempotency_replay_incompatible`;
 * - keys are scoped by merchant, mode and key type: a publishable-key caller in a browser cannot
 *   claim a key the merchant's server later sends with its secret key;
 * - the reservation id is the service's own, handed to the route (`c.var.idempotency.id`);
 * - a reservation a crash left behind is taken over after LOCK_MS, and rows are pruned after 24
 *   hours of service clock (`pruneIdempotency`, run by the scheduler).
 * Only a 2xx answer is stored (and `payment_outcome_unknown`, below): a refused request changed
 * nothing, so its key stays free.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps, IdempotencyHandle } from '../context.ts';
import { DomainError } from '../domain/errors.ts';
import { randomChars } from '../ids.ts';
import { reservationFailed } from '../engine/idempotency.ts';
import type { IdemScope } from '../store/types.ts';
import { withoutFields } from '../validation.ts';

export type { IdempotencyHandle };

/** A request still running after this long is taken to have died with its process. */
export const LOCK_MS = 120_000;
/** Doc 1: keys are kept for 24 hours. */
export const KEEP_MS = 24 * 3600 * 1000;


/** JSON with object keys sorted at every depth: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

async function fingerprint(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  url.searchParams.sort();
  const text = await c.req.text();
  let body = text;
  try {
    // The fields the route ignores (Doc 1: a body's `sandbox` or `mode`) are no part of the request.
    if (text.trim() !== '') body = canonicalJson(withoutFields(JSON.parse(text), c.get('ignoredBodyFields') ?? []));
  } catch {
    // Not JSON: the route refuses it anyway; the raw text still tells two bodies apart.
  }
  return createHash('sha256').update(`${c.req.method} ${url.pathname}${url.search}\n${body}`).digest('hex');
}

type Seen = { kind: 'new' } | { kind: 'mismatch' } | { kind: 'in_flight'; lockedUntil: number } | { kind: 'replay'; status: number | null; body: string };

/**
 * A route's own replay: given the stored answer, the answer a replay gives now (refunds answer
 * their record's current state, Doc 2: "status is whatever the original reached"); undefined
 * falls back to the stored answer. `status` is null when the engine kept its outcome (domain
 * data, engine/idempotency.ts) rather than an HTTP answer: only the route can render that.
 */
export type ReplayAnswer = (c: Context<AppEnv>, stored: { status: number | null; body: string }) => Promise<Response | undefined>;

/**
 * The replay of a route whose engine call keeps its outcome: the outcome, rendered as the first
 * answer was (`replayed` tells the route to mark it as a replay, Doc 1 Idempotency 2). An answer
 * stored by this layer (with a status) is left to the stored-answer path.
 */
export const replayKept =
  <T>(render: (c: Context<AppEnv>, outcome: T) => Response | Promise<Response>): ReplayAnswer =>
  async (c, stored) =>
    stored.status === null ? render(c, JSON.parse(stored.body) as T) : undefined;

export const idempotency = (deps: Pick<Deps, 'store' | 'clock' | 'log'>, opts: { markReplay?: boolean; replay?: ReplayAnswer; charges?: boolean } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('idempotency-key');
    const auth = c.get('auth');
    if (c.req.method !== 'POST' || key === undefined || !auth) return next();
    if (key.length === 0 || key.length > 255) throw new DomainError('validation_error', 'Idempotency-Key must be 1 to 255 characters.');

    const scope: IdemScope = { merchantId: auth.merchant.id, livemode: auth.livemode, keyType: auth.keyType, key };
    const fp = await fingerprint(c);
    const id = `idr_${randomChars(24)}`;
    const nowMs = deps.clock.nowMs();
    const seen: Seen = await deps.store.tx<Seen>(async (r) => {
      const row = await r.idempotency.get(scope);
      const live = row && Date.parse(row.createdAt) > nowMs - KEEP_MS;
      if (row && live) {
        if (row.fingerprint !== fp) return { kind: 'mismatch' };
        if (row.state === 'done') return { kind: 'replay', status: row.statusCode, body: row.response ?? 'null' };
        if (row.lockedUntil > nowMs) return { kind: 'in_flight', lockedUntil: row.lockedUntil };
      }
      await r.idempotency.reserve(scope, { id, fingerprint: fp, lockedUntil: nowMs + LOCK_MS, createdAt: new Date(nowMs).toISOString() });
      return { kind: 'new' };
    }).catch((err: unknown) =>
      // Doc 1, Idempotency 6: nothing ran; on a route that creates payments the charge's own code.
      opts.charges ? reservationFailed(deps, err, 'charge_reservation_unavailable') : reservationFailed(deps, err, 'service_unavailable', 'The request could not be reserved under its Idempotency-Key; nothing was done.'),
    );

    if (seen.kind === 'mismatch') {
      throw new DomainError('idempotency_replay_incompatible', 'This Idempotency-Key was already used for a different request (another body, path or method).');
    }
    if (seen.kind === 'in_flight') {
      throw new DomainError('charge_already_in_flight', 'A request with this Idempotency-Key is still running; retry with the same key.').retryAfter(1);
    }
    if (seen.kind === 'replay') {
      const own = opts.replay && (await opts.replay(c, { status: seen.status, body: seen.body }));
      if (own) {
        // On the answer itself: the route has already made it.
        own.headers.set('Idempotent-Replayed', 'true');
        return own;
      }
      if (seen.status === null) throw new Error('an outcome kept by the engine reached a route without replayKept');
      // Doc 1, Idempotency 2: the original create is 201, a replay 200.
      const status = seen.status === 201 ? 200 : seen.status;
      let body = seen.body;
      if (opts.markReplay) body = JSON.stringify({ ...(JSON.parse(body) as object), idempotent: true });
      c.header('Content-Type', 'application/json');
      c.header('Idempotent-Replayed', 'true');
      return c.body(body, status as ContentfulStatusCode);
    }

    c.set('idempotency', { id, scope, fingerprint: fp });
    await next();
    const res = c.res;
    if ((res.status >= 200 && res.status < 300) || (res.status === 502 && (await keepsKey(res)))) {
      const text = await res.clone().text();
      const stored = await deps.store.tx(async (r) => {
        // The engine kept its outcome under this reservation with what it wrote: that is the answer.
        const row = await r.idempotency.get(scope);
        if (row?.id === id && row.state === 'done') return true;
        return r.idempotency.complete(scope, id, res.status, text);
      });
      if (!stored) deps.log.warn('idempotency reservation lost before completion', { reservation: id });
    } else {
      await deps.store.tx((r) => r.idempotency.release(scope, id));
    }
  });

/**
 * Doc 2: `payment_outcome_unknown` means the processor was reached and money may have moved. Its
 * key stays bound to that answer, so a retry reads it again instead of charging a second time.
 */
async function keepsKey(res: Response): Promise<boolean> {
  try {
    return (JSON.parse(await res.clone().text()) as { code?: unknown }).code === 'payment_outcome_unknown';
  } catch {
    return false;
  }
}

/** The scheduler's pruning of keys older than 24 hours of service clock. */
export const pruneIdempotency = (deps: Pick<Deps, 'store' | 'clock'>) =>
  deps.store.tx((r) => r.idempotency.prune(new Date(deps.clock.nowMs() - KEEP_MS).toISOString()));
