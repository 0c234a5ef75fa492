/** Public types of `svcpay/server` (package.json "exports"). */
import type { SandboxControl, SandboxControlOptions, SandboxEventType, SvcPayClient, SvcPayClientOptions } from './types.js';

export type * from './types.js';

/** http://localhost:4242: where `npm start` and `npx svcpay` answer when no SVCPAY_URL, SVCPAY_PUBLIC_URL or PORT moves them. */
export declare const DEFAULT_BASE_URL: string;

/**
 * A typed client for svcpay's server API. Throws a TypeError, before any request, when
 * `secretKey` is missing, a publishable key or not a svcpay key, or `maxRetries` or `telemetry`
 * is not what they take. A call answered 429 or 5xx is retried (`maxRetries`); a call answered
 * with a redirect throws `UnexpectedRedirectError`.
 */
export declare function createSvcPayClient(options: SvcPayClientOptions): SvcPayClient;

/**
 * svcpay answered a call with a redirect (3xx), which the client neither follows (it would carry the
 * secret key elsewhere) nor retries (Doc 1, Errors: `unexpected_redirect`). Check `baseUrl`.
 */
export declare class UnexpectedRedirectError extends Error {
  readonly name: 'UnexpectedRedirectError';
  readonly code: 'unexpected_redirect';
  /** The 3xx status (0 when the runtime hides it). */
  readonly status: number;
  /** The `Location` the answer pointed at, when it said. */
  readonly location: string | null;
  /** The URL that was called. */
  readonly url: string;
  constructor(status: number, location: string | null, url: string);
}

/** A client of the sandbox control API (merchants, clock, provider events, faults, ledger, webhook deliveries). */
export declare function createSandboxControl(options: SandboxControlOptions): SandboxControl;

/** Seconds in a duration such as `90s`, `15m`, `2h`, `3d`, `1w` or `1h30m`; throws a RangeError otherwise. */
export declare function parseDuration(text: string): number;

/** Every provider event `control.events.trigger` accepts. */
export declare const sandboxEventTypes: readonly SandboxEventType[];

/** The server answered with its error envelope (Doc 1, Errors). */
export declare class SandboxControlError extends Error {
  readonly name: 'SandboxControlError';
  /** The HTTP status. */
  readonly status: number;
  /** The envelope's `code`; `http_<status>` when the answer was not an envelope. */
  readonly code: string;
  /** The envelope's `fix`, when it has one. */
  readonly fix?: string;
  /** `X-Request-Id`, for support. */
  readonly requestId?: string;
  constructor(status: number, code: string, message: string, fix?: string, requestId?: string);
}

/** No answer: the server is not running at `url`, or the connection failed. */
export declare class SandboxUnreachableError extends Error {
  readonly name: 'SandboxUnreachableError';
  /** The URL that did not answer. */
  readonly url: string;
  constructor(url: string, options?: { cause?: unknown });
}
