import { describe, expect, it } from 'vitest';
import { priceBasket } from './pricing.ts';

const none = { prices: {}, vouchers: {}, currency: null };

describe('priceBasket', () => {
  it('prices lines as sent when the catalogue lists none of them', () => {
    expect(priceBasket(none, { currency: 'usd', lines: [{ keys: ['v1'], quantity: 2, unitAmount: 1000 }], shipping: 500, voucherCode: null })).toEqual({
      ok: true,
      currency: 'USD',
      lines: [{ unitAmount: 1000, quantity: 2, amount: 2000 }],
      subtotal: 2000,
      shipping: 500,
      discount: 0,
      total: 2500,
    });
  });

  it('takes the catalogue’s price by variant, then product, then SKU', () => {
    const s = { ...none, prices: { v1: 1200, 'prod-2': 300, 'SKU-3': 50 } };
    const p = priceBasket(s, {
      currency: 'USD',
      lines: [
        { keys: ['v1', 'prod-9', 'SKU-3'], quantity: 1, unitAmount: 1000 },
        { keys: [null, 'prod-2', 'SKU-3'], quantity: 2, unitAmount: 1000 },
        { keys: [undefined, null, 'SKU-3'], quantity: 3, unitAmount: 1000 },
      ],
      shipping: 0,
      voucherCode: null,
    });
    expect(p).toMatchObject({ ok: true, subtotal: 1200 + 600 + 150, total: 1950 });
  });

  it('takes a listed voucher off, never below zero, and refuses any other code', () => {
    const s = { ...none, vouchers: { TEN: 1000, HUGE: 99_999 } };
    const basket = { currency: 'USD', lines: [{ keys: [], quantity: 1, unitAmount: 3000 }], shipping: 500, voucherCode: 'TEN' };
    expect(priceBasket(s, basket)).toMatchObject({ ok: true, discount: 1000, total: 2500 });
    expect(priceBasket(s, { ...basket, voucherCode: 'HUGE' })).toMatchObject({ ok: true, discount: 3500, total: 0 });
    expect(priceBasket(s, { ...basket, voucherCode: 'ten' })).toEqual({ ok: false, problem: 'voucher', code: 'ten' });
  });

  it('refuses a basket in another currency than the store’s own', () => {
    const s = { ...none, currency: 'EUR' };
    const basket = { currency: 'usd', lines: [{ keys: [], quantity: 1, unitAmount: 100 }], shipping: 0, voucherCode: null };
    expect(priceBasket(s, basket)).toEqual({ ok: false, problem: 'currency', storeCurrency: 'EUR' });
    expect(priceBasket(s, { ...basket, currency: 'eur' })).toMatchObject({ ok: true, total: 100 });
  });
});
