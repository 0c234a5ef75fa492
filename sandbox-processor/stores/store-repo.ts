/**
 * The orders the store stand-ins hold (issue 20), per platform and store host, and the switches a
 * test flips to make a store misbehave. An order is kept as the platform keeps it: its lines,
 * customer and addresses as sent, a number of the platform's own form, and the key of its private
 * order-status page. A reference the caller sends (`source_identifier` on A, `external_ref` on B)
 * names at most one order of a store: sending it again answers that order, never a second one.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../store/db.ts';

export type Platform = 'platform_a' | 'platform_b';

export interface StoreOrderRecord {
  id: string;
  platform: Platform;
  shop: string;
  number: string;
  reference: string | null;
  statusKey: string;
  /** The order as sent (lines, customer, addresses, shipping, totals), in the platform's own shape. */
  order: Record<string, unknown>;
  /** Lines appended later (platform B), each with its own reference. */
  appended: { reference: string | null; items: unknown[] }[];
  /** How many create calls named this order's reference (1 unless a caller sent it again: QA sees a caller that did not look first). */
  createRequests: number;
  createdAt: string;
}

export interface StoreSwitches {
  /** Every call answers 503. */
  down: boolean;
  /** Every order's lines are refused (an unknown product or variant). */
  refuseLines: boolean;
  /** Shipping to these countries is refused. */
  refuseShippingCountries: string[];
  /** A new order is kept at once but answered this many milliseconds later (a slow store; a caller may die meanwhile). */
  answerDelayMs: number;
  /** The catalogue: a price in minor units per variant id, product reference or SKU (./pricing.ts). */
  prices: Record<string, number>;
  /** Voucher codes the store honours, each with the amount it takes off. */
  vouchers: Record<string, number>;
  /** The store's own currency (upper case); null takes any. */
  currency: string | null;
}

export const NO_SWITCHES: StoreSwitches = { down: false, refuseLines: false, refuseShippingCountries: [], answerDelayMs: 0, prices: {}, vouchers: {}, currency: null };

interface Row {
  id: string;
  platform: Platform;
  shop: string;
  number: string;
  reference: string | null;
  status_key: string;
  data: string;
  created_at: string;
}

const read = (r: Row): StoreOrderRecord => {
  const data = JSON.parse(r.data) as Pick<StoreOrderRecord, 'order' | 'appended' | 'createRequests'>;
  return { id: r.id, platform: r.platform, shop: r.shop, number: r.number, reference: r.reference, statusKey: r.status_key, order: data.order, appended: data.appended, createRequests: data.createRequests ?? 1, createdAt: r.created_at };
};

export function storeRepo(db: Db) {
  const byRef = db.prepare<[string, string, string], Row>('SELECT * FROM store_orders WHERE platform = ? AND shop = ? AND reference = ?');
  const byNumber = db.prepare<[string, string, string], Row>('SELECT * FROM store_orders WHERE platform = ? AND shop = ? AND number = ?');
  const byId = db.prepare<[string], Row>('SELECT * FROM store_orders WHERE id = ?');
  const count = db.prepare<[string, string], { n: number }>('SELECT count(*) AS n FROM store_orders WHERE platform = ? AND shop = ?');
  const insert = db.prepare('INSERT INTO store_orders (id, platform, shop, number, reference, status_key, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const update = db.prepare('UPDATE store_orders SET data = ? WHERE id = ?');
  const list = db.prepare<[string, string], Row>('SELECT * FROM store_orders WHERE platform = ? AND shop = ? ORDER BY created_at, rowid');
  const getSwitches = db.prepare<[string, string], { data: string }>('SELECT data FROM store_switches WHERE platform = ? AND shop = ?');
  const putSwitches = db.prepare('INSERT INTO store_switches (platform, shop, data) VALUES (?, ?, ?) ON CONFLICT (platform, shop) DO UPDATE SET data = excluded.data');
  const data = (o: Pick<StoreOrderRecord, 'order' | 'appended' | 'createRequests'>) => JSON.stringify({ order: o.order, appended: o.appended, createRequests: o.createRequests });

  return {
    byReference: (platform: Platform, shop: string, reference: string) => {
      const r = byRef.get(platform, shop, reference);
      return r ? read(r) : undefined;
    },
    byNumber: (platform: Platform, shop: string, number: string) => {
      const r = byNumber.get(platform, shop, number);
      return r ? read(r) : undefined;
    },
    byId: (id: string) => {
      const r = byId.get(id);
      return r ? read(r) : undefined;
    },
    /** A new order, numbered in the store's sequence; one already made under `reference` is answered instead. */
    create(platform: Platform, shop: string, reference: string | null, order: Record<string, unknown>, now: Date): { order: StoreOrderRecord; created: boolean } {
      return db.transaction(() => {
        const found = reference === null ? undefined : byRef.get(platform, shop, reference);
        if (found) {
          const earlier = read(found);
          const again = { ...earlier, createRequests: earlier.createRequests + 1 };
          update.run(data(again), again.id);
          return { order: again, created: false };
        }
        const seq = count.get(platform, shop)!.n + 1;
        const record: StoreOrderRecord = {
          id: `${platform === 'platform_a' ? 'a' : 'b'}ord_${randomBytes(8).toString('hex')}`,
          platform,
          shop,
          number: platform === 'platform_a' ? `#${1000 + seq}` : `B-${String(seq).padStart(6, '0')}`,
          reference,
          statusKey: randomBytes(16).toString('base64url'),
          order,
          appended: [],
          createRequests: 1,
          createdAt: now.toISOString(),
        };
        insert.run(record.id, platform, shop, record.number, reference, record.statusKey, data(record), record.createdAt);
        return { order: record, created: true };
      }).immediate();
    },
    /** The order's own fields changed (paid, cancelled: a platform's later calls on an order made before payment). */
    change(o: StoreOrderRecord, fields: Record<string, unknown>): StoreOrderRecord {
      const next = { ...o, order: { ...o.order, ...fields } };
      update.run(data(next), o.id);
      return next;
    },
    /** Adds lines to an order (platform B); the same reference twice adds them once. */
    append(o: StoreOrderRecord, reference: string | null, items: unknown[]): StoreOrderRecord {
      if (reference !== null && o.appended.some((a) => a.reference === reference)) return o;
      const next = { ...o, appended: [...o.appended, { reference, items }] };
      update.run(data(next), o.id);
      return next;
    },
    list: (platform: Platform, shop: string) => list.all(platform, shop).map(read),
    switches(platform: Platform, shop: string): StoreSwitches {
      const r = getSwitches.get(platform, shop);
      return r ? { ...NO_SWITCHES, ...(JSON.parse(r.data) as Partial<StoreSwitches>) } : NO_SWITCHES;
    },
    setSwitches(platform: Platform, shop: string, s: StoreSwitches) {
      putSwitches.run(platform, shop, JSON.stringify(s));
      return s;
    },
  };
}

export type StoreRepo = ReturnType<typeof storeRepo>;
