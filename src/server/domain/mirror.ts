/**
 * The store order a payment is to make (Document 2, "Connected-store order mirroring"), one shape
 * whichever model described it (`order` + `mirrorTo`, or the raw `mirror` block), after every rule
 * and the buyer inheritance. Kept sealed with its session or intent (`mirrorSealed`): it holds the
 * store customer's email and addresses.
 */
import type { StorePlatform } from '../../vocab/store-platforms.ts';

export interface MirrorLine {
  name: string | null;
  quantity: number;
  unitAmount: number;
  variantId: string | null;
  sku: string | null;
  /** The raw block's `external_product_ref`. */
  productRef: string | null;
}

export interface MirrorPostalAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  name: string | null;
  phone: string | null;
}

export interface MirrorSpec {
  model: 'order' | 'raw';
  platform: StorePlatform;
  store: string;
  lines: MirrorLine[];
  shipping: { amount: number; label: string | null } | null;
  coupon: { code: string; amount: number | null } | null;
  /**
   * Raw block on an intent, store-priced vouchers on: a code the store prices. `amount` is what the
   * store takes off once priced before the charge (null only before that; absent on specs kept
   * before vouchers existed).
   */
  voucher?: { code: string; amount: number | null } | null;
  customer: { email: string; firstName: string | null; lastName: string | null } | null;
  shippingAddress: MirrorPostalAddress | null;
  billingAddress: MirrorPostalAddress | null;
  parentOrderRef: string | null;
  upsellKey: string | null;
  /** Raw block: record the payment, make no store order. */
  skip: boolean;
  attribution: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  /**
   * A raw block on an intent for platform A is only partly checked before the charge (Document 2):
   * whether the store is connected, with write access, is found when the order is made.
   */
  storeCheckedAtOrder: boolean;
}

/** Why a store order was not made (Document 2's `failed` codes). */
export type MirrorFailureCode = 'mirror_line_invalid' | 'mirror_connection_error' | 'mirror_shipping_country_unsupported' | 'mirror_rejected' | 'mirror_order_cancelled';

/**
 * The store order of one payment (one per payment intent: Document 2's duplicate protection is per
 * payment), written in the transaction that captured it and made by the worker (engine/mirror/store-orders.ts).
 */
export interface MirrorOrderRecord {
  /** The payment intent's id; also the reference the store is sent, by which it is found again. */
  id: string;
  merchantId: string;
  livemode: boolean;
  sessionId: string | null;
  state: 'pending' | 'created' | 'failed' | 'not_mirrored';
  attempts: number;
  nextAttemptAt: string;
  /** The last reason a try did not end it (a store down, a timeout). */
  lastError: string | null;
  code: MirrorFailureCode | null;
  message: string | null;
  orderNumber: string | null;
  /** The buyer's private order-status page, sealed: it is never logged nor shown but on the poll routes and the event. */
  statusUrlSealed: string | null;
  /** Order before charge: the purchase whose store order this payment holds (./OrderFirstPurchase). */
  purchaseId?: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A purchase on an order-before-charge account (`settings.orderFirst`; Document 2): the store order
 * made before its charge, and where it stands. One per purchase: a direct intent's basket, or the
 * session it pays. The store is sent `${id}.${generation}` as the order's reference, so a retry
 * finds (attaches to) the order already made, and an order released after a payment that did not
 * complete is never found again by the next attempt, which makes a new one.
 */
export interface OrderFirstPurchase {
  id: string;
  merchantId: string;
  livemode: boolean;
  platform: StorePlatform;
  store: string;
  generation: number;
  /**
   * `ordered`: the store holds an unpaid order (or is being asked to make it) and no charge holds it;
   * `charging`: a payment intent's charge holds it; `paid`: that charge was captured;
   * `released`: that charge ended without money, and its store order is (being) cancelled.
   */
  state: 'ordered' | 'charging' | 'paid' | 'released';
  /** The store's order of this generation; null until the store answered. */
  order: { storeOrderId: string; number: string; total: number; currency: string } | null;
  /** The shopper's private order page, sealed. */
  statusUrlSealed: string | null;
  paymentIntentId: string | null;
  /** A session's purchase: made with the session, held by it until it is paid or closes unpaid. */
  sessionId?: string | null;
  /** What the store must still be told about the order (`watch`: the charge's outcome is awaited). */
  pending: 'watch' | 'pay' | 'release' | null;
  nextAttemptAt: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}
