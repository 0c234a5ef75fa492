/**
 * An error the HTTP edge raises itself: a domain code plus what only HTTP knows (response headers,
 * and for the rare code the spec answers with another status, that status: Doc 2, a token PATCH
 * over 1 KiB is 413 `validation_error`). The engine never makes one.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type EnvelopeExtra, type ErrorCode } from '../domain/errors.ts';
import { httpStatus } from './error-status.ts';

export class HttpError extends DomainError {
  constructor(
    code: ErrorCode,
    message?: string,
    extra: EnvelopeExtra = {},
    readonly headers: Record<string, string> = {},
    readonly statusOverride?: ContentfulStatusCode,
  ) {
    super(code, message, extra);
  }
}

/** The status an error answers with: the code's own from the table, unless the edge chose another. */
export function statusOf(err: DomainError): ContentfulStatusCode {
  return (err instanceof HttpError && err.statusOverride) || httpStatus[err.code];
}

/** Response headers an error carries: `Retry-After` from its wait, plus any the edge added. */
export function headersOf(err: DomainError): Record<string, string> {
  const wait = err.extra.retryAfterSeconds;
  return {
    ...(typeof wait === 'number' ? { 'Retry-After': String(wait) } : {}),
    ...(err instanceof HttpError ? err.headers : {}),
  };
}
