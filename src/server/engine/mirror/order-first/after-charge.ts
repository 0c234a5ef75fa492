/**
 * Order before charge, after the charge (Document 2): the store order made before a payment is
 * paid at the store once the payment is captured, and released (cancelled at the store; the poll
 * routes then say `failed` with `mirror_order_cancelled`) when the payment ends without money.
 *
 * The charge's capture schedules the payment at the store in its own transaction (`schedulePay`);
 * every other outcome is found by watching the payment (`watch`: a few seconds at first, then every
 * minute while a hold waits for its capture). The worker tries the store again on the service
 * clock while it is down, as the store-order worker does.
 */
import type { MirrorOrderRecord, OrderFirstPurchase } from '../../../domain/mirror.ts';
import type { SessionRecord } from '../../../domain/index.ts';
import type { Repos } from '../../../store/types.ts';
import { drainDue, oneAtATimePer } from '../../../serial.ts';
import type { EngineDeps } from '../../deps.ts';

type Deps = Pick<EngineDeps, 'store' | 'clock' | 'log' | 'stores'>;

export const WATCH_FIRST_MS = 2_000;
const WATCH_MAX_MS = 60_000;
const RETRY_FIRST_MS = 15_000;
const RETRY_MAX_MS = 600_000;
const LEASE_MS = 60_000;
const BATCH = 50;

const iso = (ms: number) => new Date(ms).toISOString();
const backoff = (first: number, max: number, attempts: number) => Math.min(first * 2 ** Math.max(0, attempts - 1), max);

/** In the transaction that captures a payment holding a purchase: the store is told it is paid. */
export async function schedulePay(r: Repos, held: MirrorOrderRecord, now: string): Promise<void> {
  const p = held.purchaseId ? await r.orderFirst.get(held.purchaseId) : undefined;
  if (!p || p.paymentIntentId !== held.id || p.state === 'paid') return;
  await r.orderFirst.update({ ...p, state: 'paid', pending: 'pay', nextAttemptAt: now, attempts: 0, updatedAt: now });
}

/**
 * In the transaction that captures the payment of a session whose order was made with it: the
 * order is this payment's (its poll route reads `created`), and the store is told it is paid. A
 * second payment of a paid session makes nothing.
 */
export async function payForSession(r: Repos, purchaseId: string, intent: { id: string; sessionId: string | null }, now: string): Promise<void> {
  const p = await r.orderFirst.get(purchaseId);
  if (!p || p.state !== 'charging' || !p.order) return;
  await r.orderFirst.update({ ...p, state: 'paid', paymentIntentId: intent.id, pending: 'pay', nextAttemptAt: now, attempts: 0, updatedAt: now });
  // The shopper's page stays sealed with the purchase (the poll routes read it there).
  await r.mirrorOrders.insertNew(heldOrderRow(p, intent, null, now));
}

/** The store-order row of a payment holding a purchase's order: `created` from the start. */
export const heldOrderRow = (p: OrderFirstPurchase, intent: { id: string; sessionId: string | null }, statusUrlSealed: string | null, now: string): MirrorOrderRecord => ({
  id: intent.id,
  merchantId: p.merchantId,
  livemode: p.livemode,
  sessionId: intent.sessionId,
  state: 'created',
  attempts: 0,
  nextAttemptAt: now,
  lastError: null,
  code: null,
  message: null,
  orderNumber: p.order!.number,
  statusUrlSealed,
  purchaseId: p.id,
  createdAt: now,
  updatedAt: now,
});

/**
 * A session that can no longer be paid: expired, cancelled, or an `elements` + `chargeAtSubmit`
 * session declined with no attempt left. A declined hosted session is not: its page takes the next
 * card until the session expires (success takes precedence, Doc 1).
 */
export const closedUnpaid = (s: SessionRecord) =>
  s.paymentStatus !== 'paid' &&
  (s.status === 'expired' || s.paymentStatus === 'cancelled' || (s.status === 'failed' && s.integrationMode === 'elements' && s.chargeAtSubmit && s.retry?.allowed !== true));

/** Where the charge holding a purchase stands: ended without money, captured, or still open. */
async function chargeState(deps: Deps, p: OrderFirstPurchase): Promise<'ended' | 'captured' | 'open'> {
  if (p.state !== 'charging') return 'open';
  if (!p.paymentIntentId) {
    // Held by its session: ended when the session closes unpaid (its capture pays at once: payForSession).
    const session = p.sessionId ? await deps.store.read.sessions.get(p.sessionId) : undefined;
    return session && closedUnpaid(session) ? 'ended' : 'open';
  }
  const intent = await deps.store.read.payments.get(p.paymentIntentId);
  if (intent?.status === 'failed' || intent?.status === 'voided') return 'ended';
  return intent?.status === 'succeeded' || intent?.status === 'captured' ? 'captured' : 'open';
}

/**
 * A purchase whose charge ended without money (declined, failed, voided): its store order is
 * released now, and the purchase is free for another charge; one whose charge is still open, or
 * paid, is answered as it is. A store that cannot be reached leaves the release to the worker.
 */
export async function releaseIfEnded(deps: Deps, p: OrderFirstPurchase): Promise<OrderFirstPurchase> {
  return (await chargeState(deps, p)) === 'ended' ? release(deps, p) : p;
}

async function release(deps: Deps, p: OrderFirstPurchase): Promise<OrderFirstPurchase> {
  const answer = p.order ? await deps.stores[p.platform].settle(p.store, p.order.storeOrderId, 'released') : 'done';
  const nowMs = deps.clock.nowMs();
  const now = iso(nowMs);
  if (answer === 'unavailable') {
    const attempts = p.attempts + 1;
    const next = { ...p, pending: 'release' as const, attempts, lastError: 'the store could not be reached to release the order', nextAttemptAt: iso(nowMs + backoff(RETRY_FIRST_MS, RETRY_MAX_MS, attempts)), updatedAt: now };
    await deps.store.tx((r) => r.orderFirst.update(next));
    return next;
  }
  if (answer === 'refused') deps.log.warn('store refused to release an order made before payment', { purchase: p.id });
  const released: OrderFirstPurchase = { ...p, state: 'released', pending: null, nextAttemptAt: null, lastError: answer === 'refused' ? 'the store refused the release' : null, updatedAt: now };
  await deps.store.tx(async (r) => {
    const current = await r.orderFirst.get(p.id);
    // Released once: a concurrent release or a new generation is left as it is.
    if (!current || current.generation !== p.generation || current.state === 'released') return;
    await r.orderFirst.update(released);
    const row = p.paymentIntentId ? await r.mirrorOrders.get(p.paymentIntentId) : undefined;
    if (row && row.state === 'created') {
      await r.mirrorOrders.update({ ...row, state: 'failed', code: 'mirror_order_cancelled', message: 'The store order was released: the payment did not complete. Nothing is wrong.', updatedAt: now });
    }
  });
  return released;
}

/** Pays the store order of a captured payment; tried again later while the store cannot be reached. */
async function pay(deps: Deps, p: OrderFirstPurchase): Promise<void> {
  const answer = p.order ? await deps.stores[p.platform].settle(p.store, p.order.storeOrderId, 'paid') : 'done';
  const nowMs = deps.clock.nowMs();
  if (answer === 'refused') deps.log.warn('store refused to mark an order paid', { purchase: p.id });
  const attempts = p.attempts + 1;
  const next: OrderFirstPurchase =
    answer === 'unavailable'
      ? { ...p, attempts, lastError: 'the store could not be reached to mark the order paid', nextAttemptAt: iso(nowMs + backoff(RETRY_FIRST_MS, RETRY_MAX_MS, attempts)), updatedAt: iso(nowMs) }
      : { ...p, pending: null, nextAttemptAt: null, attempts, lastError: answer === 'refused' ? 'the store refused to mark the order paid' : null, updatedAt: iso(nowMs) };
  await deps.store.tx((r) => r.orderFirst.update(next));
}

/** A charge still open: looked at again, soon at first, then every minute. */
async function watch(deps: Deps, p: OrderFirstPurchase): Promise<void> {
  const state = await chargeState(deps, p);
  if (state === 'ended') return void (await release(deps, p));
  // Captured without the capture's own schedule (an order of ours kept before it): paid now.
  if (state === 'captured') return pay(deps, { ...p, state: 'paid', pending: 'pay', attempts: 0 });
  const nowMs = deps.clock.nowMs();
  const attempts = p.attempts + 1;
  await deps.store.tx((r) => r.orderFirst.update({ ...p, attempts, nextAttemptAt: iso(nowMs + backoff(WATCH_FIRST_MS, WATCH_MAX_MS, attempts)), updatedAt: iso(nowMs) }));
}

export interface OrderFirstRun {
  paid: number;
  released: number;
  watching: number;
}

/** Every purchase the store must be told about whose time came, one pass at a time. */
export const runOrderFirst: (deps: Deps) => Promise<OrderFirstRun> = oneAtATimePer((deps: Deps) => pass(deps));

function pass(deps: Deps): Promise<OrderFirstRun> {
  return drainDue((limit) => deps.store.read.orderFirst.due(deps.clock.iso(), limit), (row) => one(deps, row.id), { paid: 0, released: 0, watching: 0 }, {
    batch: BATCH,
    onError: (row, err) => deps.log.error('order-first settlement failed', { purchase: row.id, error: err instanceof Error ? err.message : String(err) }),
  });
}

async function one(deps: Deps, id: string): Promise<keyof OrderFirstRun | null> {
  // Leased first: a pass on another instance (or one that overlaps) leaves it alone meanwhile.
  const leased = await deps.store.tx(async (r) => {
    const p = await r.orderFirst.get(id);
    const nowMs = deps.clock.nowMs();
    if (!p || p.pending === null || p.nextAttemptAt === null || p.nextAttemptAt > iso(nowMs)) return null;
    await r.orderFirst.update({ ...p, nextAttemptAt: iso(nowMs + LEASE_MS) });
    return p;
  });
  if (!leased) return null;
  if (leased.pending === 'pay') {
    await pay(deps, leased);
    return 'paid';
  }
  if (leased.pending === 'release') {
    await release(deps, leased);
    return 'released';
  }
  await watch(deps, leased);
  return 'watching';
}
