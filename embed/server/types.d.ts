/** Public types of `svcpay/server`, shared by its source (index.ts) and its declarations (index.d.ts). */
import type { Client, FetchResponse } from 'openapi-fetch';
import type { components, operations, paths } from './openapi.js';

export type * from './openapi.js';
export type * from './control-types.js';

type CreateSession = operations['post_v1_sessions'];

/** `POST /v1/sessions`' body. */
export type CreateSessionBody = CreateSession['requestBody']['content']['application/json'];
/** A checkout session as `POST /v1/sessions` answers it (with `checkoutUrl`). */
export type CreatedSession = CreateSession['responses'][201]['content']['application/json'];
/** A checkout session as `GET /v1/sessions/{sessionId}` answers it. */
export type CheckoutSession = operations['get_v1_sessions_sessionId']['responses'][200]['content']['application/json'];
/** What `?dry_run=true` answers: the create was checked, nothing was made. */
export type SessionDryRun = Exclude<CreateSession['responses'][200]['content']['application/json'], CreatedSession>;
/** Every error's body (Doc 1, Errors): `code`, `error` (the message), `fix`, `docs` and `selfHeal`. */
export type SvcPayError = components['schemas']['ErrorEnvelope'];

/**
 * The contract's paths, with one change: `POST /v1/sessions` without `dry_run`, so its answer is
 * always a session (a replay is 200, a create 201). The dry run is `dryRunSession`.
 */
export type SvcPayPaths = Omit<paths, '/v1/sessions'> & {
  '/v1/sessions': Omit<paths['/v1/sessions'], 'post'> & {
    post: Omit<CreateSession, 'parameters' | 'responses'> & {
      parameters: Omit<CreateSession['parameters'], 'query'> & { query?: never };
      responses: Omit<CreateSession['responses'], 200> & {
        200: { headers: { [name: string]: unknown }; content: { 'application/json': CreatedSession } };
      };
    };
  };
};

export interface SvcPayClientOptions {
  /** The merchant's secret key (`vp_sk_test_…`, `vp_sk_live_…`); a publishable key is refused. */
  secretKey: string;
  /**
   * Where svcpay answers. When omitted, in Node: `SVCPAY_URL`, else `SVCPAY_PUBLIC_URL`, else
   * `http://localhost:$PORT`, the address `npm start` and `npx svcpay` use for the same environment;
   * http://localhost:4242 when none is set.
   */
  baseUrl?: string;
  /** Pins the API version (`Svc-Pay-Version`, e.g. `2026-04-14`) on every request, telemetry included. */
  apiVersion?: string;
  /**
   * How many times a call answered 429 or 5xx (or not answered) is sent again: 2 when omitted, 0 for
   * never. The wait is jittered exponential backoff from 0.5 s, at least `Retry-After`, at most 60 s.
   * A money-moving call (payment intent create, capture and void; refunds) that got a 5xx or no
   * answer is retried only when you gave it an `Idempotency-Key`, sent again verbatim; a 429 always is.
   */
  maxRetries?: number;
  /**
   * Reports what the SDK did (a retry, a refused redirect) to `POST /v1/sdk-telemetry`: method,
   * route template, status and delay, never a body, an id, a header or a key. On with a test key,
   * off with a live key when omitted.
   */
  telemetry?: boolean;
  /** A fetch of your own (tests, proxies); the global fetch when omitted. Telemetry goes through it too. */
  fetch?: typeof globalThis.fetch;
}

export interface DryRunInit {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * openapi-fetch's client over every route of the contract (`GET`, `POST`, `PATCH`, `DELETE`, …
 * answering `{ data, error, response }`), with the secret key sent on every request.
 */
export interface SvcPayClient extends Client<SvcPayPaths> {
  /** `POST /v1/sessions?dry_run=true`: checks a session create without making anything. */
  dryRunSession(body: CreateSessionBody, init?: DryRunInit): Promise<FetchResponse<{ responses: { 200: { content: { 'application/json': SessionDryRun } }; 400: { content: { 'application/json': SvcPayError } }; 422: { content: { 'application/json': SvcPayError } } } }, object, 'application/json'>>;
}
