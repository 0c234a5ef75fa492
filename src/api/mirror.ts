/**
 * Connected-store order mirroring (Document 2): the two ways a merchant describes the store order
 * a payment makes, on `POST /v1/sessions` and `POST /v1/payment_intents` alike.
 *
 * - `order` + `mirrorTo` (camelCase on both routes), checked field by field here;
 * - the raw `mirror` block (snake_case), a JSON object of at most 4096 bytes whose own rules
 *   (mirror_* codes) are the engine's (src/server/engine/mirror/), so only its outer shape is here.
 */
import { z } from 'zod';
import { MAX_AMOUNT } from './amount.ts';
import { storePlatforms } from '../vocab/store-platforms.ts';

// The wire and its callers name the platforms through this module; the list itself is vocabulary,
// so the domain's mirror record can name them without importing a wire schema.
export { storePlatforms, type StorePlatform } from '../vocab/store-platforms.ts';

const text = (min: number, max: number) => z.string().min(min).max(max);

export const OrderLine = z.strictObject({
  name: text(1, 200),
  quantity: z.number().int().min(1).max(9999),
  unitAmount: z.number().int().min(0).max(MAX_AMOUNT),
  /** Required on every line for platform B (the store's variant). */
  variantId: z.union([text(1, 64), z.number().int().min(0)]).optional(),
  sku: text(1, 255).optional(),
});

export const OrderInput = z.strictObject({
  lineItems: z.array(OrderLine).min(1).max(100),
  /** Platform B only: platform A takes shipping as a line item. */
  shipping: z.strictObject({ amount: z.number().int().min(0).max(MAX_AMOUNT), label: z.string().max(120).optional() }).optional(),
  /** Display only: the charge's amount is what the buyer pays. */
  coupon: z.strictObject({ code: text(1, 64), amount: z.number().int().min(0).max(MAX_AMOUNT).optional() }).optional(),
  metadata: z.record(text(1, 64), z.string().max(500)).optional(),
});
export type OrderInput = z.infer<typeof OrderInput>;

export const MirrorAddress = z.strictObject({
  line1: text(1, 200),
  line2: z.string().max(200).optional(),
  city: text(1, 100),
  state: text(1, 100),
  postalCode: text(1, 16),
  country: z.string().regex(/^[A-Za-z]{2}$/, 'country must be a 2-letter ISO 3166-1 code'),
  name: text(1, 200).optional(),
  phone: text(3, 32).optional(),
});
export type MirrorAddress = z.infer<typeof MirrorAddress>;

export const MirrorCustomer = z.strictObject({
  email: z.email().max(254),
  firstName: text(1, 100).optional(),
  lastName: text(1, 100).optional(),
});

export const MirrorToInput = z.strictObject({
  platform: z.enum(storePlatforms),
  /** The store's host, exactly as connected (`settings.connectedStores`). */
  store: text(1, 255),
  customer: MirrorCustomer.optional(),
  shippingAddress: MirrorAddress.optional(),
  billingAddress: MirrorAddress.optional(),
  /** Platform B only: add these lines to an order the store already has. */
  parentOrderRef: text(1, 64).optional(),
  /** With `parentOrderRef` only: one charge per key and store. */
  upsellKey: text(1, 64).optional(),
});
export type MirrorToInput = z.infer<typeof MirrorToInput>;

/** `GET …/mirror-order` (both poll routes). */
export const MirrorOrderStatus = z.object({
  status: z.enum(['pending', 'created', 'failed', 'not_mirrored']),
  order_number: z.string().nullable(),
  /** Private to the shopper: never log or share it. */
  order_status_url: z.string().nullable(),
  /** On the direct route, when `failed`. */
  code: z.string().optional(),
  message: z.string().optional(),
});
export type MirrorOrderStatus = z.infer<typeof MirrorOrderStatus>;

/**
 * The switches of a store stand-in (sandbox, QA): the control API's `POST /_sandbox/stores/…/switches`
 * and the stand-in's own route take the same body.
 */
export const StoreSwitchesBody = z.strictObject({
  down: z.boolean().optional(),
  refuseLines: z.boolean().optional(),
  refuseShippingCountries: z.array(z.string().regex(/^[A-Za-z]{2}$/, 'a 2-letter country code')).max(50).optional(),
  /** A slow store: a new order is kept at once and answered this many milliseconds later. */
  answerDelayMs: z.number().int().min(0).max(30_000).optional(),
  /** The store's catalogue: a price (minor units) per variant id, product reference or SKU; unlisted lines cost what they are sent at. */
  prices: z.record(z.string().min(1).max(255), z.number().int().min(0).max(MAX_AMOUNT)).refine((r) => Object.keys(r).length <= 200, 'at most 200 prices').optional(),
  /** Voucher codes the store honours, each with the amount it takes off; any other code is refused. */
  vouchers: z.record(z.string().min(1).max(64), z.number().int().min(0).max(MAX_AMOUNT)).refine((r) => Object.keys(r).length <= 50, 'at most 50 vouchers').optional(),
  /** The store's own currency (it refuses baskets in another); null takes any. */
  currency: z.string().regex(/^[A-Za-z]{3}$/, 'a 3-letter currency code').nullable().optional(),
});

/**
 * `POST /v1/mirror/quote`: a basket priced by a connected store, as the store would price an order
 * made before payment (order-before-charge accounts) or a store-priced voucher. camelCase, as `order`.
 */
export const MirrorQuoteBody = z.strictObject({
  platform: z.enum(storePlatforms),
  store: text(1, 255),
  currency: z.string().regex(/^[A-Za-z]{3}$/, 'a 3-letter ISO 4217 code'),
  lineItems: z.array(OrderLine).min(1).max(100),
  /** Platform B only. */
  shipping: z.strictObject({ amount: z.number().int().min(0).max(MAX_AMOUNT) }).optional(),
  /** A voucher code for the store to price (platform B). */
  voucher: z.strictObject({ code: text(1, 64) }).optional(),
});
export type MirrorQuoteBody = z.infer<typeof MirrorQuoteBody>;

export const MirrorQuote = z.object({
  object: z.literal('mirror_quote'),
  livemode: z.boolean(),
  platform: z.enum(storePlatforms),
  store: z.string(),
  currency: z.string(),
  line_items: z.array(z.object({ name: z.string(), quantity: z.number().int(), unit_amount: z.number().int(), amount: z.number().int() })),
  subtotal: z.number().int(),
  shipping: z.number().int(),
  /** What the voucher takes off (0 without one). */
  discount: z.number().int(),
  total: z.number().int(),
  voucher: z.object({ code: z.string(), amount: z.number().int() }).nullable(),
});
export type MirrorQuote = z.infer<typeof MirrorQuote>;
