/**
 * The two server-sent-event streams Doc 1 names but does not offer: both answer 503 to every
 * caller that passes the key check (keys are checked on every route, so a bad key is still 401).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../context.ts';
import { HttpError } from '../../middleware/http-error.ts';
import { ErrorEnvelope } from '../../../api/checkout.ts';
import { guard } from '../../middleware/guard.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { errorResponses, newRouter } from '../../router.ts';
import { security } from '../contract/security.ts';

/** Doc 1, Other merchant endpoints: `GET /v1/webhook_listen` says when to come back. */
const LISTEN_RETRY_AFTER_SECONDS = 5;
/** Where to look instead: a subscription, or `svcpay webhooks tail` (docs/qa.md, "CLI"). */
const LISTEN_FIX = 'This server never streams deliveries: do not retry. Subscribe an endpoint (POST /v1/webhook_subscriptions), or watch deliveries with `npx svcpay webhooks tail --secret-key <key>`.';
const retryAfter = { 'Retry-After': { schema: { type: 'integer' as const }, description: 'Doc 1 names it; a retry gets the same answer (see selfHeal.retryable)' } };

export function streamRoutes(deps: Deps) {
  const r = newRouter();

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/webhook_listen',
      summary: 'Webhook delivery transcripts as a server-sent-event stream (not offered: always 503 service_unavailable)',
      tags: ['webhooks'],
      security: security.secret,
      'x-error-codes': ['service_unavailable'],
      middleware: guard(deps, { key: 'secret', limits: LIMITS.webhookListen }),
      responses: {
        503: { content: { 'application/json': { schema: ErrorEnvelope } }, headers: retryAfter, description: 'Stream not offered, and never will be: `selfHeal.retryable` is false (`Retry-After` is there because Doc 1 says so); subscribe a webhook endpoint instead' },
        ...errorResponses(401, 403),
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
      summary: 'Payment status as a server-sent-event stream (not offered: always 503 with no body; confirm by webhook)',
      security: security.publishable,
      // The 503 has no body, so no code; only the key check answers with one.
      'x-error-codes': [],
      // Not in Doc 1's table: metered like the public session read it stands beside.
      middleware: guard(deps, { key: 'publishable', limits: LIMITS.publicSessionRead }),
      request: { params: z.object({ id: z.string().min(1).max(100) }) },
      responses: { 503: { description: 'Stream not offered; no body and no `X-Request-Id` (Doc 1, Errors)' }, ...errorResponses(401, 403) },
    }),
    (c) => {
      // Doc 1, Errors: a streaming 503 carries neither the envelope nor `X-Request-Id`.
      c.header('X-Request-Id', undefined);
      return c.body(null, 503);
    },
  );
  return r;
}
