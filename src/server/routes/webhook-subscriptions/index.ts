/**
 * Webhook subscriptions and events (Doc 2, "Webhook subscriptions and events"), secret key only.
 * Writes count on Doc 1's `webhook_subscription_writes` bucket, reads on the payment-ops buckets.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateWebhookSubscriptionBody,
  ListWebhookSubscriptionsQuery,
  PatchWebhookSubscriptionBody,
  TestEventResult,
  WebhookEvent,
  WebhookSubscription,
  WebhookSubscriptionList,
} from '../../../api/webhook-subscriptions.ts';
import type { Deps } from '../../context.ts';
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  patchSubscription,
  readEvent,
  readSubscription,
  rotateSecret,
  sendTestEvent, type CreatedSubscription } from '../../engine/webhooks/webhook-subscriptions.ts';
import { envelopeFields } from '../../engine/webhooks/webhook-delivery.ts';
import { guard } from '../../middleware/guard.ts';
import { replayKept } from '../../middleware/idempotency.ts';
import { LIMITS } from '../../middleware/rate-limit.ts';
import { ErrorEnvelope } from '../../../api/errors.ts';
import { body, errorResponses, json, newRouter } from '../../router.ts';
import { toSubscription } from './wire.ts';

const IdParam = z.object({ id: z.string().min(1).max(100) });
const LIMIT_CODES = ['rate_limit_exceeded', 'rate_limit_exceeded_per_key'];
/** Reads are metered per key only (publicWebhookRead). */
const READ_LIMIT_CODES = ['rate_limit_exceeded_per_key'];

export function webhookSubscriptionRoutes(deps: Deps) {
  const r = newRouter();
  // A replayed create answers the subscription it kept, with its secret, 200 (Doc 1, Idempotency 2).
  const write = guard(deps, { key: 'secret', limits: LIMITS.webhookWrite, replay: replayKept<CreatedSubscription>((c, o) => c.json(toSubscription(o.record, { secret: o.secret }), 200)) });
  // Doc 1, Rate limits: reads have their own bucket, publicWebhookRead (100 per key), apart from payment ops.
  const read = guard(deps, { key: 'secret', limits: LIMITS.webhookRead });

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/webhook_subscriptions',
      summary: 'Subscribe a URL to events; the whsec_* signing secret is in this answer only',
      description: 'Store the `secret` from this answer: it is never shown again (rotate to get a new one). One subscription per URL and mode (a second is 409 `webhook_subscription_conflict`); a live subscription needs `https` on a public host, and addresses inside the network or of this service are refused.',
      'x-error-codes': ['validation_error', 'validation_unknown_field', 'validation_missing_field', 'validation_url_scheme_forbidden', 'webhook_subscription_conflict', ...LIMIT_CODES],
      middleware: write,
      request: body(CreateWebhookSubscriptionBody),
      responses: { 201: json(WebhookSubscription, 'Created'), 200: json(WebhookSubscription, 'An idempotent replay'), ...errorResponses(400, 401, 403, 409, 429) },
    }),
    async (c) => {
      const idem = c.get('idempotency');
      const { record, secret } = await createSubscription(deps, c.get('auth'), c.req.valid('json'), idem);
      return c.json(toSubscription(record, { secret }), 201);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/webhook_subscriptions',
      summary: 'List webhook subscriptions, newest first',
      description: 'Lists the subscriptions of this mode as `{ data, has_more }`, newest first; page with `starting_after`. Secrets are never listed.',
      'x-error-codes': ['validation_error', ...READ_LIMIT_CODES],
      middleware: read,
      request: { query: ListWebhookSubscriptionsQuery },
      responses: { 200: json(WebhookSubscriptionList), ...errorResponses(400, 401, 403, 429) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const page = await listSubscriptions(deps, c.get('auth'), { limit: q.limit, startingAfter: q.starting_after });
      return c.json({ data: page.data.map((w) => toSubscription(w)), has_more: page.hasMore }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/webhook_subscriptions/{id}',
      summary: 'Read a webhook subscription (never its secret)',
      description: 'Reads one subscription: its URL, `enabledEvents`, `description` and `status`. The signing secret is never read back.',
      'x-error-codes': ['webhook_subscription_not_found', ...READ_LIMIT_CODES],
      middleware: read,
      request: { params: IdParam },
      responses: { 200: json(WebhookSubscription), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => c.json(toSubscription(await readSubscription(deps, c.get('auth'), c.req.valid('param').id)), 200),
  );

  r.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/webhook_subscriptions/{id}',
      summary: 'Change enabledEvents, description or status; the url cannot change',
      description: 'Changes `enabledEvents`, `description` or `status` (set `disabled` to pause deliveries). The URL is fixed: a different one is 400 `webhook_subscription_url_immutable`; subscribe the new URL and delete the old subscription instead.',
      'x-error-codes': ['validation_error', 'validation_unknown_field', 'webhook_subscription_not_found', 'webhook_subscription_url_immutable', ...LIMIT_CODES],
      middleware: write,
      request: { params: IdParam, ...body(PatchWebhookSubscriptionBody) },
      responses: { 200: json(WebhookSubscription), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => c.json(toSubscription(await patchSubscription(deps, c.get('auth'), c.req.valid('param').id, c.req.valid('json'))), 200),
  );

  r.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/webhook_subscriptions/{id}',
      summary: 'Delete a webhook subscription; its URL can be subscribed again',
      description: "Stops deliveries to that URL for good and frees it to be subscribed again. Another merchant's or mode's subscription is 404.",
      'x-error-codes': ['webhook_subscription_not_found', ...LIMIT_CODES],
      middleware: write,
      request: { params: IdParam },
      responses: { 200: json(z.object({ id: z.string(), deleted: z.literal(true) }), 'Deleted'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const w = await deleteSubscription(deps, c.get('auth'), c.req.valid('param').id);
      return c.json({ id: w.id, deleted: true as const }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/webhook_subscriptions/{id}/rotate_signing_secret',
      summary: 'Make a new whsec_* secret; for 24 hours deliveries are signed with both, new first',
      description: "Answers the new `whsec_*` secret once. For 24 hours every delivery carries two `v1=` signatures, the new secret's first, so deploy the new secret to your receiver within that day.",
      'x-error-codes': ['webhook_subscription_not_found', ...LIMIT_CODES],
      middleware: write,
      request: { params: IdParam },
      responses: { 200: json(WebhookSubscription), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const { record, secret } = await rotateSecret(deps, c.get('auth'), c.req.valid('param').id);
      return c.json(toSubscription(record, { secret, previousSecretExpiresAt: record.previousExpiresAt! }), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/v1/webhook_subscriptions/{id}/send_test_event',
      summary: 'Send a signed test_event: true event now; 502 webhook_test_delivery_failed unless the URL answers 2xx within 10 s',
      description: "Checks that your receiver is reachable and verifies signatures: the event carries `test_event: true` and is not stored among the account's events. Any answer but a 2xx within 10 seconds is 502 `webhook_test_delivery_failed`; look at your receiver's own log for why.",
      'x-error-codes': ['webhook_subscription_not_found', 'webhook_test_delivery_failed', ...LIMIT_CODES],
      middleware: write,
      request: { params: IdParam },
      responses: { 200: json(TestEventResult), ...errorResponses(401, 403, 404, 429), 502: json(ErrorEnvelope, 'webhook_test_delivery_failed: the URL did not answer 2xx') },
    }),
    async (c) => c.json(await sendTestEvent(deps, c.get('auth'), c.req.valid('param').id), 200),
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/v1/webhook_events/{id}',
      summary: 'Read one event as webhooks deliver it',
      description: 'Reads the envelope a delivery carried (`{ id, type, created, livemode, merchant_id, data }`), for example to re-read an event your receiver missed or to confirm one before acting on it.',
      'x-error-codes': ['webhook_event_not_found', ...READ_LIMIT_CODES],
      middleware: read,
      request: { params: IdParam },
      responses: { 200: json(WebhookEvent), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const e = await readEvent(deps, c.get('auth'), c.req.valid('param').id);
      return c.json(envelopeFields(e), 200);
    },
  );
  return r;
}
