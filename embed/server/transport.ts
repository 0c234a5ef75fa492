/**
 * How `svcpay/server` sends one call (Doc 1, Rate limits: "Server SDKs retry 429 and 5xx (default 2
 * retries, delay capped at 60 seconds, honouring `Retry-After`); on money-moving calls an ambiguous
 * 5xx or timeout is retried only if an idempotency key was supplied; a 429 is retried either way";
 * Errors: `unexpected_redirect`; issue 35).
 *
 * - A 429, a 5xx or a failed connection is sent again, the same request with the same headers (an
 *   `Idempotency-Key` verbatim, Doc 1 Idempotency 4), at most `maxRetries` times.
 * - A money-moving call (creating, capturing or voiding a payment intent, a refund, a charge or a
 *   complete) that got a 5xx or no answer is sent again only when the caller gave it an
 *   `Idempotency-Key`: without one a retry could charge twice. The SDK never makes a key up (Doc 1,
 *   Idempotency 8: keys come from the merchant's server, stable for the operation).
 * - The wait is jittered exponential backoff (0.5 s, 1 s, 2 s … each 50 to 100 % of that), never
 *   less than `Retry-After`, never more than 60 s; an answer asking for more than 60 s is returned
 *   as it is rather than retried early.
 * - A 3xx is never followed (it would carry the secret key to another address) nor retried: the call
 *   throws `UnexpectedRedirectError` (`code: 'unexpected_redirect'`), which says to check `baseUrl`.
 * - The caller's `signal` ends the waiting too; an aborted call is not retried.
 * Each retry and each refused redirect is reported to telemetry (./telemetry.ts).
 */
import type { TelemetryReport } from './telemetry.ts';

export const DEFAULT_MAX_RETRIES = 2;
export const BASE_DELAY_MS = 500;
export const MAX_DELAY_MS = 60_000;

/** Waiting, randomness and the clock, replaceable so tests need no real time. */
export interface TransportHooks {
  /** Waits `ms`; rejects with the signal's reason when it aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1): the jitter. */
  random?: () => number;
  /** Milliseconds since the epoch: reads a `Retry-After` that is an HTTP date. */
  now?: () => number;
}

export interface TransportOptions extends TransportHooks {
  fetch: (input: Request, init?: RequestInit) => Promise<Response>;
  maxRetries: number;
  /** The route template a request was made for (`/v1/payment_intents/{id}/capture`). */
  routeOf: (request: Request) => string;
  report: TelemetryReport;
}

/** svcpay answered with a redirect, which the SDK neither follows nor retries (Doc 1, Errors). */
export class UnexpectedRedirectError extends Error {
  override readonly name = 'UnexpectedRedirectError';
  readonly code = 'unexpected_redirect' as const;
  constructor(
    /** The 3xx status (0 when the runtime hides it, as browsers do). */
    readonly status: number,
    /** The `Location` the answer pointed at, when it said. */
    readonly location: string | null,
    /** The URL that was called. */
    readonly url: string,
  ) {
    super(
      `svcpay answered ${url} with a redirect (HTTP ${status}${location ? ` to ${location}` : ''}), which the SDK does not follow: ` +
        'check `baseUrl` (scheme, host, port and no trailing path the server does not serve).',
    );
  }
}

const MONEY_ROUTE = /^\/v1\/(payment_intents(\/[^/]+\/(capture|void))?|refunds|public\/sessions\/[^/]+\/(charge|complete))$|^\/api\/checkout\/complete$/;

/** Whether a call can move money: a retry after an ambiguous answer could then move it twice. */
export function movesMoney(method: string, route: string): boolean {
  return method.toUpperCase() === 'POST' && MONEY_ROUTE.test(route);
}

/** `Retry-After` in milliseconds (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The jittered backoff before retry number `retry` (0 for the first). */
export function backoffMs(retry: number, random: () => number): number {
  return Math.round(Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** retry) * (0.5 + random() / 2));
}

/** How long to wait before sending again, or null when this answer is final. */
export function retryDelay(
  answer: { status: number | null; retryAfter: string | null },
  call: { money: boolean; keyed: boolean; retry: number; maxRetries: number },
  hooks: { random: () => number; now: () => number },
): number | null {
  if (call.retry >= call.maxRetries) return null;
  const { status } = answer;
  const ambiguous = status === null || status >= 500;
  if (status !== 429 && !ambiguous) return null;
  if (ambiguous && call.money && !call.keyed) return null;
  const asked = retryAfterMs(answer.retryAfter, hooks.now());
  if (asked !== null && asked > MAX_DELAY_MS) return null;
  return Math.min(MAX_DELAY_MS, Math.max(asked ?? 0, backoffMs(call.retry, hooks.random)));
}

export function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

/** A fetch that retries as Doc 1 says and refuses redirects; openapi-fetch sends every call through it. */
export function retryingFetch(options: TransportOptions) {
  const { fetch, maxRetries, routeOf, report } = options;
  const sleep = options.sleep ?? sleepFor;
  const hooks = { random: options.random ?? Math.random, now: options.now ?? Date.now };
  return async (request: Request, init?: RequestInit): Promise<Response> => {
    const route = routeOf(request);
    const call = { money: movesMoney(request.method, route), keyed: request.headers.has('Idempotency-Key'), maxRetries };
    for (let retry = 0; ; retry++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await fetch(request.clone(), init);
      } catch (err) {
        if (request.signal.aborted) throw err;
        failure = err;
      }
      if (response && isRedirect(response)) {
        void response.body?.cancel().catch(() => {});
        report('request.unexpected_redirect', { method: request.method, route, status: response.status });
        throw new UnexpectedRedirectError(response.status, response.headers.get('Location'), request.url);
      }
      const status = response ? response.status : null;
      const delay = retryDelay({ status, retryAfter: response?.headers.get('Retry-After') ?? null }, { ...call, retry }, hooks);
      if (delay === null) {
        if (response) return response;
        throw failure;
      }
      void response?.body?.cancel().catch(() => {});
      report('request.retried', { method: request.method, route, status, retry: retry + 1, delay_ms: delay });
      await sleep(delay, request.signal);
    }
  };
}
