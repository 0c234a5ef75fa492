/**
 * Webhook delivery (Doc 3, Webhooks): at least once, signed afresh on every attempt, retried with
 * capped exponential backoff and jitter on the service clock for up to three days.
 *
 * Fan-out happens in the event's own transaction (`fanOut` in engine/events.ts): a committed event
 * already has its delivery rows, so a crash can lose neither. The worker (`deliverDue`) leases
 * each due row before sending, records the attempt, and schedules the next try.
 *
 * One slow subscription never holds up another (issue 32, finding 5): an instance sends at most
 * `PER_SUBSCRIPTION` deliveries of one subscription at once, a pick passes over the subscriptions
 * already that busy, and the scheduler picks again while earlier sends are still waiting for
 * their answers (`pickDue`); each merchant has its own sockets (webhook-send.ts).
 */
import type { EngineDeps } from '../deps.ts';
import { randomChars } from '../../ids.ts';
import type { EventRecord, Repos } from '../../store/types.ts';
import type { WebhookDeliveryRecord } from '../../domain/index.ts';
import { sendSigned } from './webhook-send.ts';
import { signingSecrets } from './webhook-subscriptions.ts';

/** Doc 3: retries for up to 3 days of service clock. */
export const GIVE_UP_MS = 3 * 24 * 3600 * 1000;
/**
 * The retry schedule after the first failed attempt: 30 s, 1, 2, 5, 10, 20 and 40 minutes, then
 * every hour (the cap: a receiver that comes back gets its backlog within the hour) until 3 days.
 * Each wait is shortened by up to 10% at random, so retries of many events do not arrive in one
 * burst, and no wait is ever longer than the schedule says.
 */
export const RETRY_SCHEDULE_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 2_400_000, 3_600_000];
/** While one worker sends a delivery, no other takes it (longer than the 10-second answer limit). */
const LEASE_MS = 60_000;
/** At most this many deliveries to one subscription at once, per instance: a slow receiver does not stall the others. */
export const PER_SUBSCRIPTION = 2;

/**
 * The Doc 2 envelope of an event, as deliveries send it and `GET /v1/webhook_events/{id}` reads it.
 * `sequence` (issue 35, webhook order): `created` is whole seconds and deliveries run side by
 * side, so a receiver orders the events of one object (a session, an intent, a refund) by it.
 */
export const envelopeFields = (e: EventRecord) => ({
  id: e.id,
  type: e.type,
  created: e.created,
  sequence: e.sequence ?? 0,
  livemode: e.livemode,
  merchant_id: e.merchantId,
  data: e.data,
});

/** The body every attempt of an event sends: the same bytes every time. */
export const envelopeOf = (e: EventRecord) => JSON.stringify(envelopeFields(e));

/** The wait after failed attempt number `n` (1-based): 90% to 100% of the schedule's. */
export function retryDelayMs(n: number, random: () => number = Math.random): number {
  const base = RETRY_SCHEDULE_MS[Math.min(n, RETRY_SCHEDULE_MS.length) - 1]!;
  return Math.floor(base * (0.9 + 0.1 * random()));
}

type DeliveryDeps = Pick<EngineDeps, 'store' | 'clock' | 'sealer' | 'log' | 'config' | 'webhookNet'>;

export interface DeliveryRun {
  sent: number;
  delivered: number;
}

/** What this instance is sending now: deliveries taken by a pick, and sends per subscription. */
interface InFlight {
  ids: Set<string>;
  bySubscription: Map<string, number>;
}
const inFlight = new WeakMap<object, InFlight>();
function inFlightOf(deps: DeliveryDeps): InFlight {
  let f = inFlight.get(deps.store);
  if (!f) inFlight.set(deps.store, (f = { ids: new Set(), bySubscription: new Map() }));
  return f;
}

/** Sends every delivery due now (service clock) that this instance may start, and waits for them all. */
export async function deliverDue(deps: DeliveryDeps, limit = 200): Promise<DeliveryRun> {
  return (await pickDue(deps, limit)).done;
}

/**
 * Takes the deliveries due now, at most `PER_SUBSCRIPTION` sending at once per subscription
 * counting those still sending from earlier picks, and starts them; resolves once they are taken,
 * with the lanes `started` and `done` for when the last has been sent. A subscription's rows beyond its lanes wait in them.
 */
export async function pickDue(deps: DeliveryDeps, limit = 200): Promise<{ started: number; done: Promise<DeliveryRun> }> {
  const flight = inFlightOf(deps);
  const busy = [...flight.bySubscription].filter(([, n]) => n >= PER_SUBSCRIPTION).map(([id]) => id);
  const due = (await deps.store.read.webhookDeliveries.due(deps.clock.iso(), limit, busy)).filter((d) => !flight.ids.has(d.id));
  const bySubscription = new Map<string, WebhookDeliveryRecord[]>();
  for (const d of due) bySubscription.set(d.subscriptionId, [...(bySubscription.get(d.subscriptionId) ?? []), d]);
  const run: DeliveryRun = { sent: 0, delivered: 0 };
  const lane = async (subscriptionId: string, queue: WebhookDeliveryRecord[]) => {
    flight.bySubscription.set(subscriptionId, (flight.bySubscription.get(subscriptionId) ?? 0) + 1);
    try {
      for (let d = queue.shift(); d; d = queue.shift()) {
        try {
          const outcome = await deliverOne(deps, d.id);
          if (outcome !== 'skipped') run.sent++;
          if (outcome === 'delivered') run.delivered++;
        } finally {
          flight.ids.delete(d.id);
        }
      }
    } finally {
      // A failed lane leaves its subscription's rest due, for the next pick.
      for (const d of queue.splice(0)) flight.ids.delete(d.id);
      const n = flight.bySubscription.get(subscriptionId)! - 1;
      if (n > 0) flight.bySubscription.set(subscriptionId, n);
      else flight.bySubscription.delete(subscriptionId);
    }
  };
  const lanes = [...bySubscription].flatMap(([id, queue]) => {
    // Another pick may have filled the subscription's lanes since the read: its rows wait for the next.
    const free = PER_SUBSCRIPTION - (flight.bySubscription.get(id) ?? 0);
    if (free <= 0) return [];
    for (const d of queue) flight.ids.add(d.id);
    return Array.from({ length: Math.min(free, queue.length) }, () => lane(id, queue));
  });
  return { started: lanes.length, done: Promise.all(lanes).then(() => run) };
}

async function deliverOne(deps: DeliveryDeps, id: string): Promise<'delivered' | 'retry' | 'failed' | 'skipped'> {
  // Lease: re-read and push the due time out, so no other run sends it meanwhile.
  const leased = await deps.store.tx(async (r) => {
    const d = await r.webhookDeliveries.get(id);
    const now = deps.clock.iso();
    if (!d || d.state !== 'pending' || d.nextAttemptAt > now) return null;
    const sub = await r.webhookSubscriptions.get(d.subscriptionId);
    const event = await r.events.get(d.eventId);
    if (!sub || sub.deletedAt !== null || !event) {
      await r.webhookDeliveries.update({ ...d, state: 'failed', lastError: 'the subscription was deleted', updatedAt: now });
      return null;
    }
    await r.webhookDeliveries.update({ ...d, nextAttemptAt: new Date(deps.clock.nowMs() + LEASE_MS).toISOString(), updatedAt: now });
    return { d, sub, event };
  });
  if (!leased) return 'skipped';
  const { d, sub, event } = leased;
  const sent = await sendSigned(deps.webhookNet, sub, envelopeOf(event), signingSecrets(deps, sub), deps.config.webhookTimeoutMs);
  return deps.store.tx(async (r) => {
    const nowMs = deps.clock.nowMs();
    const now = new Date(nowMs).toISOString();
    const number = d.attempts + 1;
    const expired = nowMs - Date.parse(d.createdAt) >= GIVE_UP_MS;
    const next = sent.delivered || expired ? null : new Date(nowMs + retryDelayMs(number)).toISOString();
    await r.webhookDeliveries.insertAttempt({
      id: `dla_${randomChars(24)}`,
      deliveryId: d.id,
      subscriptionId: d.subscriptionId,
      eventId: d.eventId,
      number,
      at: now,
      status: sent.status,
      ms: sent.ms,
      error: sent.error,
      nextAttemptAt: next,
    });
    const state = sent.delivered ? 'delivered' : next === null ? 'failed' : 'pending';
    await r.webhookDeliveries.update({
      ...d,
      state,
      attempts: number,
      nextAttemptAt: next ?? now,
      lastStatus: sent.status,
      lastError: sent.delivered ? null : (sent.error ?? `answered ${sent.status}`),
      updatedAt: now,
    });
    return sent.delivered ? 'delivered' : state === 'failed' ? 'failed' : 'retry';
  });
}

/** QA: what happened to a subscription's deliveries, newest first, each with its attempts. */
export async function deliveriesOf(deps: Pick<EngineDeps, 'store'>, subscriptionId: string, limit = 100) {
  const rows = await deps.store.read.webhookDeliveries.forSubscription(subscriptionId, limit);
  return Promise.all(rows.map(async (d) => ({ ...d, attemptsLog: await deps.store.read.webhookDeliveries.attempts(d.id) })));
}

/** QA: send one delivery again now, whatever its state (a redelivery is one more at-least-once copy). */
export async function redeliver(deps: DeliveryDeps, id: string) {
  const queued = await deps.store.tx(async (r) => {
    const d = await r.webhookDeliveries.get(id);
    if (!d) return false;
    await r.webhookDeliveries.update({ ...d, state: 'pending', nextAttemptAt: deps.clock.iso(), updatedAt: deps.clock.iso() });
    return true;
  });
  if (!queued) return undefined;
  await deliverOne(deps, id);
  const d = (await deps.store.read.webhookDeliveries.get(id))!;
  return { ...d, attemptsLog: await deps.store.read.webhookDeliveries.attempts(id) };
}
