/**
 * The maintenance write-freeze (Doc 1, Errors: `service_unavailable` "also during a maintenance
 * write-freeze with `Retry-After: 30`, where the write did not happen"). While it is on, every
 * write (POST, PUT, PATCH, DELETE) answers 503 `service_unavailable` with `Retry-After: 30` before
 * any layer that writes (rate-limit counters, Idempotency-Key reservations, the routes): nothing is
 * written, and the same request with the same key succeeds once the freeze is over. Reads (GET,
 * HEAD) keep answering, the health, discovery and contract routes with them.
 *
 * Inbound provider webhooks (`/api/webhooks/*`) are writes too and are refused: a provider retries
 * an event that is not acknowledged with a 2xx (the sandbox processor for three days of service
 * clock, as real providers do), so the event arrives after the freeze and nothing is lost.
 *
 * Only the sandbox control API (`/_sandbox/`) is left open: it is how a test or a QA engineer turns
 * the freeze off (`POST /_sandbox/write_freeze`). The operator's switch is SVCPAY_WRITE_FREEZE.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../context.ts';
import { DomainError } from '../domain/errors.ts';

/** Doc 1: the freeze's `Retry-After`. */
export const WRITE_FREEZE_RETRY_AFTER_SECONDS = 30;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function writeFreeze(freeze: Deps['writeFreeze']) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (freeze.on && WRITES.has(c.req.method) && !c.req.path.startsWith('/_sandbox/')) {
      throw new DomainError('service_unavailable', 'The service is in a maintenance write-freeze: this write was not made.', {
        fix: `Retry the same request, with the same Idempotency-Key, after Retry-After (${WRITE_FREEZE_RETRY_AFTER_SECONDS} seconds); reads keep answering meanwhile.`,
      }).retryAfter(WRITE_FREEZE_RETRY_AFTER_SECONDS);
    }
    await next();
  });
}
