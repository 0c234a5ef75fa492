/**
 * The one place a failure becomes the spec's envelope (Doc 1, Errors): a DomainError as catalogued,
 * framework errors mapped to their codes, anything else a logged 500 `internal_error` that
 * names no internals.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../context.ts';
import { catalogue, DomainError } from '../domain/errors.ts';
import type { Logger } from '../log.ts';
import { ProcessorUnavailableError } from '../processors/types.ts';
import { headersOf, statusOf } from './http-error.ts';
import { API_VERSION } from './version.ts';

/** What one failure may say instead of its catalogue entry (an edge that knows better, e.g. a route never offered). */
export interface SelfHealOverride {
  retryable?: boolean;
  nextAction?: string;
}

export function envelope(err: DomainError, docsBase: string) {
  const e = catalogue[err.code];
  const { selfHeal: heal, ...extra } = err.extra as { selfHeal?: SelfHealOverride } & Record<string, unknown>;
  const wait = extra.retryAfterSeconds;
  const fix = typeof extra.fix === 'string' ? extra.fix : e.fix;
  return {
    error: err.message,
    code: err.code,
    fix,
    docs: `${docsBase}/docs/errors#${err.code}`,
    selfHeal: {
      retryable: heal?.retryable ?? e.retryable ?? false,
      nextAction: heal?.nextAction ?? e.nextAction ?? 'fix_request',
      llmHint: `${err.code}: ${e.message} ${fix}`,
      ...(typeof wait === 'number' ? { actions: [{ type: 'retry_after', retryAfterSeconds: wait }] } : {}),
    },
    ...extra,
  };
}

export function respond(c: Context<AppEnv>, err: DomainError, docsBase: string) {
  for (const [k, v] of Object.entries(headersOf(err))) c.header(k, v);
  // Errors thrown before a middleware's `await next()` skip its after-part; set them here too.
  c.header('Svc-Pay-Version', API_VERSION);
  c.header('Svc-Pay-Latest-Version', API_VERSION);
  const id = c.get('requestId');
  if (id) c.header('X-Request-Id', id);
  return c.json(envelope(err, docsBase), statusOf(err));
}

export const onError =
  (log: Logger, docsBase: string): ErrorHandler<AppEnv> =>
  (err, c) => {
    if (err instanceof DomainError) return respond(c, err, docsBase);
    // A route that reaches a processor and does not say what its silence means (the control
    // API's switchboard, ledger and clock): the processor did not answer, which is no 500.
    if (err instanceof ProcessorUnavailableError) return respond(c, new DomainError('provider_unavailable', 'The processor did not answer in time; try again shortly.'), docsBase);
    if (err instanceof HTTPException) {
      if (err.status === 413) return respond(c, new DomainError('payload_too_large'), docsBase);
      if (err.status === 400) return respond(c, new DomainError('validation_error', 'The request body is not valid JSON.'), docsBase);
      if (err.status === 404) return respond(c, new DomainError('route_not_found'), docsBase);
      if (err.status === 415) return respond(c, new DomainError('unsupported_media_type'), docsBase);
      if (err.status < 500) return respond(c, new DomainError('validation_error', err.message || undefined), docsBase);
    }
    log.error('unhandled error', { requestId: c.get('requestId'), error: err instanceof Error ? err.stack ?? err.message : String(err) });
    return respond(c, new DomainError('internal_error'), docsBase);
  };

export const notFound =
  (docsBase: string): NotFoundHandler<AppEnv> =>
  (c) =>
    respond(c, new DomainError('route_not_found', `No endpoint ${c.req.method} ${new URL(c.req.url).pathname}.`), docsBase);
