/**
 * Reads the store order a session or intent describes (Document 2, "Connected-store order
 * mirroring") into one MirrorSpec, refusing what breaks a rule before anything is stored or
 * charged. Both models come here: `order` + `mirrorTo` (below) and the raw `mirror` block
 * (./raw-block.ts); what they share (the store connection, the test-mode email rule) is checked
 * once, last.
 */
import type { MirrorAddress, MirrorToInput, OrderInput } from '../../../api/mirror.ts';
import { DomainError } from '../../domain/errors.ts';
import type { BuyerRecord, Merchant } from '../../domain/index.ts';
import type { MirrorPostalAddress, MirrorSpec } from '../../domain/mirror.ts';
import { rawMirrorSpec } from './raw-block.ts';

/** The buyer a request names, as mirroring inherits it (camelCase or snake_case, read to one shape). */
export interface MirrorBuyer {
  email?: string | undefined;
  name?: string | undefined;
  /** A charge's `first_name` / `last_name` (Document 2, Buyers): when sent they win over `name`, taken as they are. */
  firstName?: string | undefined;
  lastName?: string | undefined;
  address?: { line1?: string | undefined; line2?: string | undefined; city?: string | undefined; state?: string | undefined; postalCode?: string | undefined; country?: string | undefined } | undefined;
}

export interface MirrorRequest {
  surface: 'session' | 'intent';
  merchant: Merchant;
  livemode: boolean;
  amount: number;
  /** Shapes checked at the edge (the request schemas); the rules between fields here. */
  order?: OrderInput | undefined;
  mirrorTo?: MirrorToInput | undefined;
  /** The raw block: top-level `mirror`, or on an intent its identical `metadata.mirror`. */
  mirror?: unknown;
  buyer: MirrorBuyer | null;
}

const invalidOrder = (what: string) => new DomainError('validation_error', `Invalid order: ${what}`);

/** The store order a request describes; null when it describes none. */
export function mirrorSpecOf(req: MirrorRequest): MirrorSpec | null {
  const ordered = req.order !== undefined || req.mirrorTo !== undefined;
  if (ordered && req.mirror !== undefined) throw new DomainError('order_mirror_conflict');
  let spec: MirrorSpec | null = null;
  if (ordered) spec = orderSpec(req);
  else if (req.mirror !== undefined) spec = rawMirrorSpec(req.mirror, { surface: req.surface, amount: req.amount, storeVouchers: req.merchant.settings.storeVouchers });
  if (spec) checkStoreAndCustomer(spec, req);
  return spec;
}

function orderSpec(req: MirrorRequest): MirrorSpec {
  if (req.order === undefined || req.mirrorTo === undefined) {
    throw new DomainError('validation_error', `${req.order === undefined ? 'order' : 'mirrorTo'} is required with ${req.order === undefined ? 'mirrorTo' : 'order'}: they travel together.`);
  }
  if (!req.merchant.settings.orderModel) throw new DomainError('order_model_disabled');
  const order = req.order;
  const to = req.mirrorTo;
  const b = to.platform === 'platform_b';
  if (!b && order.shipping) throw invalidOrder('platform A takes shipping as a line item; order.shipping is for platform B.');
  if (!b && to.parentOrderRef !== undefined) throw invalidOrder('parentOrderRef (append to an existing order) is for platform B only.');
  if (to.upsellKey !== undefined && to.parentOrderRef === undefined) throw invalidOrder('upsellKey needs parentOrderRef.');
  const missingVariant = b ? order.lineItems.findIndex((l) => l.variantId === undefined) : -1;
  if (missingVariant >= 0) throw invalidOrder(`lineItems.${missingVariant}.variantId is required on platform B.`);
  // The money rule: the description equals the charge (coupons are display only).
  const derived = order.lineItems.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0) + (order.shipping?.amount ?? 0);
  if (derived !== req.amount) {
    throw new DomainError('order_total_mismatch', `The order comes to ${derived} but the charge is ${req.amount}.`, { derived_amount: derived, charge_amount: req.amount });
  }
  const inherited = inherit(req.buyer);
  return {
    model: 'order',
    platform: to.platform,
    store: to.store,
    lines: order.lineItems.map((l) => ({ name: l.name, quantity: l.quantity, unitAmount: l.unitAmount, variantId: l.variantId === undefined ? null : String(l.variantId), sku: l.sku ?? null, productRef: null })),
    shipping: order.shipping ? { amount: order.shipping.amount, label: order.shipping.label ?? null } : null,
    coupon: order.coupon ? { code: order.coupon.code, amount: order.coupon.amount ?? null } : null,
    // Explicit mirrorTo values win over what the buyer gives.
    customer: to.customer
      ? { email: to.customer.email, firstName: to.customer.firstName ?? inherited.firstName, lastName: to.customer.lastName ?? inherited.lastName }
      : inherited.email
        ? { email: inherited.email, firstName: inherited.firstName, lastName: inherited.lastName }
        : null,
    shippingAddress: to.shippingAddress ? postal(to.shippingAddress) : inherited.address,
    billingAddress: to.billingAddress ? postal(to.billingAddress) : inherited.address,
    parentOrderRef: to.parentOrderRef ?? null,
    upsellKey: to.upsellKey ?? null,
    skip: false,
    attribution: null,
    metadata: order.metadata ?? {},
    storeCheckedAtOrder: false,
  };
}

const postal = (a: MirrorAddress): MirrorPostalAddress => ({
  line1: a.line1,
  line2: a.line2 ?? null,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  country: a.country.toUpperCase(),
  name: a.name ?? null,
  phone: a.phone ?? null,
});

/**
 * What `mirrorTo` takes from the buyer: the email (the store customer), the name, and the address
 * for shipping and billing, unless it lacks a city or state (then none: a paid order with nowhere
 * to ship, not an error). The name is `firstName` / `lastName` as sent when either is (Document 2,
 * Buyers: they win over a combined name, which is never split); else the combined name split on
 * its first word (one word is a given name only).
 */
export function inherit(buyer: MirrorBuyer | null) {
  const parts = buyer?.firstName !== undefined || buyer?.lastName !== undefined;
  const words = buyer?.name?.trim().split(/\s+/).filter(Boolean) ?? [];
  const firstName = parts ? (buyer.firstName ?? null) : (words[0] ?? null);
  const lastName = parts ? (buyer.lastName ?? null) : words.length > 1 ? words.slice(1).join(' ') : null;
  const name = parts ? [firstName, lastName].filter(Boolean).join(' ') : (buyer?.name ?? null);
  const a = buyer?.address;
  const address: MirrorPostalAddress | null =
    a?.line1 && a.city && a.state && a.postalCode && a.country
      ? { line1: a.line1, line2: a.line2 ?? null, city: a.city, state: a.state, postalCode: a.postalCode, country: a.country.toUpperCase(), name, phone: null }
      : null;
  return { email: buyer?.email ?? null, firstName, lastName, address };
}

/** Document 2's reserved test domains: a test-mode store customer's email must be at one. */
export function isReservedTestEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return ['example.com', 'example.org', 'example.net', 'localhost'].includes(domain) || /\.(test|invalid|localhost)$/.test(domain);
}

function checkStoreAndCustomer(spec: MirrorSpec, req: Pick<MirrorRequest, 'merchant' | 'livemode'>) {
  // A raw block on an intent for platform A finds an unconnected store only after the payment.
  if (!spec.storeCheckedAtOrder) {
    const connected = req.merchant.settings.connectedStores.find((s) => s.platform === spec.platform && s.store === spec.store);
    if (!connected) throw new DomainError('mirror_shop_not_authorized', `${spec.store} is not a connected ${spec.platform} store of this account.`);
    if (!connected.writeScopes) throw new DomainError('mirror_shop_missing_scopes');
  }
  const testMode = !req.livemode || req.merchant.environment === 'sandbox';
  if (testMode && spec.customer && !isReservedTestEmail(spec.customer.email)) throw new DomainError('mirror_sandbox_email_not_reserved');
}

/**
 * Inheritance from a stored buyer record (the session's `buyerId`, an intent's effective buyer):
 * what neither `mirrorTo` nor the request's own buyer fields gave is taken from the record, the
 * same way (email as the store customer, the name split on its first word, the address for
 * shipping and billing unless it lacks a city or state). Explicit values always win. Only the
 * `order` + `mirrorTo` model inherits; the raw block says everything itself.
 */
export function inheritStored(spec: MirrorSpec, stored: BuyerRecord | null | undefined, req: Pick<MirrorRequest, 'merchant' | 'livemode'>): MirrorSpec {
  if (!stored || spec.model !== 'order') return spec;
  const a = stored.address;
  const from = inherit({ email: stored.email ?? undefined, name: stored.name ?? undefined, address: a ? { line1: a.address_line1, line2: a.address_line2, city: a.city, state: a.state, postalCode: a.postal_code, country: a.country } : undefined });
  const customer = spec.customer
    ? { ...spec.customer, firstName: spec.customer.firstName ?? from.firstName, lastName: spec.customer.lastName ?? from.lastName }
    : from.email
      ? { email: from.email, firstName: from.firstName, lastName: from.lastName }
      : null;
  const next = { ...spec, customer, shippingAddress: spec.shippingAddress ?? from.address, billingAddress: spec.billingAddress ?? from.address };
  checkStoreAndCustomer({ ...next, storeCheckedAtOrder: true }, req);
  return next;
}
