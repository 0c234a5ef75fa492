/**
 * Making the store order of a captured payment (Document 2, "Timing: created at capture";
 * issue 20). Out of band and durable:
 *
 * - `queueStoreOrder` writes a `pending` row in the transaction that captures the payment (never
 *   for an authorization only held), one per payment intent;
 * - `runStoreOrders`, the worker, leases each due row, looks the order up at the store by the
 *   payment's reference before making it (a crash between the store's answer and its record, or a
 *   lost answer, never makes a second order: the store also keeps one order per reference), and
 *   records `created` with `mirror.order.created`, `failed` with Document 2's code, or tries again
 *   on the service clock (15 s doubling to 10 minutes) while the store is down, for up to 3 days.
 */
import type { EngineDeps } from '../deps.ts';
import type { Repos } from '../../store/types.ts';
import type { Merchant, PaymentIntentRecord, SessionRecord } from '../../domain/index.ts';
import type { MirrorOrderRecord, MirrorSpec } from '../../domain/mirror.ts';
import type { StoreAnswer, StoreClient } from '../../processors/stores/store-clients.ts';
import type { StorePlatform } from '../../../api/mirror.ts';
import { sealedIn } from '../sealed.ts';
import { emit } from '../events.ts';
import { drainDue, oneAtATimePer } from '../../serial.ts';
import { payForSession, schedulePay } from './order-first/after-charge.ts';

export type StoreOrderDeps = Pick<EngineDeps, 'store' | 'clock' | 'sealer' | 'log'> & { stores: Record<StorePlatform, StoreClient> };

const LEASE_MS = 60_000;
const RETRY_FIRST_MS = 15_000;
const RETRY_MAX_MS = 600_000;
const GIVE_UP_MS = 3 * 24 * 3600 * 1000;
const BATCH = 50;

/** The sealed store order a payment makes: the intent's own, or its session's. */
export const sealedMirrorOf = (intent: PaymentIntentRecord, session: SessionRecord | null | undefined) =>
  intent.mirrorSealed ? { sealed: intent.mirrorSealed, at: sealedIn.intentMirror(intent.id) } : session?.mirrorSealed ? { sealed: session.mirrorSealed, at: sealedIn.sessionMirror(session.id) } : null;

/** In the transaction that captures `intent`: its store order is due now, when it describes one. */
export async function queueStoreOrder(r: Repos, intent: PaymentIntentRecord, session: SessionRecord | null | undefined, now: string): Promise<void> {
  if (!sealedMirrorOf(intent, session)) return;
  // Order before charge: the order exists already, unpaid; the store is told it is paid.
  const held = await r.mirrorOrders.get(intent.id);
  if (held?.purchaseId) return schedulePay(r, held, now);
  if (session?.orderFirstPurchaseId) return payForSession(r, session.orderFirstPurchaseId, intent, now);
  await r.mirrorOrders.insertNew({
    id: intent.id,
    merchantId: intent.merchantId,
    livemode: intent.livemode,
    sessionId: intent.sessionId,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    code: null,
    message: null,
    orderNumber: null,
    statusUrlSealed: null,
    createdAt: now,
    updatedAt: now,
  });
}

export interface StoreOrderRun {
  created: number;
  failed: number;
  waiting: number;
}

/** Every due store order, one pass at a time per store. */
export const runStoreOrders: (deps: StoreOrderDeps) => Promise<StoreOrderRun> = oneAtATimePer((deps: StoreOrderDeps) => pass(deps));

function pass(deps: StoreOrderDeps): Promise<StoreOrderRun> {
  return drainDue(
    (limit) => deps.store.read.mirrorOrders.due(deps.clock.iso(), limit),
    async (row) => {
      const state = await makeOne(deps, row.id);
      return state === 'created' ? 'created' : state === 'failed' ? 'failed' : state === 'pending' ? 'waiting' : null;
    },
    { created: 0, failed: 0, waiting: 0 },
    { batch: BATCH, onError: (row, err) => deps.log.error('store order failed', { paymentIntent: row.id, error: err instanceof Error ? err.message : String(err) }) },
  );
}

async function makeOne(deps: StoreOrderDeps, id: string): Promise<MirrorOrderRecord['state'] | null> {
  const leased = await deps.store.tx(async (r) => {
    const o = await r.mirrorOrders.get(id);
    const now = deps.clock.iso();
    if (!o || o.state !== 'pending' || o.nextAttemptAt > now) return null;
    await r.mirrorOrders.update({ ...o, nextAttemptAt: new Date(deps.clock.nowMs() + LEASE_MS).toISOString(), updatedAt: now });
    return o;
  });
  if (!leased) return null;
  const intent = (await deps.store.read.payments.get(id))!;
  const session = intent.sessionId ? await deps.store.read.sessions.get(intent.sessionId) : undefined;
  const merchant = (await deps.store.read.merchants.get(intent.merchantId))!;
  const mirror = sealedMirrorOf(intent, session)!;
  const spec = deps.sealer.open(mirror.sealed, mirror.at) as MirrorSpec;
  return settle(deps, leased, intent, await answerFor(deps, merchant, intent, spec));
}

/** What the store says about this payment's order: found by its reference, else made now. */
async function answerFor(deps: StoreOrderDeps, merchant: Merchant, intent: PaymentIntentRecord, spec: MirrorSpec): Promise<StoreAnswer | 'skip'> {
  if (spec.skip) return 'skip';
  // Checked again at the order: a store disconnected since the payment (or never checked: a raw
  // intent block for platform A) cannot take it.
  const connection = merchant.settings.connectedStores.find((s) => s.platform === spec.platform && s.store === spec.store);
  if (!connection?.writeScopes) {
    return { kind: 'refused', code: 'mirror_connection_error', message: `${spec.store} is not connected with write access; reauthorize the store.` };
  }
  const client = deps.stores[spec.platform];
  const found = await client.find(spec.store, intent.id);
  if (found) return found;
  return client.create(spec.store, { reference: intent.id, spec, amount: intent.capturedAmount || intent.amount, currency: intent.currency });
}

async function settle(deps: StoreOrderDeps, leased: MirrorOrderRecord, intent: PaymentIntentRecord, answer: StoreAnswer | 'skip'): Promise<MirrorOrderRecord['state']> {
  const nowMs = deps.clock.nowMs();
  const now = new Date(nowMs).toISOString();
  const attempts = leased.attempts + 1;
  let next: MirrorOrderRecord;
  if (answer === 'skip') next = { ...leased, state: 'not_mirrored', attempts, nextAttemptAt: now, updatedAt: now };
  else if (answer.kind === 'made') {
    next = { ...leased, state: 'created', attempts, orderNumber: answer.number, statusUrlSealed: deps.sealer.seal(answer.statusUrl, sealedIn.storeOrderStatusUrl(leased.id)), nextAttemptAt: now, updatedAt: now };
  } else if (answer.kind === 'refused') next = { ...leased, state: 'failed', attempts, code: answer.code, message: answer.message, nextAttemptAt: now, updatedAt: now };
  else if (nowMs - Date.parse(leased.createdAt) >= GIVE_UP_MS) {
    next = { ...leased, state: 'failed', attempts, code: 'mirror_connection_error', message: 'The store could not be reached for 3 days; reauthorize the store, then make the order by hand.', lastError: answer.message, nextAttemptAt: now, updatedAt: now };
  } else {
    const wait = Math.min(RETRY_FIRST_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
    next = { ...leased, attempts, lastError: answer.message, nextAttemptAt: new Date(nowMs + wait).toISOString(), updatedAt: now };
  }
  await deps.store.tx(async (r) => {
    await r.mirrorOrders.update(next);
    if (next.state === 'created' && answer !== 'skip' && answer.kind === 'made') {
      await emit(r, deps.clock, intent.merchantId, intent.livemode, 'mirror.order.created', { payment_intent_id: intent.id, session_id: intent.sessionId, order_number: answer.number, order_status_url: answer.statusUrl });
    }
  });
  if (next.state === 'failed') deps.log.info('store order failed', { paymentIntent: intent.id, code: next.code });
  return next.state;
}
