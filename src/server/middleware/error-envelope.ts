/**
 * The one place a failure becomes the spec's envelope (Doc 1, Errors): ApiError as catalogued,
 * framework errors mapped to their codes, anything else a logged 500 `internal_error` that
 * names no internals.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../context.ts';
import { ApiError, envelope } from '../errors.ts';
import type { Logger } from '../log.ts';
import { API_VERSION } from './version.ts';

export function respond(c: Context<AppEnv>, err: ApiError, docsBase: string) {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  // Errors thrown before a middleware's `await next()` skip its after-part; set them here too.
  c.header('Svc-Pay-Version', API_VERSION);
  c.header('Svc-Pay-Latest-Version', API_VERSION);
  const id = c.get('requestId');
  if (id) c.header('X-Request-Id', id);
  return c.json(envelope(err, docsBase), err.status);
}

export const onError =
  (log: Logger, docsBase: string): ErrorHandler<AppEnv> =>
  (err, c) => {
    if (err instanceof ApiError) return respond(c, err, docsBase);
    if (err instanceof HTTPException) {
      if (err.status === 413) return respond(c, new ApiError('payload_too_large'), docsBase);
      if (err.status === 400) return respond(c, new ApiError('validation_error', 'The request body is not valid JSON.'), docsBase);
      if (err.status === 404) return respond(c, new ApiError('route_not_found'), docsBase);
      if (err.status === 415) return respond(c, new ApiError('unsupported_media_type'), docsBase);
      if (err.status < 500) return respond(c, new ApiError('validation_error', err.message || undefined), docsBase);
    }
    log.error('unhandled error', { requestId: c.get('requestId'), error: err instanceof Error ? err.stack ?? err.message : String(err) });
    return respond(c, new ApiError('internal_error'), docsBase);
  };

export const notFound =
  (docsBase: string): NotFoundHandler<AppEnv> =>
  (c) =>
    respond(c, new ApiError('route_not_found', `No endpoint ${c.req.method} ${new URL(c.req.url).pathname}.`), docsBase);
