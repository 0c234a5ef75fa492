/** The store-order rows of order mirroring (issue 20), part of the store contract (./types.ts). */
import type { MirrorOrderRecord, OrderFirstPurchase } from '../domain/mirror.ts';

export interface MirrorOrderReads {
  get(intentId: string): Promise<MirrorOrderRecord | undefined>;
  /** Pending rows whose next try is due, oldest first. */
  due(now: string, limit: number): Promise<MirrorOrderRecord[]>;
}
export interface MirrorOrderRepo extends MirrorOrderReads {
  /** Writes the row unless the payment has one already; whether it was written. */
  insertNew(o: MirrorOrderRecord): Promise<boolean>;
  update(o: MirrorOrderRecord): Promise<void>;
}

/** Which payment holds an upsell key of a merchant's store (Document 2, `upsell_duplicate`). */
export interface UpsellClaimRepo {
  holder(merchantId: string, store: string, upsellKey: string): Promise<string | undefined>;
  /** Makes `intentId` the key's holder (a new claim, or one taken over from a payment that failed). */
  hold(merchantId: string, store: string, upsellKey: string, intentId: string): Promise<void>;
}

/** Purchases of order-before-charge accounts (engine/mirror/order-first/). */
export interface OrderFirstReads {
  get(id: string): Promise<OrderFirstPurchase | undefined>;
  /** Purchases the store must still be told about whose time came, oldest first. */
  due(now: string, limit: number): Promise<OrderFirstPurchase[]>;
}
export interface OrderFirstRepo extends OrderFirstReads {
  /** Writes the purchase unless one has its id already; whether it was written. */
  insertNew(p: OrderFirstPurchase): Promise<boolean>;
  update(p: OrderFirstPurchase): Promise<void>;
}
