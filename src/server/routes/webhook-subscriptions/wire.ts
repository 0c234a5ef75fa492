/** The wire shapes of this resource: domain records shaped as the spec spells them (STYLE.md, habit 7). */
import type { WebhookSubscriptionRecord } from '../../domain/index.ts';

export const toSubscription = (w: WebhookSubscriptionRecord, extra: { secret?: string; previousSecretExpiresAt?: string } = {}) => ({
  id: w.id,
  url: w.url,
  enabledEvents: w.enabledEvents,
  description: w.description,
  status: w.status,
  createdAt: w.createdAt,
  ...extra,
});
