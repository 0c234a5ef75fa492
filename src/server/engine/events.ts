/**
 * Outbox writes (ARCHITECTURE.md, data flow 4): an event row is written inside the transaction
 * of the state change it reports, with one pending delivery per subscription that takes it;
 * delivery (webhooks/webhook-delivery.ts) reads the outbox later. The webhooks stand on this
 * file, never the reverse.
 */
import type { Clock } from '../clock.ts';
import { newId, randomChars } from '../ids.ts';
import type { EventRecord, Repos } from '../store/types.ts';
import type { EventType } from '../../vocab/events.ts';
import type { WebhookSubscriptionRecord } from '../domain/index.ts';

export type { EventType };

/** Writes the event and, in the same transaction, its deliveries to the subscriptions that take it. */
export async function emit(r: Repos, clock: Clock, merchantId: string, livemode: boolean, type: EventType, data: Record<string, unknown>) {
  const event = { id: newId.event(livemode), merchantId, livemode, type, created: clock.unix(), data };
  await r.events.insert(event);
  await fanOut(r, clock.iso(), event);
}

/** Doc 2: these reach every active subscription, selected or not. */
const ALWAYS: ReadonlySet<string> = new Set<EventType>(['dispute.created', 'dispute.won', 'dispute.lost', 'refund.failed']);
const wants = (s: WebhookSubscriptionRecord, type: string) => s.status === 'enabled' && (ALWAYS.has(type) || s.enabledEvents.includes(type));

/** Inside the event's transaction: one pending delivery per subscription that takes this event. */
async function fanOut(r: Repos, nowIso: string, e: EventRecord) {
  for (const s of await r.webhookDeliveries.activeSubscriptions({ merchantId: e.merchantId, livemode: e.livemode })) {
    if (!wants(s, e.type)) continue;
    await r.webhookDeliveries.insert({
      id: `dlv_${randomChars(24)}`,
      merchantId: e.merchantId,
      livemode: e.livemode,
      subscriptionId: s.id,
      eventId: e.id,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: nowIso,
      lastStatus: null,
      lastError: null,
      createdAt: nowIso,
      updatedAt: nowIso,
    });
  }
}
