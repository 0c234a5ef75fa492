/** The Postgres forms of the order-mirroring repos (../sqlite/mirror-orders.ts). */
import type { MirrorOrderRecord, OrderFirstPurchase } from '../../domain/mirror.ts';
import type { MirrorOrderRepo, OrderFirstRepo, UpsellClaimRepo } from '../types-mirror.ts';
import { parse, parseAll, type Q } from './json-table.ts';

export function mirrorOrderRepo(q: Q): MirrorOrderRepo {
  return {
    insertNew: async (o) =>
      (await q`insert into mirror_orders (id, state, next_attempt_at, data) values (${o.id}, ${o.state}, ${o.nextAttemptAt}, ${JSON.stringify(o)}) on conflict (id) do nothing`).count === 1,
    update: async (o) => void (await q`update mirror_orders set state = ${o.state}, next_attempt_at = ${o.nextAttemptAt}, data = ${JSON.stringify(o)} where id = ${o.id}`),
    get: async (id) => parse<MirrorOrderRecord>(await q<{ data: string }[]>`select data from mirror_orders where id = ${id}`),
    due: async (now, limit) =>
      parseAll<MirrorOrderRecord>(await q<{ data: string }[]>`select data from mirror_orders where state = 'pending' and next_attempt_at <= ${now} order by next_attempt_at limit ${limit}`),
  };
}

export function orderFirstRepo(q: Q): OrderFirstRepo {
  const dueAt = (p: OrderFirstPurchase) => (p.pending === null ? null : p.nextAttemptAt);
  return {
    insertNew: async (p) => (await q`insert into order_first_purchases (id, due_at, data) values (${p.id}, ${dueAt(p)}, ${JSON.stringify(p)}) on conflict (id) do nothing`).count === 1,
    update: async (p) => void (await q`update order_first_purchases set due_at = ${dueAt(p)}, data = ${JSON.stringify(p)} where id = ${p.id}`),
    get: async (id) => parse<OrderFirstPurchase>(await q<{ data: string }[]>`select data from order_first_purchases where id = ${id}`),
    due: async (now, limit) =>
      parseAll<OrderFirstPurchase>(await q<{ data: string }[]>`select data from order_first_purchases where due_at is not null and due_at <= ${now} order by due_at limit ${limit}`),
  };
}

export function upsellClaimRepo(q: Q): UpsellClaimRepo {
  return {
    holder: async (m, store, key) => (await q<{ intent_id: string }[]>`select intent_id from upsell_claims where merchant_id = ${m} and store = ${store} and upsell_key = ${key}`)[0]?.intent_id,
    hold: async (m, store, key, intentId) =>
      void (await q`insert into upsell_claims (merchant_id, store, upsell_key, intent_id) values (${m}, ${store}, ${key}, ${intentId})
        on conflict (merchant_id, store, upsell_key) do update set intent_id = excluded.intent_id`),
  };
}
