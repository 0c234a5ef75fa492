/**
 * Outbox writes (ARCHITECTURE.md, data flow 4): an event row is written inside the transaction
 * of the state change it reports; delivery reads the outbox later.
 */
import type { Deps } from '../context.ts';
import { newId } from '../ids.ts';
import type { EventType } from '../../vocab/events.ts';

export type { EventType };

export function emit(
  deps: Pick<Deps, 'store' | 'clock'>,
  merchantId: string,
  livemode: boolean,
  type: EventType,
  data: Record<string, unknown>,
) {
  deps.store.events.insert({ id: newId.event(livemode), merchantId, livemode, type, created: deps.clock.unix(), data });
}
