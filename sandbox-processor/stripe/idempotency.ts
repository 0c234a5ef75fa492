/**
 * Stripe's idempotent requests on the stand-in (issue 34; Stripe's API reference, "Idempotent
 * requests"), for every POST of its server API, as one middleware in front of the routes:
 * - the first answer to an `Idempotency-Key` of an account (`Stripe-Account`) is kept, status and
 *   body, 5xx included, and a retry with that key gets it again (`Idempotent-Replayed: true`)
 *   without acting, for 24 hours of the stand-in's clock; a key older than that is new again;
 * - the key reused on another endpoint, or with other parameters, is a 400 `idempotency_error`;
 * - a retry arriving while the first is still executing is a 409 `idempotency_key_in_use`
 *   (`invalid_request_error`), which the `stripe` SDK retries by itself;
 * - only requests that began executing are kept: a parameter refused before the endpoint runs
 *   (a StripeRefusal marked `beforeExecution`), a key longer than 255 characters, or the fault
 *   switchboard's `down` at the door before this middleware, leaves the key unused.
 * Without it a capture whose answer was lost, retried by the SDK with the same key, was told "it
 * has a status of succeeded", and the service recorded nothing for money that had moved.
 */
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../store/db.ts';
import { parseStripeForm } from './form.ts';
import { StripeRefusal } from './intent-ops.ts';
import { stripeError } from './objects.ts';

/** How long Stripe keeps a key's answer, and how long a key may be. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

interface Kept {
  method: string;
  path: string;
  /** The request's parameters, read from its form and written in one order. */
  params: string;
  status: number;
  body: string;
}

type Row = Kept & { created_at: string };

export function idempotencyRepo(db: Db) {
  const get = db.prepare<[string, string, string], Row>('SELECT * FROM stripe_idempotency WHERE merchant_id = ? AND idempotency_key = ? AND created_at > ?');
  const put = db.prepare(
    'INSERT OR REPLACE INTO stripe_idempotency (merchant_id, idempotency_key, method, path, params, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const prune = db.prepare<[string]>('DELETE FROM stripe_idempotency WHERE created_at <= ?');
  const cutoff = (now: Date) => new Date(now.getTime() - KEY_LIFETIME_MS).toISOString();
  return {
    /** The answer kept for the key, unless it is older than a key lives. */
    get: (account: string, key: string, now: Date): Kept | undefined => get.get(account, key, cutoff(now)),
    keep(account: string, key: string, kept: Kept, now: Date) {
      prune.run(cutoff(now));
      put.run(account, key, kept.method, kept.path, kept.params, kept.status, kept.body, now.toISOString());
    },
  };
}
export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>;

/** A form's parameters in one order, so that two encodings of the same request compare equal. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, x]) => [k, canonical(x)]));
}

const retryWithAnotherKey = (key: string) => `Try using a key other than '${key}' if you meant to execute a different request.`;

export function stripeIdempotency<E extends { Variables: { account: string } }>(repo: IdempotencyRepo, now: () => Date): MiddlewareHandler<E> {
  /** The keys of requests executing now, per account. */
  const executing = new Set<string>();
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || !key) return next();
    if (key.length > MAX_KEY_LENGTH) return c.json(stripeError('invalid_request_error', `Idempotency keys are up to ${MAX_KEY_LENGTH} characters long; this one has ${key.length}.`), 400);
    const account = c.get('account');
    const slot = JSON.stringify([account, key]);
    const request = { method: c.req.method, path: new URL(c.req.url).pathname, params: JSON.stringify(canonical(parseStripeForm(await c.req.text()))) };
    if (executing.has(slot)) {
      const message = `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`;
      return c.json(stripeError('invalid_request_error', message, { code: 'idempotency_key_in_use' }), 409);
    }
    const kept = repo.get(account, key, now());
    if (kept) {
      if (kept.method !== request.method || kept.path !== request.path) {
        const message = `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${kept.method} ${kept.path}' vs '${request.method} ${request.path}'). ${retryWithAnotherKey(key)}`;
        return c.json(stripeError('idempotency_error', message), 400);
      }
      if (kept.params !== request.params) {
        return c.json(stripeError('idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. ${retryWithAnotherKey(key)}`), 400);
      }
      return new Response(kept.body, { status: kept.status, headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' } });
    }
    executing.add(slot);
    try {
      await next();
      if (c.error instanceof StripeRefusal && c.error.beforeExecution) return;
      repo.keep(account, key, { ...request, status: c.res.status, body: await c.res.clone().text() }, now());
    } finally {
      executing.delete(slot);
    }
  };
}
