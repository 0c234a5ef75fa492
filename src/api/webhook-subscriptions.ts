/** Webhook subscriptions and events (Doc 2; Doc 3 decisions: camelCase subscription object). */
import { z } from '@hono/zod-openapi';
import { eventTypes } from '../vocab/events.ts';

const EnabledEvents = z.array(z.enum(eventTypes)).min(1).max(eventTypes.length * 2).describe('Event types to receive; dispute.* and refund.failed reach every active subscription anyway');

export const CreateWebhookSubscriptionBody = z
  .strictObject({
    url: z.string().min(1).max(2048).describe('https (http and loopback in test mode only)'),
    enabledEvents: EnabledEvents,
    description: z.string().max(500).nullable().optional(),
    status: z.enum(['enabled', 'disabled']).optional(),
  })
  .openapi('CreateWebhookSubscriptionBody');

export const PatchWebhookSubscriptionBody = z
  .strictObject({
    url: z.string().max(2048).optional().describe('Cannot change: a different url is 400 webhook_subscription_url_immutable; the same url spelt another way (scheme or host case, the default port, an empty path for /) is the same url'),
    enabledEvents: EnabledEvents.optional(),
    description: z.string().max(500).nullable().optional(),
    status: z.enum(['enabled', 'disabled']).optional(),
  })
  .openapi('PatchWebhookSubscriptionBody');

export const WebhookSubscription = z
  .object({
    id: z.string(),
    url: z.string(),
    enabledEvents: z.array(z.string()),
    description: z.string().nullable(),
    status: z.enum(['enabled', 'disabled']),
    createdAt: z.string(),
    secret: z.string().optional().describe('The whsec_* signing secret: on create and rotate only'),
    previousSecretExpiresAt: z.string().optional().describe('On rotate: until then deliveries are signed with both secrets, new first'),
  })
  .openapi('WebhookSubscription');

export const WebhookSubscriptionList = z.object({ data: z.array(WebhookSubscription), has_more: z.boolean() }).openapi('WebhookSubscriptionList');

export const ListWebhookSubscriptionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  starting_after: z.string().min(1).max(100).optional(),
});

export const TestEventResult = z
  .object({ id: z.string(), type: z.string(), delivered: z.boolean(), status: z.number().int().describe("The receiver's HTTP status") })
  .openapi('WebhookTestEventResult');

export const WebhookEvent = z
  .object({
    id: z.string(),
    type: z.string(),
    created: z.number().int().describe('Unix seconds'),
    sequence: z
      .number()
      .int()
      .min(1)
      .describe(
        'Counts up in the order the service wrote its events: of two events of the same object (session, payment intent, refund), the larger sequence is the later. Gaps are normal; deliveries may arrive out of order, so compare, never count.',
      ),
    livemode: z.boolean(),
    merchant_id: z.string(),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        'The per-type payload (Document 2, Events). `charge.failed` and `payment_intent.failed` carry `network_decline_code`: the issuer\'s raw decline code as the processor passed it on (an ISO 8583 code such as `51`, or Braintree\'s processor response code such as `2001`), or null when the processor gave none (never card data)',
      ),
  })
  .openapi('WebhookEvent');
