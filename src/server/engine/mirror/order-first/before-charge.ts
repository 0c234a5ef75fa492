/**
 * Order before charge (Document 2; `settings.orderFirst`): on such accounts the store order is
 * made first, unpaid and priced by the store, and the charge is refused when it cannot be, before
 * any money moves (the `order_first_*` codes).
 *
 * A purchase is the session a charge pays, or, for a direct intent, its basket: the store, what
 * each line is and how many, the customer, the coupon and voucher codes and the order's metadata
 * (put a cart id in `order.metadata` to tell two identical baskets apart), but not the prices, so
 * a retry at the store's prices is the same purchase. Its record is read and written before the store is called, so a retry of the same
 * purchase attaches to the order already made (the store keeps one order per reference), an order
 * priced otherwise stays for a corrected retry, and a purchase already paid is never charged again.
 * The reservation then claims the purchase for one charge (`claimPurchase`), in its transaction:
 * of requests that race, one charges. After it, ./after-charge.ts pays or releases the order.
 */
import { createHash } from 'node:crypto';
import { DomainError } from '../../../domain/errors.ts';
import type { Merchant } from '../../../domain/index.ts';
import type { MirrorSpec, OrderFirstPurchase } from '../../../domain/mirror.ts';
import type { Repos } from '../../../store/types.ts';
import type { EngineDeps } from '../../deps.ts';
import { emit } from '../../events.ts';
import { sealedIn } from '../../sealed.ts';
import { heldOrderRow, releaseIfEnded, WATCH_FIRST_MS } from './after-charge.ts';

export type OrderFirstDeps = Pick<EngineDeps, 'store' | 'clock' | 'sealer' | 'log' | 'stores'>;

/** A purchase whose store order exists and matches the charge, ready to be claimed by it. */
export interface OrderFirstHold {
  purchase: OrderFirstPurchase;
  statusUrl: string;
}

export interface ChargeOfPurchase {
  amount: number;
  currency: string;
  sessionId: string | null;
  idemKey: string | null;
}

/** The purchase a charge makes: its session, or its basket. */
export function purchaseIdOf(merchantId: string, livemode: boolean, spec: MirrorSpec, sessionId: string | null): string {
  const what =
    sessionId !== null
      ? { session: sessionId }
      : // What is bought, not its prices: a retry at the store's prices is the same purchase.
        { lines: spec.lines.map((l) => [l.variantId, l.productRef, l.sku, l.name, l.quantity]), shipping: spec.shipping?.label ?? null, customer: spec.customer?.email ?? null, coupon: spec.coupon?.code ?? null, voucher: spec.voucher?.code ?? null, metadata: spec.metadata };
  return `ofp_${createHash('sha256').update(JSON.stringify([merchantId, livemode, spec.platform, spec.store, what])).digest('hex').slice(0, 32)}`;
}

const storeRefusal = (code: 'order_first_store_timeout' | 'order_first_store_unavailable' | 'order_first_order_rejected', message: string) => new DomainError(code, message);

/**
 * The store order a charge on an order-before-charge account needs, made (or found again) before
 * the charge; null when the account makes orders after payment, nothing is to be ordered, or the
 * request replays one whose charge this purchase already holds.
 */
export async function orderBeforeCharge(deps: OrderFirstDeps, merchant: Merchant, livemode: boolean, spec: MirrorSpec | null, charge: ChargeOfPurchase): Promise<OrderFirstHold | null> {
  if (!merchant.settings.orderFirst || !spec || spec.skip) return null;
  // A session whose order was made with it holds that order for whichever of its payments succeeds.
  if (charge.sessionId !== null && (await deps.store.read.sessions.get(charge.sessionId))?.orderFirstPurchaseId) return null;
  if (spec.parentOrderRef !== null || spec.storeCheckedAtOrder) {
    throw new DomainError('order_first_unsupported_destination', spec.parentOrderRef !== null ? 'Appending to an existing store order is made after payment only.' : 'A raw block for platform A on an intent is ordered after payment only.');
  }
  const id = purchaseIdOf(merchant.id, livemode, spec, charge.sessionId);
  let found: OrderFirstPurchase | undefined;
  try {
    found = await deps.store.read.orderFirst.get(id);
  } catch (err) {
    deps.log.warn('order-first purchase unreadable', { purchase: id, error: err instanceof Error ? err.message : String(err) });
    throw new DomainError('order_first_lookup_unavailable');
  }
  if (found && (await replaysHolder(deps, found, charge.idemKey))) return null;
  // The record as stored now (a charge that ended is released first), and what this charge makes of it.
  let stored: OrderFirstPurchase | undefined;
  if (found) ({ stored, next: found } = await ready(deps, found));
  const now = deps.clock.iso();
  const purchase: OrderFirstPurchase = found ?? {
    id,
    merchantId: merchant.id,
    livemode,
    platform: spec.platform,
    store: spec.store,
    generation: 1,
    state: 'ordered',
    order: null,
    statusUrlSealed: null,
    paymentIntentId: null,
    pending: null,
    nextAttemptAt: null,
    attempts: 0,
    lastError: null,
    createdAt: now,
    updatedAt: now,
  };
  // The record before the store call: a crash after the store made the order finds it again by its reference.
  await write(deps, purchase, stored, found ? 'order_first_repoint_unavailable' : 'order_first_record_unavailable');
  const answer = await deps.stores[spec.platform].createUnpaid(spec.store, { reference: `${id}.${purchase.generation}`, spec, amount: charge.amount, currency: charge.currency });
  switch (answer.kind) {
    case 'unavailable':
      throw storeRefusal(answer.timedOut ? 'order_first_store_timeout' : 'order_first_store_unavailable', `${spec.store} ${answer.timedOut ? 'did not answer' : 'could not take the order now'}; the order may exist: retry the identical basket.`);
    case 'refused':
      throw storeRefusal('order_first_order_rejected', answer.message);
    case 'voucher_refused':
      throw storeRefusal('order_first_order_rejected', `${spec.store} does not honour the voucher.`);
    case 'currency':
      throw new DomainError('order_first_currency_mismatch', `${spec.store} sells in ${answer.storeCurrency}.`, { order_currency: answer.storeCurrency.toLowerCase() });
  }
  const kept: OrderFirstPurchase = {
    ...purchase,
    order: { storeOrderId: answer.storeOrderId, number: answer.number, total: answer.total, currency: answer.currency.toUpperCase() },
    statusUrlSealed: deps.sealer.seal(answer.statusUrl, sealedIn.orderFirstStatusUrl(id)),
    updatedAt: deps.clock.iso(),
  };
  await write(deps, kept, purchase, 'order_first_repoint_unavailable');
  if (kept.order!.currency !== charge.currency.toUpperCase()) {
    throw new DomainError('order_first_currency_mismatch', `${spec.store} priced the order in ${kept.order!.currency}.`, { order_currency: kept.order!.currency.toLowerCase() });
  }
  if (kept.order!.total !== charge.amount) {
    // The order stays: a retry charging the store's total attaches to it.
    throw new DomainError('order_first_amount_mismatch', `${spec.store} priced the order at ${kept.order!.total}, not ${charge.amount}: charge order_total.`, {
      order_total: kept.order!.total,
      order_currency: kept.order!.currency.toLowerCase(),
    });
  }
  return { purchase: kept, statusUrl: answer.statusUrl };
}

/** An idempotent retry of the request whose charge holds the purchase: its reservation answers it. */
async function replaysHolder(deps: OrderFirstDeps, p: OrderFirstPurchase, idemKey: string | null): Promise<boolean> {
  if (idemKey === null || p.paymentIntentId === null) return false;
  const holder = await deps.store.read.payments.get(p.paymentIntentId);
  return holder?.idemKey === idemKey;
}

/**
 * An earlier purchase record, ready for another charge: refused if paid or held, renewed if
 * released. `stored`: the record as it is stored now; `next`: what this charge writes.
 */
async function ready(deps: OrderFirstDeps, found: OrderFirstPurchase): Promise<{ stored: OrderFirstPurchase; next: OrderFirstPurchase }> {
  let p = found;
  if (p.state === 'charging') p = await releaseIfEnded(deps, p);
  const original = { original_payment_intent_id: p.paymentIntentId };
  if (p.state === 'paid') throw new DomainError('order_first_already_paid', 'This purchase was paid by an earlier payment.', original);
  if (p.state === 'charging') throw new DomainError('order_first_payment_unresolved', 'An earlier payment for this purchase has not ended.', original);
  if (p.state === 'released') {
    // Its order was released with the payment that did not complete: the next charge makes a new one.
    return { stored: p, next: { ...p, generation: p.generation + 1, state: 'ordered', order: null, statusUrlSealed: null, paymentIntentId: null, pending: null, nextAttemptAt: null, attempts: 0, lastError: null, updatedAt: deps.clock.iso() } };
  }
  return { stored: p, next: p };
}

/**
 * Writes the purchase if it is still as this request read it (`was`; undefined: not there yet), a
 * compare-and-set: a request that read it before another claimed it must not put it back to
 * `ordered` under the claim (found on PostgreSQL, where two of six racing requests then charged).
 */
async function write(deps: OrderFirstDeps, p: OrderFirstPurchase, was: OrderFirstPurchase | undefined, code: 'order_first_record_unavailable' | 'order_first_repoint_unavailable') {
  try {
    await deps.store.tx(async (r) => {
      if (!was && (await r.orderFirst.insertNew(p))) return;
      const cur = await r.orderFirst.get(p.id);
      if (!was || JSON.stringify(cur) !== JSON.stringify(was)) {
        throw new DomainError('order_first_payment_unresolved', 'Another payment for this purchase is under way.', { original_payment_intent_id: cur?.paymentIntentId ?? null });
      }
      await r.orderFirst.update(p);
    });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    deps.log.warn('order-first purchase not written', { purchase: p.id, error: err instanceof Error ? err.message : String(err) });
    throw new DomainError(code);
  }
}

/**
 * In the reservation's transaction: the purchase is this charge's, or the request is refused
 * (another request claimed it meanwhile). Its store order is the payment's (`created`: on these
 * accounts that does not mean the payment succeeded), announced now.
 */
export async function claimPurchase(r: Repos, deps: Pick<EngineDeps, 'clock' | 'sealer'>, hold: OrderFirstHold, intent: { id: string; sessionId: string | null }): Promise<void> {
  const intentId = intent.id;
  const p = await r.orderFirst.get(hold.purchase.id);
  const original = { original_payment_intent_id: p?.paymentIntentId ?? null };
  if (p?.state === 'paid') throw new DomainError('order_first_already_paid', 'This purchase was paid by an earlier payment.', original);
  if (!p || p.state !== 'ordered' || p.generation !== hold.purchase.generation || p.order?.storeOrderId !== hold.purchase.order!.storeOrderId) {
    throw new DomainError('order_first_payment_unresolved', 'Another payment for this purchase is under way.', original);
  }
  const nowMs = deps.clock.nowMs();
  const now = new Date(nowMs).toISOString();
  await r.orderFirst.update({ ...p, state: 'charging', paymentIntentId: intentId, pending: 'watch', nextAttemptAt: new Date(nowMs + WATCH_FIRST_MS).toISOString(), attempts: 0, updatedAt: now });
  await r.mirrorOrders.insertNew(heldOrderRow(p, intent, deps.sealer.seal(hold.statusUrl, sealedIn.storeOrderStatusUrl(intentId)), now));
  await emit(r, deps.clock, p.merchantId, p.livemode, 'mirror.order.created', { payment_intent_id: intentId, session_id: intent.sessionId, order_number: p.order!.number, order_status_url: hold.statusUrl, order_first: true });
}

/**
 * In the transaction that makes a session on an order-before-charge account: its purchase is held
 * by the session until it is paid (any of its attempts may pay it: a declined card does not release
 * the order) or closes unpaid (then the order is released).
 */
export async function holdForSession(r: Repos, deps: Pick<EngineDeps, 'clock'>, hold: OrderFirstHold, sessionId: string): Promise<void> {
  const nowMs = deps.clock.nowMs();
  await r.orderFirst.update({ ...hold.purchase, state: 'charging', sessionId, pending: 'watch', nextAttemptAt: new Date(nowMs + WATCH_FIRST_MS).toISOString(), attempts: 0, updatedAt: new Date(nowMs).toISOString() });
}
