/**
 * Inbound provider events (Doc 3, Webhooks): a verified event is kept before the provider hears
 * 200, then applied after the answer, once per provider event id.
 *
 * - `receive` writes the row (or finds it: a provider retries an event it thinks was lost, with
 *   the same id) in one transaction, so an acknowledged event survives a crash.
 * - `drainInbound` applies every pending event in arrival order through `applyProviderEvent`.
 *   Passes run one at a time per store, and each event is leased while it is applied, so the
 *   route's kick, the scheduler and `/_sandbox/clock` never apply one event twice at once. A crash
 *   between applying and marking leaves the row pending: applying it again changes nothing,
 *   because every outcome is compare-and-set.
 * - An event whose application throws (a processor that cannot be asked, a store error) is tried
 *   again on the service clock, backing off from 15 seconds to 10 minutes, for up to 3 days.
 * - An event naming another merchant's records (./provider-events.ts) is kept as ignored, with a warning.
 */
import type { EngineDeps } from '../deps.ts';
import { drainDue, oneAtATimePer } from '../../serial.ts';
import { ForeignRecordError, type ProviderEvent } from '../../processors/types.ts';
import type { InboundEventRecord } from '../../domain/index.ts';
import { applyProviderEvent, type ProviderEventDeps } from './provider-events.ts';
import { applyRefundEvent } from '../refunds/refunds.ts';

const LEASE_MS = 60_000;
const RETRY_FIRST_MS = 15_000;
const RETRY_MAX_MS = 600_000;
const GIVE_UP_MS = 3 * 24 * 3600 * 1000;
const BATCH = 100;

/** The providers read the gateway a kept event came through (`deps.providers.inbound`). */
type InboundDeps = ProviderEventDeps & Pick<EngineDeps, 'providers'>;

/** Keeps a verified event; `duplicate` when this provider event id was already kept. */
export async function receive(deps: Pick<EngineDeps, 'store' | 'clock'>, gateway: string, event: ProviderEvent, body: string): Promise<{ id: string; duplicate: boolean }> {
  const now = deps.clock.iso();
  const id = `${gateway}:${event.id}`;
  const kept = await deps.store.tx((r) =>
    r.inboundEvents.insertNew({
      id,
      gateway,
      providerEventId: event.id,
      type: event.type,
      body,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      receivedAt: now,
      updatedAt: now,
    }),
  );
  return { id, duplicate: !kept };
}

export interface InboundRun {
  applied: number;
  ignored: number;
  retrying: number;
}

/**
 * Applies every pending event due now, one pass at a time per store (the route's kick, the
 * scheduler and `/_sandbox/clock` share its passes). Resolves after a pass that started after this
 * call, so an event kept before the call is applied (or scheduled for a retry) when it resolves.
 */
export const drainInbound: (deps: InboundDeps) => Promise<InboundRun> = oneAtATimePer((deps: InboundDeps) => applyDue(deps));

function applyDue(deps: InboundDeps): Promise<InboundRun> {
  return drainDue((limit) => deps.store.read.inboundEvents.due(deps.clock.iso(), limit), (e) => applyOne(deps, e.id), { applied: 0, ignored: 0, retrying: 0 }, { batch: BATCH });
}

async function applyOne(deps: InboundDeps, id: string): Promise<keyof InboundRun | null> {
  const leased = await deps.store.tx(async (r) => {
    const e = await r.inboundEvents.get(id);
    const now = deps.clock.iso();
    if (!e || e.state !== 'pending' || e.nextAttemptAt > now) return null;
    await r.inboundEvents.update({ ...e, nextAttemptAt: new Date(deps.clock.nowMs() + LEASE_MS).toISOString(), updatedAt: now });
    return e;
  });
  if (!leased) return null;
  const at = deps.providers.inbound(leased.gateway);
  const event = at ? at.gateway.parse(JSON.parse(leased.body) as unknown, at.owner) : null;
  let applied = false;
  let error: string | null = null;
  try {
    applied = event ? await applyProviderEvent(deps, event, applyRefundEvent) : false;
  } catch (err) {
    // Issue 32, finding 2: one merchant's account naming another's payment. Ignored, never retried; the
    // line names the gateway and the event, nothing of the payment.
    if (err instanceof ForeignRecordError) deps.log.warn('provider event names another merchant’s records', { gateway: leased.gateway, id: leased.providerEventId, type: leased.type });
    else error = err instanceof Error ? err.message : String(err);
  }
  const nowMs = deps.clock.nowMs();
  const now = new Date(nowMs).toISOString();
  const attempts = leased.attempts + 1;
  const givenUp = error !== null && nowMs - Date.parse(leased.receivedAt) >= GIVE_UP_MS;
  const state = error === null ? (applied ? 'applied' : 'ignored') : givenUp ? 'failed' : 'pending';
  const wait = Math.min(RETRY_FIRST_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
  const next: InboundEventRecord = { ...leased, state, attempts, lastError: error, nextAttemptAt: state === 'pending' ? new Date(nowMs + wait).toISOString() : now, updatedAt: now };
  await deps.store.tx((r) => r.inboundEvents.update(next));
  deps.log[error === null ? 'info' : 'warn']('provider event', { id: leased.providerEventId, type: leased.type, state, ...(error === null ? {} : { error }) });
  return state === 'applied' ? 'applied' : state === 'ignored' ? 'ignored' : 'retrying';
}
