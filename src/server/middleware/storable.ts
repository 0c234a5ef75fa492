/**
 * Text every store keeps as it was sent (issue 37). PostgreSQL's `text` refuses a NUL character
 * (the query fails, which was a 500), and an unpaired UTF-16 surrogate is not Unicode at all (a
 * driver writes it as U+FFFD, so what is read back is not what was sent). SQLite keeps both, so
 * the same call answered differently on the two backends. Here, once for every route of the
 * contract and before a store is asked anything, a call carrying such text is answered as it would
 * be on SQLite, in Document 1's terms:
 * - a path id: no stored id holds such text, so it names nothing: the route's own 404 (the first
 *   `*_not_found` code its contract lists), as for any id that does not exist;
 * - a value of a query parameter the route takes, or a JSON body string (or key): refused, 400
 *   `validation_error` naming the parameter or field; nothing is written. A parameter the route
 *   does not take is ignored, as it always was.
 * Headers cannot carry either: HTTP refuses a NUL in a header, and header values are bytes, read
 * as Latin-1, which PostgreSQL keeps. A call the route's own schemas refuse anyway is left to
 * them, so its answer does not change.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { DomainError, catalogue, type ErrorCode } from '../domain/errors.ts';
import { wellFormed, type RouteRequest } from './well-formed.ts';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with `s` for a store, or null when every store keeps it as sent. */
export function unstorable(s: string): string | null {
  if (s.includes('\u0000')) return 'a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(s)) return 'an unpaired surrogate (\\ud800 to \\udfff alone is not Unicode)';
  return null;
}

/**
 * The first string or key in a JSON value that a store cannot keep: its path and why. Walked with
 * a stack of its own, not by recursion: a body 20,000 arrays deep is taken apart without a stack
 * overflow (the fuzz sends one).
 */
export function firstUnstorable(value: unknown): { path: string; why: string } | null {
  // Each node links to its parent, so a deep body costs one step per value, and a path is spelt out only when found.
  type Node = { value: unknown; key: string | number | null; parent: Node | null };
  const at = (n: Node | null) => {
    const keys: (string | number)[] = [];
    for (let m = n; m && m.key !== null; m = m.parent) keys.unshift(m.key);
    return keys.join('.') || 'body';
  };
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      const why = unstorable(v);
      if (why) return { path: at(node), why };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (const [k] of entries) {
        const why = unstorable(k);
        // A key is named by where it is, not by itself: its text is what cannot be shown.
        if (why) return { path: `${at(node)} (a key)`, why };
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
    }
  }
  return null;
}

/**
 * The 404 a route answers for an id it does not know: the resource the id's path segment names
 * (`/v1/payment_intents/{id}/capture` is `payment_intent_not_found`), else the first not-found code
 * the route's contract lists, else `route_not_found`.
 */
export function notFoundCodeOf(path: string, param: string, errorCodes: readonly string[] | undefined): ErrorCode {
  const segments = path.split('/');
  const resource = segments[segments.indexOf(`{${param}}`) - 1]?.replace(/-/g, '_').replace(/s$/, '');
  const named = `${resource}_not_found`;
  if (resource && named in catalogue) return named as ErrorCode;
  const listed = errorCodes?.find((c) => c.endsWith('_not_found') && c !== 'route_not_found');
  return (listed ?? 'route_not_found') as ErrorCode;
}

/**
 * The guard of one route (router.ts adds it to every contract route, after the route's own
 * middleware: authentication and rate limits answer first, as they do for any id).
 */
export function storableInput(route: { path: string; request?: RouteRequest & { query?: unknown }; responses: object; 'x-error-codes'?: readonly string[] }): MiddlewareHandler<AppEnv> {
  const { path, request = {}, 'x-error-codes': errorCodes } = route;
  // A route that never answers 404 (the streams this server does not offer) reads no id.
  const readsIds = '404' in route.responses;
  // Only the parameters the route reads: one it does not take is ignored, and reaches no store.
  const queryNames = Object.keys((route.request?.query as { shape?: object } | undefined)?.shape ?? {});
  return async (c, next) => {
    for (const name of queryNames) {
      const why = (c.req.queries(name) ?? []).map(unstorable).find((w) => w !== null);
      if (why) throw new DomainError('validation_error', unkept({ path: `The query parameter ${name}`, why }));
    }
    const badId = readsIds ? Object.entries(c.req.param() as Record<string, string>).find(([, v]) => unstorable(v) !== null)?.[0] : undefined;
    const hasBody = request.body !== undefined && c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const badBody = hasBody ? firstUnstorable(await c.req.json().catch(() => undefined)) : null;
    // Only a call the route would otherwise take: its own validator answers any other as before.
    // Its schemas run here only for a call that holds such text, not a second time on every write.
    if ((!badId && !badBody) || !(await wellFormed(c, request))) return next();
    if (badId) throw new DomainError(notFoundCodeOf(path, badId, errorCodes));
    throw new DomainError('validation_error', unkept(badBody!));
  };
}

/**
 * The same rule on routes outside the contract (the sandbox control API): each route registered on
 * `r` gets the guard, answering an id it cannot hold with `notFound[path]` (its handler's own
 * not-found answer), else `route_not_found`, and a JSON body string it cannot hold with 400.
 */
export function guardingRoutes<R extends Hono<AppEnv>>(r: R, notFound: Readonly<Record<string, ErrorCode>> = {}): R {
  for (const method of ['get', 'post', 'patch', 'put', 'delete'] as const) {
    const register = r[method].bind(r) as unknown as (path: string, ...handlers: MiddlewareHandler<AppEnv>[]) => R;
    (r as unknown as Record<string, unknown>)[method] = (path: string, ...handlers: MiddlewareHandler<AppEnv>[]) => register(path, plainGuard(notFound[path] ?? 'route_not_found'), ...handlers);
  }
  return r;
}

const plainGuard =
  (notFound: ErrorCode): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (Object.values(c.req.param() as Record<string, string>).some((v) => unstorable(v) !== null)) throw new DomainError(notFound);
    // Read from a copy: these handlers read the request's own body themselves (validation.ts readJson).
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') refuseUnstorableBody(await c.req.raw.clone().json().catch(() => undefined));
    return next();
  };

/** What a refusal says: where the text is and what is wrong with it. */
export const unkept = (bad: { path: string; why: string }) => `${bad.path} contains ${bad.why}, which the service cannot store.`;

/** 400 `validation_error` naming the first string or key of `body` no store can keep. */
export function refuseUnstorableBody(body: unknown): void {
  const bad = firstUnstorable(body);
  if (bad) throw new DomainError('validation_error', unkept(bad));
}
