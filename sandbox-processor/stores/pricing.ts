/**
 * How a store stand-in prices a basket (issue 20): its catalogue, which a test sets through the
 * store's switches, beside what the caller sent. A line whose variant, product or SKU the catalogue
 * lists costs the catalogue's price; any other line costs what the caller said (a custom line, as
 * both platforms take). A voucher code the catalogue lists takes its amount off (never below zero);
 * any other code is refused. A store with a currency of its own refuses a basket in another one.
 *
 * Quotes and orders made before payment (order-before-charge accounts) are priced this way; a paid
 * order made after payment keeps the prices it was sent.
 */
import type { StoreSwitches } from './store-repo.ts';

export interface BasketLine {
  /** The line's variant id, product reference and SKU, whichever it has (looked up in that order). */
  keys: (string | null | undefined)[];
  quantity: number;
  unitAmount: number;
}

export interface Basket {
  currency: string;
  lines: BasketLine[];
  shipping: number;
  voucherCode: string | null;
}

export type Priced =
  | { ok: true; currency: string; lines: { unitAmount: number; quantity: number; amount: number }[]; subtotal: number; shipping: number; discount: number; total: number }
  | { ok: false; problem: 'currency'; storeCurrency: string }
  | { ok: false; problem: 'voucher'; code: string };

export function priceBasket(s: Pick<StoreSwitches, 'prices' | 'vouchers' | 'currency'>, basket: Basket): Priced {
  const currency = basket.currency.toUpperCase();
  if (s.currency !== null && s.currency !== currency) return { ok: false, problem: 'currency', storeCurrency: s.currency };
  const lines = basket.lines.map((l) => {
    const key = l.keys.find((k): k is string => typeof k === 'string' && k in s.prices);
    const unitAmount = key === undefined ? l.unitAmount : s.prices[key]!;
    return { unitAmount, quantity: l.quantity, amount: unitAmount * l.quantity };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  let discount = 0;
  if (basket.voucherCode !== null) {
    const off = s.vouchers[basket.voucherCode];
    if (off === undefined) return { ok: false, problem: 'voucher', code: basket.voucherCode };
    discount = Math.min(off, subtotal + basket.shipping);
  }
  return { ok: true, currency, lines, subtotal, shipping: basket.shipping, discount, total: subtotal + basket.shipping - discount };
}
