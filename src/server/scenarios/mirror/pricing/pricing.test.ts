/**
 * A store prices a basket (issue 20; Document 2): `POST /v1/mirror/quote`, and store-priced
 * vouchers in a raw `mirror` block on intents, against the sandbox's store stand-ins and the
 * catalogue a test gives them. Refused vouchers, amounts and stores refuse before money moves.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../testing.ts';
import { client, expectRefused, nothingCharged } from '../../payment-intents/fixtures.ts';

const STORES = [
  { platform: 'platform_a' as const, store: 'a.example.com', writeScopes: false },
  { platform: 'platform_b' as const, store: 'b.example.com', writeScopes: true },
];
const CATALOGUE = { prices: { '7': 1200 }, vouchers: { SAVE5: 500 } };

async function world(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant({ settings: { connectedStores: STORES, ...settings } });
  const c = client(t, m.merchant.id, m.keys);
  const switches = async (platform: string, shop: string, body: unknown) => expect((await t.json('POST', `/_sandbox/stores/${platform}/${shop}/switches`, body)).status).toBe(200);
  const storeOrders = async (platform: string, shop: string) => ((await (await t.json('GET', `/_sandbox/stores/${platform}/${shop}/orders`)).json()) as { data: { order: Record<string, unknown> }[] }).data;
  const run = () => t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
  return { t, c, switches, storeOrders, run };
}

const BASKET = { platform: 'platform_b', store: 'b.example.com', currency: 'usd', lineItems: [{ name: 'Mug', quantity: 2, unitAmount: 1000, variantId: 7 }, { name: 'Card', quantity: 1, unitAmount: 300, variantId: 'gift' }], shipping: { amount: 500 } };

describe('POST /v1/mirror/quote', () => {
  it('prices the basket at the store’s prices, less a voucher it honours, and makes no order', async () => {
    const w = await world();
    await w.switches('platform_b', 'b.example.com', CATALOGUE);
    const q = await w.c.post('/v1/mirror/quote', { ...BASKET, voucher: { code: 'SAVE5' } });
    expect(q).toEqual({
      status: 200,
      body: {
        object: 'mirror_quote',
        livemode: false,
        platform: 'platform_b',
        store: 'b.example.com',
        currency: 'USD',
        line_items: [
          { name: 'Mug', quantity: 2, unit_amount: 1200, amount: 2400 },
          { name: 'Card', quantity: 1, unit_amount: 300, amount: 300 },
        ],
        subtotal: 2700,
        shipping: 500,
        discount: 500,
        total: 2700,
        voucher: { code: 'SAVE5', amount: 500 },
      },
    });
    expect(await w.storeOrders('platform_b', 'b.example.com')).toEqual([]);
    // Platform A quotes in its own decimal prices, and a read-only connection may quote.
    const a = await w.c.post('/v1/mirror/quote', { platform: 'platform_a', store: 'a.example.com', currency: 'usd', lineItems: [{ name: 'Tee', quantity: 3, unitAmount: 999 }] });
    expect(a.body).toMatchObject({ subtotal: 2997, shipping: 0, discount: 0, total: 2997, voucher: null });
  });

  it('refuses what the store refuses, and a store it cannot reach, with its own codes', async () => {
    const w = await world();
    await w.switches('platform_b', 'b.example.com', CATALOGUE);
    expect(await w.c.post('/v1/mirror/quote', { ...BASKET, voucher: { code: 'NOPE' } })).toMatchObject({ status: 400, body: { code: 'mirror_voucher_rejected' } });
    expect(await w.c.post('/v1/mirror/quote', { ...BASKET, store: 'c.example.com' })).toMatchObject({ status: 400, body: { code: 'mirror_shop_not_authorized' } });
    expect(await w.c.post('/v1/mirror/quote', { ...BASKET, lineItems: [{ name: 'Mug', quantity: 1, unitAmount: 1 }] })).toMatchObject({ status: 400, body: { code: 'validation_error', error: expect.stringMatching(/^Invalid order: lineItems\.0\.variantId/) } });
    const a = { platform: 'platform_a', store: 'a.example.com', currency: 'usd', lineItems: [{ name: 'Tee', quantity: 1, unitAmount: 1 }] };
    expect(await w.c.post('/v1/mirror/quote', { ...a, shipping: { amount: 1 } })).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect(await w.c.post('/v1/mirror/quote', { ...a, voucher: { code: 'SAVE5' } })).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect(await w.c.post('/v1/mirror/quote', { ...BASKET, extra: 1 })).toMatchObject({ status: 400, body: { code: 'validation_unknown_field' } });
    await w.switches('platform_b', 'b.example.com', { currency: 'eur' });
    expect(await w.c.post('/v1/mirror/quote', BASKET)).toMatchObject({ status: 400, body: { code: 'mirror_currency_mismatch', order_currency: 'eur' } });
    await w.switches('platform_b', 'b.example.com', { currency: null, down: true });
    expect(await w.c.post('/v1/mirror/quote', BASKET)).toMatchObject({ status: 503, body: { code: 'mirror_store_unavailable' } });
    expect(await w.c.post('/v1/mirror/quote', { ...BASKET, voucher: { code: 'SAVE5' } })).toMatchObject({ status: 503, body: { code: 'mirror_voucher_unverifiable' } });
  });

  it('takes a secret key only', async () => {
    const w = await world();
    const res = await w.t.json('POST', '/v1/mirror/quote', BASKET, { Authorization: `Bearer ${w.c.keys.publishable}` });
    expect(res.status).toBe(403);
  });
});

const RAW = (voucher: Record<string, unknown>) => ({
  mirror: {
    destination: 'platform_b',
    shop: 'b.example.com',
    customer: { email: 'ada@example.com' },
    line_items: [{ external_product_ref: 'mug', variant_id: 7, quantity: 2, unit_amount: 1200 }],
    voucher,
  },
});

describe('a store-priced voucher in a raw mirror block on an intent', () => {
  it('is off unless the account turns it on', async () => {
    const w = await world();
    await expectRefused(w.c, await w.c.pay(await w.c.vault(), { amount: 1900, ...RAW({ code: 'SAVE5' }) }), 400, 'mirror_voucher_disabled');
  });

  it('is priced by the store before the charge, kept, and sent with the order the payment makes', async () => {
    const w = await world({ storeVouchers: true });
    await w.switches('platform_b', 'b.example.com', CATALOGUE);
    // No amount: the store's price is taken; the lines less it must not exceed the charge.
    const paid = await w.c.payJson(await w.c.vault(), { amount: 1900, ...RAW({ code: 'SAVE5' }) });
    expect([paid.status, paid.body.status]).toEqual([201, 'succeeded']);
    // The amount the merchant quoted agrees with the store: accepted too.
    expect((await w.c.payJson(await w.c.vault(), { amount: 1900, ...RAW({ code: 'SAVE5', amount: 500 }) })).status).toBe(201);
    await w.run();
    const orders = await w.storeOrders('platform_b', 'b.example.com');
    expect(orders.map((o) => [o.order.voucher_code, o.order.discount_cents])).toEqual([
      ['SAVE5', 500],
      ['SAVE5', 500],
    ]);
  });

  it('refuses a code the store does not honour, an amount not the store’s, lines above the charge, and a store that cannot price now, charging nothing', async () => {
    const w = await world({ storeVouchers: true });
    await w.switches('platform_b', 'b.example.com', CATALOGUE);
    const card = await w.c.vault();
    await expectRefused(w.c, await w.c.pay(card, { amount: 1900, ...RAW({ code: 'NOPE' }) }), 400, 'mirror_voucher_rejected');
    const wrong = await expectRefused(w.c, await w.c.pay(card, { amount: 1900, ...RAW({ code: 'SAVE5', amount: 400 }) }), 400, 'mirror_voucher_amount_mismatch');
    expect(wrong.voucher_amount).toBe(500);
    const below = await expectRefused(w.c, await w.c.pay(card, { amount: 1800, ...RAW({ code: 'SAVE5' }) }), 400, 'mirror_amount_below_line_items');
    expect([below.derived_amount, below.charge_amount]).toEqual([1900, 1800]);
    await w.switches('platform_b', 'b.example.com', { refuseLines: true });
    const lines = await expectRefused(w.c, await w.c.pay(card, { amount: 1900, ...RAW({ code: 'SAVE5' }) }), 400, 'mirror_voucher_rejected');
    expect(lines.error).toMatch(/could not price this basket/);
    await w.switches('platform_b', 'b.example.com', { refuseLines: false, currency: 'eur' });
    const currency = await expectRefused(w.c, await w.c.pay(card, { amount: 1900, ...RAW({ code: 'SAVE5' }) }), 400, 'mirror_currency_mismatch');
    expect(currency.order_currency).toBe('eur');
    await w.switches('platform_b', 'b.example.com', { currency: null, down: true });
    await expectRefused(w.c, await w.c.pay(card, { amount: 1900, ...RAW({ code: 'SAVE5' }) }), 503, 'mirror_voucher_unverifiable');
    await nothingCharged(w.c);
  });

  it('is refused on sessions whatever the account says', async () => {
    const w = await world({ storeVouchers: true });
    const res = await w.c.post('/v1/sessions', { amount: 1900, currency: 'usd', ...RAW({ code: 'SAVE5' }) });
    expect(res).toMatchObject({ status: 400, body: { code: 'mirror_voucher_disabled' } });
  });
});
