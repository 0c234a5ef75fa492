/**
 * Outbox writes (ARCHITECTURE.md, data flow 4): an event row is written inside the transaction
 * of the state change it reports; delivery reads the outbox later.
 */
import type { Clock } from '../clock.ts';
import { newId } from '../ids.ts';
import type { Repos } from '../store/types.ts';
import type { EventType } from '../../vocab/events.ts';
import { fanOut } from './webhooks/webhook-delivery.ts';

export type { EventType };

/** Writes the event and, in the same transaction, its deliveries to the subscriptions that take it. */
export async function emit(r: Repos, clock: Clock, merchantId: string, livemode: boolean, type: EventType, data: Record<string, unknown>) {
  const event = { id: newId.event(livemode), merchantId, livemode, type, created: clock.unix(), data };
  await r.events.insert(event);
  await fanOut(r, clock.iso(), event);
}
