/**
 * Outbox writes (ARCHITECTURE.md, data flow 4): an event row is written inside the transaction
 * of the state change it reports; delivery reads the outbox later.
 */
import type { Clock } from '../clock.ts';
import { newId } from '../ids.ts';
import type { Repos } from '../store/types.ts';
import type { EventType } from '../../vocab/events.ts';

export type { EventType };

export function emit(r: Repos, clock: Clock, merchantId: string, livemode: boolean, type: EventType, data: Record<string, unknown>) {
  return r.events.insert({ id: newId.event(livemode), merchantId, livemode, type, created: clock.unix(), data });
}
