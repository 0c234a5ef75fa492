/**
 * The raw `mirror` block (Document 2): a JSON object of at most 4096 bytes, snake_case, read into
 * the MirrorSpec both models share. It alone expresses a store-priced voucher, `skip` (record the
 * payment, make no order) and `attribution`. Its refusals, in the order checked: not an object
 * (`mirror_malformed`), too large, a line with no product, the shape, then the rules between fields.
 */
import { z } from 'zod';
import { storePlatforms } from '../../../api/mirror.ts';
import { MAX_AMOUNT } from '../../../api/amount.ts';
import { DomainError } from '../../domain/errors.ts';
import type { MirrorPostalAddress, MirrorSpec } from '../../domain/mirror.ts';

export const MIRROR_MAX_BYTES = 4096;

const text = (min: number, max: number) => z.string().min(min).max(max);
const amount = z.number().int().min(0).max(MAX_AMOUNT);

const RawAddress = z.strictObject({
  line1: text(1, 200),
  line2: z.string().max(200).optional(),
  city: text(1, 100),
  state: text(1, 100),
  postal_code: text(1, 16),
  country: z.string().regex(/^[A-Za-z]{2}$/, 'country must be a 2-letter ISO 3166-1 code'),
  name: text(1, 200).optional(),
  phone: text(3, 32).optional(),
});

const RawLine = z.strictObject({
  external_product_ref: text(1, 255),
  quantity: z.number().int().min(1).max(9999).default(1),
  unit_amount: amount,
  name: text(1, 200).optional(),
  sku: text(1, 255).optional(),
  variant_id: z.union([text(1, 64), z.number().int().min(0)]).optional(),
});

export const RawMirror = z.strictObject({
  contract_version: z.union([text(1, 16), z.number().int().min(1)]).optional(),
  destination: z.enum(storePlatforms),
  shop: text(1, 255),
  line_items: z.array(RawLine).min(1).max(100),
  customer: z.strictObject({ email: z.email().max(254), first_name: text(1, 100).optional(), last_name: text(1, 100).optional() }),
  skip: z.boolean().optional(),
  attribution: z
    .strictObject({
      affiliate: text(1, 100).optional(),
      utm_source: text(1, 200).optional(),
      utm_medium: text(1, 200).optional(),
      utm_campaign: text(1, 200).optional(),
      utm_term: text(1, 200).optional(),
      utm_content: text(1, 200).optional(),
      funnel: text(1, 100).optional(),
      passthrough: z.record(text(1, 64), z.string().max(500)).optional(),
    })
    .optional(),
  shipping_address: RawAddress.optional(),
  billing_address: RawAddress.optional(),
  metadata: z.record(text(1, 64), z.string().max(500)).optional(),
  shipping: z.strictObject({ amount, label: z.string().max(120).optional() }).optional(),
  coupon: z.strictObject({ code: text(1, 64), amount: amount.optional() }).optional(),
  voucher: z.strictObject({ code: text(1, 64), amount: amount.optional() }).optional(),
  parent_order_ref: text(1, 64).optional(),
  upsell_key: text(1, 64).optional(),
  settle_only: z.boolean().optional(),
});

/** What the lines itemise, with shipping and less a voucher. */
export const itemisedOf = (lines: { unitAmount: number; quantity: number }[], shipping: number, discount: number) =>
  lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0) + shipping - discount;

/** One-sided: charging more than the lines itemise is allowed, less is not. */
export function checkItemised(itemised: number, amount: number): void {
  if (itemised > amount) throw new DomainError('mirror_amount_below_line_items', `The lines come to ${itemised} but the charge is ${amount}.`, { derived_amount: itemised, charge_amount: amount });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const postal = (a: z.infer<typeof RawAddress> | undefined): MirrorPostalAddress | null =>
  a ? { line1: a.line1, line2: a.line2 ?? null, city: a.city, state: a.state, postalCode: a.postal_code, country: a.country.toUpperCase(), name: a.name ?? null, phone: a.phone ?? null } : null;

/** The block's fields, or the first thing wrong with them, named by its path (`mirror.…`). */
function shaped(block: Record<string, unknown>): z.infer<typeof RawMirror> {
  const r = RawMirror.safeParse(block);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = ['mirror', ...issue.path].join('.');
  if (issue.code === 'unrecognized_keys') throw new DomainError('validation_unknown_field', `unknown field ${issue.keys.map((k) => `${path}.${k}`).join(', ')}`);
  throw new DomainError('validation_error', `${path}: ${issue.message}`);
}

export function rawMirrorSpec(block: unknown, ctx: { surface: 'session' | 'intent'; amount: number; storeVouchers: boolean }): MirrorSpec {
  if (!isObject(block)) throw new DomainError('mirror_malformed', 'mirror must be a JSON object (never a string or an array).');
  if (Buffer.byteLength(JSON.stringify(block), 'utf8') > MIRROR_MAX_BYTES) throw new DomainError('mirror_too_large');
  const lines = block.line_items;
  if (Array.isArray(lines)) {
    const bare = lines.findIndex((l) => !isObject(l) || l.external_product_ref === undefined);
    if (bare >= 0) throw new DomainError('mirror_line_missing_product_ref', `mirror.line_items.${bare} has no external_product_ref.`);
  }
  const m = shaped(block);
  const a = m.destination === 'platform_a';
  // On sessions the platform A refusals an intent names come back as validation_error.
  const platformA = (code: 'mirror_shopify_voucher_unsupported' | 'mirror_shopify_shipping_unsupported', what: string) =>
    ctx.surface === 'intent' ? new DomainError(code) : new DomainError('validation_error', `mirror.${what} is not available for a platform A store.`);
  if (m.settle_only) throw new DomainError('mirror_settle_only_disabled');
  if (m.skip && m.voucher) throw new DomainError('validation_error', 'mirror.skip cannot be combined with mirror.voucher: a skipped order has nothing to price.');
  if (a && m.parent_order_ref !== undefined) throw new DomainError('mirror_upsell_unsupported');
  if (m.upsell_key !== undefined && m.parent_order_ref === undefined) throw new DomainError('validation_error', 'mirror.upsell_key needs mirror.parent_order_ref.');
  if (a && m.voucher) throw platformA('mirror_shopify_voucher_unsupported', 'voucher');
  if (a && m.shipping) throw platformA('mirror_shopify_shipping_unsupported', 'shipping');
  // Store-priced vouchers are always off on sessions, and on intents unless the account turns them on.
  if (m.voucher && (ctx.surface === 'session' || !ctx.storeVouchers)) throw new DomainError('mirror_voucher_disabled');
  // With a voucher the store's price of it comes first (./vouchers.ts checks the lines against the charge then).
  if (!m.voucher) checkItemised(itemisedOf(m.line_items.map((l) => ({ unitAmount: l.unit_amount, quantity: l.quantity })), a ? 0 : (m.shipping?.amount ?? 0), 0), ctx.amount);
  return {
    model: 'raw',
    platform: m.destination,
    store: m.shop,
    lines: m.line_items.map((l) => ({ name: l.name ?? null, quantity: l.quantity, unitAmount: l.unit_amount, variantId: l.variant_id === undefined ? null : String(l.variant_id), sku: l.sku ?? null, productRef: l.external_product_ref })),
    shipping: m.shipping ? { amount: m.shipping.amount, label: m.shipping.label ?? null } : null,
    coupon: m.coupon ? { code: m.coupon.code, amount: m.coupon.amount ?? null } : null,
    voucher: m.voucher ? { code: m.voucher.code, amount: m.voucher.amount ?? null } : null,
    customer: { email: m.customer.email, firstName: m.customer.first_name ?? null, lastName: m.customer.last_name ?? null },
    shippingAddress: postal(m.shipping_address),
    billingAddress: postal(m.billing_address),
    parentOrderRef: m.parent_order_ref ?? null,
    upsellKey: m.upsell_key ?? null,
    skip: m.skip === true,
    attribution: m.attribution ?? null,
    metadata: m.metadata ?? {},
    storeCheckedAtOrder: ctx.surface === 'intent' && a,
  };
}
