/**
 * The two server-sent-event streams Doc 1 names but does not offer: both answer 503 "to every
 * caller" (Doc 1's rows), so no key is required and none is refused. A valid key of the route's
 * type still counts on the route's per-key bucket (Doc 1, Rate limits: `webhookListenSseConnections`,
 * 30 per key); the per-IP buckets count every call.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { auth, type KeyRequirement } from '../../middleware/auth.ts';
import { HttpError } from '../../middleware/http-error.ts';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { LIMITS, limitAfterAuth, limitBeforeAuth, type Limit } from '../../middleware/rate-limit.ts';
import { errorResponses, newRouter } from '../../router.ts';
import { security } from '../contract/security.ts';

/** Doc 1, Other merchant endpoints: `GET /v1/webhook_listen` says when to come back. */
const LISTEN_RETRY_AFTER_SECONDS = 5;
/** Where to look instead: a subscription, or `svcpay webhooks tail` (docs/qa.md, "CLI"). */
const LISTEN_FIX = 'This server never streams deliveries: do not retry. Subscribe an endpoint (POST /v1/webhook_subscriptions), or watch deliveries with `npx svcpay webhooks tail --secret-key <key>`.';
const retryAfter = { 'Retry-After': { schema: { type: 'integer' as const }, description: 'Doc 1 names it; a retry gets the same answer (see selfHeal.retryable)' } };

/** Per-IP buckets for every call; the per-key ones only for a valid key of type `key` (any other call goes on unrefused). */
function meterAnyCaller(deps: Deps, key: KeyRequirement, limits: readonly Limit[]): MiddlewareHandler<AppEnv>[] {
  const check = auth(deps, key);
  const perKey = limitAfterAuth(deps, limits, ['key']);
  const known = createMiddleware<AppEnv>(async (c, next) => {
    let valid = false;
    try {
      await check(c, async () => {
        valid = true;
      });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
    }
    return valid ? perKey(c, next) : next();
  });
  return [limitBeforeAuth(deps, limits), known];
}

export function streamRoutes(deps: Deps) {
  const r = newRouter();

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/webhook_listen',
      summary: 'Webhook delivery transcripts as a server-sent-event stream (not offered: always 503 service_unavailable, to every caller; a secret key sent is metered, 30 per minute)',
      description: 'Not offered by this server, and never will be: every caller, with a key or without, gets 503 `service_unavailable` with `selfHeal.retryable: false`. Subscribe an endpoint with `POST /v1/webhook_subscriptions` (or run `npx svcpay webhooks tail`) instead of retrying.',
      tags: ['webhooks'],
      security: security.none,
      'x-error-codes': ['service_unavailable', 'rate_limit_exceeded_per_key'],
      middleware: meterAnyCaller(deps, 'secret', LIMITS.webhookListen),
      responses: {
        503: { content: { 'application/json': { schema: ErrorEnvelope } }, headers: retryAfter, description: 'Stream not offered, and never will be: `selfHeal.retryable` is false (`Retry-After` is there because Doc 1 says so); subscribe a webhook endpoint instead' },
        ...errorResponses(429),
      },
    }),
    () => {
      // Doc 1 fixes the 503 and its Retry-After, but the stream never comes back: an envelope that
      // said "retryable" (the catalogue's word for service_unavailable) kept clients retrying forever.
      throw new HttpError('service_unavailable', 'Webhook delivery transcripts are not streamed by this server.', { fix: LISTEN_FIX, selfHeal: { retryable: false, nextAction: 'use_webhook_subscriptions' } }, { 'Retry-After': String(LISTEN_RETRY_AFTER_SECONDS) });
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/public/payment_intents/{id}/events',
      summary: 'Payment status as a server-sent-event stream (not offered: always 503 with no body, to every caller; confirm by webhook)',
      description: 'Not offered by this server: every caller gets 503 with no body, so a browser must not wait on it. Show the outcome `confirmPayment` resolved with, and let your server confirm it by webhook.',
      security: security.none,
      // The 503 has no body, so no code; only the rate limits answer with one.
      'x-error-codes': ['rate_limit_exceeded', 'rate_limit_exceeded_per_key'],
      // Not in Doc 1's table: metered like the public session read it stands beside.
      middleware: meterAnyCaller(deps, 'publishable', LIMITS.publicSessionRead),
      request: { params: z.object({ id: z.string().min(1).max(100) }) },
      responses: { 503: { description: 'Stream not offered; no body and no `X-Request-Id` (Doc 1, Errors)' }, ...errorResponses(429) },
    }),
    (c) => {
      // Doc 1, Errors: a streaming 503 carries neither the envelope nor `X-Request-Id`.
      c.header('X-Request-Id', undefined);
      return c.body(null, 503);
    },
  );
  return r;
}
