/**
 * Outbox writes (ARCHITECTURE.md, data flow 4): an event row is written inside the transaction
 * of the state change it reports; delivery reads the outbox later.
 */
import type { Deps } from '../context.ts';
import { newId } from '../ids.ts';

export type EventType =
  | 'charge.succeeded'
  | 'charge.failed'
  | 'charge.refunded'
  | 'refund.failed'
  | 'mirror.order.created'
  | 'payment_intent.succeeded'
  | 'payment_intent.failed'
  | 'session.failed'
  | 'dispute.created'
  | 'dispute.won'
  | 'dispute.lost';

export function emit(
  deps: Pick<Deps, 'store' | 'clock'>,
  merchantId: string,
  livemode: boolean,
  type: EventType,
  data: Record<string, unknown>,
) {
  deps.store.events.insert({ id: newId.event(livemode), merchantId, livemode, type, created: deps.clock.unix(), data });
}
