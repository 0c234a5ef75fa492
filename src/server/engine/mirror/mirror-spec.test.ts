/**
 * Document 2's order-mirroring rules, one by one, on the function both routes use: what a session
 * or intent may describe, what it inherits from the buyer, and the code each broken rule answers.
 */
import { describe, expect, it } from 'vitest';
import { MerchantSettings, type Merchant } from '../../domain/index.ts';
import { DomainError } from '../../domain/errors.ts';
import { inherit, isReservedTestEmail, mirrorSpecOf, type MirrorRequest } from './mirror-spec.ts';

const STORES = [
  { platform: 'platform_a', store: 'a.example.com', writeScopes: true },
  { platform: 'platform_b', store: 'b.example.com', writeScopes: true },
  { platform: 'platform_b', store: 'readonly.example.com', writeScopes: false },
];
const merchant = (settings: Record<string, unknown> = {}) =>
  ({ id: 'm_1', environment: 'sandbox', processor: 'sandbox', status: 'active', name: 'Shop', settings: MerchantSettings.parse({ connectedStores: STORES, ...settings }), createdAt: '' }) as Merchant;

const line = (unitAmount: number, quantity = 1, extra: Record<string, unknown> = {}) => ({ name: 'Tee', quantity, unitAmount, ...extra });
const toA = { platform: 'platform_a' as const, store: 'a.example.com' };
const toB = { platform: 'platform_b' as const, store: 'b.example.com' };

const req = (over: Partial<MirrorRequest>): MirrorRequest => ({ surface: 'session', merchant: merchant(), livemode: false, amount: 2500, buyer: null, ...over }) as MirrorRequest;
const codeOf = (r: MirrorRequest) => {
  try {
    mirrorSpecOf(r);
    return null;
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};
const raw = (over: Record<string, unknown> = {}) => ({
  contract_version: 1,
  destination: 'platform_b',
  shop: 'b.example.com',
  line_items: [{ external_product_ref: 'prod_1', quantity: 2, unit_amount: 1000 }],
  customer: { email: 'ada@example.com' },
  ...over,
});

describe('order + mirrorTo', () => {
  it('describes the store order when the lines come to the charge (platform B: plus shipping)', () => {
    const a = mirrorSpecOf(req({ order: { lineItems: [line(1000, 2), line(500)] }, mirrorTo: toA }))!;
    expect(a).toMatchObject({ model: 'order', platform: 'platform_a', store: 'a.example.com', lines: [{ quantity: 2, unitAmount: 1000 }, { quantity: 1, unitAmount: 500 }] });
    const b = mirrorSpecOf(req({ order: { lineItems: [line(2000, 1, { variantId: 42 })], shipping: { amount: 500, label: 'Post' } }, mirrorTo: toB }))!;
    expect(b).toMatchObject({ lines: [{ variantId: '42' }], shipping: { amount: 500, label: 'Post' } });
    expect(mirrorSpecOf(req({}))).toBeNull();
  });

  it('answers order_total_mismatch with both amounts; coupons change nothing', () => {
    const r = req({ order: { lineItems: [line(1000)], coupon: { code: 'TEN', amount: 1500 } }, mirrorTo: toA });
    expect(() => mirrorSpecOf(r)).toThrow(expect.objectContaining({ code: 'order_total_mismatch', extra: { derived_amount: 1000, charge_amount: 2500 } }));
  });

  it('refuses what a platform does not take, each with its code', () => {
    const cases: [Partial<MirrorRequest>, string][] = [
      [{ order: { lineItems: [line(2500)] } }, 'validation_error'],
      [{ mirrorTo: toA }, 'validation_error'],
      [{ order: { lineItems: [line(2000)], shipping: { amount: 500 } }, mirrorTo: toA }, 'validation_error'],
      [{ order: { lineItems: [line(2500)] }, mirrorTo: { ...toA, parentOrderRef: 'o_1' } }, 'validation_error'],
      [{ order: { lineItems: [line(2500, 1, { variantId: 1 })] }, mirrorTo: { ...toB, upsellKey: 'u' } }, 'validation_error'],
      [{ order: { lineItems: [line(2500)] }, mirrorTo: toB }, 'validation_error'],
      [{ order: { lineItems: [line(2500)] }, mirrorTo: toA, mirror: raw() }, 'order_mirror_conflict'],
      [{ order: { lineItems: [line(2500)] }, mirrorTo: toA, merchant: merchant({ orderModel: false }) }, 'order_model_disabled'],
      [{ order: { lineItems: [line(2500)] }, mirrorTo: { ...toA, store: 'other.example.com' } }, 'mirror_shop_not_authorized'],
      [{ order: { lineItems: [line(2500, 1, { variantId: 1 })] }, mirrorTo: { ...toB, store: 'readonly.example.com' } }, 'mirror_shop_missing_scopes'],
      [{ order: { lineItems: [line(2500)] }, mirrorTo: { ...toA, customer: { email: 'ada@gmail.com' } } }, 'mirror_sandbox_email_not_reserved'],
    ];
    for (const [over, code] of cases) expect(codeOf(req(over)), JSON.stringify(over)).toBe(code);
    const invalid = () => mirrorSpecOf(req({ order: { lineItems: [line(2000)], shipping: { amount: 500 } }, mirrorTo: toA }));
    expect(invalid).toThrow(/^Invalid order:/);
  });

  it('inherits the buyer: email, the name split on its first word, the address unless it lacks a city or state; mirrorTo wins', () => {
    const address = { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'us' };
    const spec = mirrorSpecOf(req({ order: { lineItems: [line(2500)] }, mirrorTo: toA, buyer: { email: 'ada@example.com', name: 'Ada King Lovelace', address } }))!;
    expect(spec.customer).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: 'King Lovelace' });
    expect(spec.shippingAddress).toMatchObject({ line1: '1 Main St', city: 'Springfield', country: 'US' });
    expect(spec.billingAddress).toEqual(spec.shippingAddress);
    expect(inherit({ name: 'Cher' })).toMatchObject({ firstName: 'Cher', lastName: null });
    expect(inherit({ address: { ...address, state: undefined } }).address).toBeNull();
    const explicit = { line1: '9 Dock Rd', city: 'Portland', state: 'OR', postalCode: '97201', country: 'US' };
    const own = mirrorSpecOf(req({ order: { lineItems: [line(2500)] }, mirrorTo: { ...toA, customer: { email: 'grace@example.org', lastName: 'Hopper' }, shippingAddress: explicit }, buyer: { email: 'ada@example.com', name: 'Ada Lovelace', address } }))!;
    expect(own.customer).toEqual({ email: 'grace@example.org', firstName: 'Ada', lastName: 'Hopper' });
    expect(own.shippingAddress).toMatchObject({ line1: '9 Dock Rd' });
    expect(own.billingAddress).toMatchObject({ line1: '1 Main St' });
    // No buyer email and no mirrorTo.customer: no store customer, and no error.
    expect(mirrorSpecOf(req({ order: { lineItems: [line(2500)] }, mirrorTo: toA }))!.customer).toBeNull();
  });

  it('takes any email from a live merchant in live mode; reserved test domains only otherwise', () => {
    const order = { order: { lineItems: [line(2500)] }, mirrorTo: { ...toA, customer: { email: 'ada@gmail.com' } } };
    expect(codeOf(req({ ...order, livemode: true, merchant: { ...merchant(), environment: 'live' } }))).toBeNull();
    expect(codeOf(req({ ...order, buyer: null, mirrorTo: toA, order: order.order }))).toBeNull();
    expect(codeOf(req({ order: order.order, mirrorTo: toA, buyer: { email: 'ada@gmail.com' } }))).toBe('mirror_sandbox_email_not_reserved');
    for (const ok of ['a@example.com', 'a@EXAMPLE.org', 'a@example.net', 'a@localhost', 'a@shop.test', 'a@x.invalid', 'a@dev.localhost']) expect(isReservedTestEmail(ok), ok).toBe(true);
    for (const no of ['a@gmail.com', 'a@example.co', 'a@test.com', 'a@notexample.com']) expect(isReservedTestEmail(no), no).toBe(false);
  });
});

describe('the raw mirror block', () => {
  it('reads into the same store order, with skip and attribution', () => {
    const spec = mirrorSpecOf(req({ mirror: raw({ skip: true, attribution: { utm_source: 'mail' } }) }))!;
    expect(spec).toMatchObject({ model: 'raw', platform: 'platform_b', store: 'b.example.com', lines: [{ productRef: 'prod_1', quantity: 2, unitAmount: 1000 }], skip: true, attribution: { utm_source: 'mail' }, customer: { email: 'ada@example.com' } });
  });

  it('refuses each broken rule with its code', () => {
    const cases: [unknown, string, ('session' | 'intent')?][] = [
      ['{"shop":"b.example.com"}', 'mirror_malformed'],
      [[raw()], 'mirror_malformed'],
      [raw({ metadata: { note: 'x'.repeat(450) }, attribution: { passthrough: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'y'.repeat(450)])) } }), 'mirror_too_large'],
      [raw({ line_items: [{ quantity: 1, unit_amount: 100 }] }), 'mirror_line_missing_product_ref'],
      [raw({ colour: 'red' }), 'validation_unknown_field'],
      [raw({ settle_only: true }), 'mirror_settle_only_disabled'],
      [raw({ skip: true, voucher: { code: 'V' } }), 'validation_error'],
      [raw({ destination: 'platform_a', shop: 'a.example.com', parent_order_ref: 'o_1' }), 'mirror_upsell_unsupported'],
      [raw({ upsell_key: 'u' }), 'validation_error'],
      [raw({ destination: 'platform_a', shop: 'a.example.com', voucher: { code: 'V' } }), 'mirror_shopify_voucher_unsupported', 'intent'],
      [raw({ destination: 'platform_a', shop: 'a.example.com', voucher: { code: 'V' } }), 'validation_error', 'session'],
      [raw({ destination: 'platform_a', shop: 'a.example.com', shipping: { amount: 100 } }), 'mirror_shopify_shipping_unsupported', 'intent'],
      [raw({ destination: 'platform_a', shop: 'a.example.com', shipping: { amount: 100 } }), 'validation_error', 'session'],
      [raw({ voucher: { code: 'V' } }), 'mirror_voucher_disabled', 'session'],
      [raw({ line_items: [{ external_product_ref: 'p', quantity: 3, unit_amount: 1000 }] }), 'mirror_amount_below_line_items'],
      [raw({ shipping: { amount: 600 } }), 'mirror_amount_below_line_items'],
      [raw({ shop: 'elsewhere.example.com' }), 'mirror_shop_not_authorized'],
      [raw({ customer: { email: 'ada@gmail.com' } }), 'mirror_sandbox_email_not_reserved'],
    ];
    for (const [mirror, code, surface] of cases) expect(codeOf(req({ mirror, surface: surface ?? 'session' })), JSON.stringify(mirror).slice(0, 80)).toBe(code);
  });

  it('charging more than the lines itemise is allowed (one-sided)', () => {
    expect(codeOf(req({ mirror: raw(), amount: 99_000 }))).toBeNull();
  });

  it('on an intent for platform A leaves the store connection to the order; elsewhere checks it first', () => {
    const unconnected = raw({ destination: 'platform_a', shop: 'gone.example.com' });
    expect(mirrorSpecOf(req({ mirror: unconnected, surface: 'intent' }))).toMatchObject({ storeCheckedAtOrder: true });
    expect(codeOf(req({ mirror: unconnected, surface: 'session' }))).toBe('mirror_shop_not_authorized');
    expect(codeOf(req({ mirror: raw({ shop: 'gone.example.com' }), surface: 'intent' }))).toBe('mirror_shop_not_authorized');
  });
});

describe('what a store order reads to, field by field', () => {
  const full = { line1: '1 Main St', line2: 'Apt 2', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'us', name: 'Ada', phone: '+15550100' };
  const postal = { line1: '1 Main St', line2: 'Apt 2', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US', name: 'Ada', phone: '+15550100' };

  it('order + mirrorTo, every field', () => {
    const spec = mirrorSpecOf(
      req({
        order: { lineItems: [line(2000, 1, { variantId: 'v-1', sku: 'TEE' }), line(0, 1, { variantId: 9 })], shipping: { amount: 500 }, coupon: { code: 'TEN' }, metadata: { cart: 'c1' } },
        mirrorTo: { ...toB, customer: { email: 'ada@example.com' }, shippingAddress: full, billingAddress: { ...full, line2: undefined, name: undefined, phone: undefined }, parentOrderRef: 'B-1', upsellKey: 'u-1' },
      }),
    );
    expect(spec).toEqual({
      model: 'order',
      platform: 'platform_b',
      store: 'b.example.com',
      lines: [
        { name: 'Tee', quantity: 1, unitAmount: 2000, variantId: 'v-1', sku: 'TEE', productRef: null },
        { name: 'Tee', quantity: 1, unitAmount: 0, variantId: '9', sku: null, productRef: null },
      ],
      shipping: { amount: 500, label: null },
      coupon: { code: 'TEN', amount: null },
      customer: { email: 'ada@example.com', firstName: null, lastName: null },
      shippingAddress: postal,
      billingAddress: { ...postal, line2: null, name: null, phone: null },
      parentOrderRef: 'B-1',
      upsellKey: 'u-1',
      skip: false,
      attribution: null,
      metadata: { cart: 'c1' },
      storeCheckedAtOrder: false,
    });
    const bare = mirrorSpecOf(req({ order: { lineItems: [line(2500)] }, mirrorTo: toA }))!;
    expect(bare).toMatchObject({ lines: [{ variantId: null, sku: null }], shipping: null, coupon: null, parentOrderRef: null, upsellKey: null, metadata: {}, shippingAddress: null });
    // A buyer name with runs of spaces still splits into given and family names.
    expect(inherit({ name: '  Ada   King  ' })).toMatchObject({ firstName: 'Ada', lastName: 'King' });
    expect(inherit({ address: { line1: '1 Main St', city: 'X', state: 'Y', postalCode: '1', country: 'fr' }, name: 'Ada L' }).address).toEqual({ line1: '1 Main St', line2: null, city: 'X', state: 'Y', postalCode: '1', country: 'FR', name: 'Ada L', phone: null });
  });

  it('the raw block, every field', () => {
    const address = { line1: '1 Main St', line2: 'Apt 2', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'us', name: 'Ada', phone: '+15550100' };
    const spec = mirrorSpecOf(
      req({
        mirror: raw({
          line_items: [{ external_product_ref: 'p1', quantity: 2, unit_amount: 500, name: 'Tee', sku: 'TEE', variant_id: 7 }, { external_product_ref: 'p2', unit_amount: 100 }],
          customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
          shipping: { amount: 300, label: 'Post' },
          coupon: { code: 'TEN', amount: 100 },
          shipping_address: address,
          billing_address: address,
          parent_order_ref: 'B-1',
          upsell_key: 'u-1',
          metadata: { cart: 'c1' },
          attribution: { affiliate: 'aff' },
        }),
      }),
    );
    expect(spec).toEqual({
      model: 'raw',
      platform: 'platform_b',
      store: 'b.example.com',
      lines: [
        { name: 'Tee', quantity: 2, unitAmount: 500, variantId: '7', sku: 'TEE', productRef: 'p1' },
        { name: null, quantity: 1, unitAmount: 100, variantId: null, sku: null, productRef: 'p2' },
      ],
      shipping: { amount: 300, label: 'Post' },
      coupon: { code: 'TEN', amount: 100 },
      voucher: null,
      customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      shippingAddress: postal,
      billingAddress: postal,
      parentOrderRef: 'B-1',
      upsellKey: 'u-1',
      skip: false,
      attribution: { affiliate: 'aff' },
      metadata: { cart: 'c1' },
      storeCheckedAtOrder: false,
    });
    expect(mirrorSpecOf(req({ mirror: raw({ customer: { email: 'ada@example.com' } }) }))).toMatchObject({ customer: { firstName: null, lastName: null }, parentOrderRef: null, upsellKey: null, metadata: {}, skip: false });
  });

  it('names what is wrong, and takes a block of exactly 4096 bytes', () => {
    expect(() => mirrorSpecOf(req({ mirror: raw({ colour: 'red' }) }))).toThrow('unknown field mirror.colour');
    expect(() => mirrorSpecOf(req({ mirror: raw({ line_items: [{ external_product_ref: 'p', quantity: 0, unit_amount: 1 }] }) }))).toThrow(/^mirror\.line_items\.0\.quantity: /);
    expect(codeOf(req({ mirror: null }))).toBe('mirror_malformed');
    expect(codeOf(req({ mirror: raw({ line_items: 'p1' }) }))).toBe('validation_error');
    // Metadata values of at most 500 characters, filled until the block is exactly 4096 bytes.
    const metadata: Record<string, string> = {};
    const size = () => Buffer.byteLength(JSON.stringify(raw({ metadata })));
    for (let i = 0; size() < 4096; i++) {
      metadata[`k${i}`] = '';
      metadata[`k${i}`] = 'x'.repeat(Math.max(0, Math.min(500, 4096 - size())));
    }
    expect(size()).toBe(4096);
    expect(codeOf(req({ mirror: raw({ metadata }), amount: 99_999 }))).toBeNull();
    expect(codeOf(req({ mirror: raw({ metadata: { ...metadata, k0: `${metadata.k0!.slice(1)}yy` } }), amount: 99_999 }))).toBe('mirror_too_large');
    // A store of the same host on the other platform is not the connected one.
    expect(codeOf(req({ mirror: raw({ shop: 'a.example.com' }) }))).toBe('mirror_shop_not_authorized');
  });
});
