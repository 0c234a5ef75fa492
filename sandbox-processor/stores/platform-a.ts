/**
 * Store platform A's stand-in (issue 20): an admin REST API in the style of the big hosted-store
 * platform Document 2 names platform A. Prices are decimal strings, shipping is one of the lines,
 * there is no appending to an existing order, and a caller's reference travels as
 * `source_identifier`, by which orders are also found (`GET …/orders.json?source_identifier=`).
 *
 *   POST /stores/platform_a/{shop}/admin/orders.json                 { order: { line_items, email, customer, shipping_address, billing_address, financial_status, currency, total_price, source_identifier } }
 *   GET  /stores/platform_a/{shop}/admin/orders.json?source_identifier=…
 *   POST /stores/platform_a/{shop}/admin/orders/calculate.json       { order: { line_items, discount_codes, currency } }: the store's prices
 *   POST /stores/platform_a/{shop}/admin/orders/{id}/transactions.json { transaction: { kind: 'capture' } }: an unpaid order paid
 *   POST /stores/platform_a/{shop}/admin/orders/{id}/cancel.json
 *
 * An order sent `financial_status: 'paid'` keeps the prices it was sent; one sent `pending` (made
 * before payment) is priced by the store (./pricing.ts) and answers its `total_price`.
 * Refusals as the platform gives them: 503 when down, 422 `{ errors: { field: [message] } }`.
 */
import { Hono, type Context } from 'hono';
import { majorAmount, minorUnitDigits } from '../../src/vocab/currencies.ts';
import { priceBasket, type Basket } from './pricing.ts';
import type { StoreRepo, StoreOrderRecord } from './store-repo.ts';

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : {});

/** A decimal price in the currency's minor units; NaN when it is not one. */
const minor = (price: unknown, currency: string) => (typeof price === 'string' && /^\d+(\.\d+)?$/.test(price) ? Math.round(Number(price) * 10 ** minorUnitDigits(currency)) : NaN);

export function platformA(repo: StoreRepo, opts: { publicUrl: string; now: () => Date }) {
  const app = new Hono();
  const view = (o: StoreOrderRecord) => ({
    id: o.id,
    name: o.number,
    source_identifier: o.reference,
    order_status_url: `${opts.publicUrl}/stores/platform_a/${encodeURIComponent(o.shop)}/orders/${o.id}/status?key=${o.statusKey}`,
    created_at: o.createdAt,
    ...o.order,
  });
  const refused = (c: Context, field: string, message: string, extra: Body = {}) => c.json({ errors: { [field]: [message] }, ...extra }, 422);
  const down = (c: Context) => (repo.switches('platform_a', c.req.param('shop')!).down ? c.json({ errors: 'Service Unavailable' }, 503) : null);

  /** The order's lines as the store reads them; null when one lacks a title, price or quantity. */
  function linesOf(order: Body, currency: string) {
    const lines = Array.isArray(order.line_items) ? order.line_items.map(obj) : [];
    if (lines.length === 0 || lines.some((l) => typeof l.title !== 'string' || Number.isNaN(minor(l.price, currency)) || !Number.isInteger(l.quantity))) return null;
    return lines;
  }
  const basketOf = (lines: Body[], order: Body, currency: string): Basket => ({
    currency,
    lines: lines.map((l) => ({ keys: [l.variant_id, l.product_id, l.sku].map((k) => (k === undefined || k === null ? null : String(k))), quantity: l.quantity as number, unitAmount: minor(l.price, currency) })),
    shipping: 0,
    voucherCode: (Array.isArray(order.discount_codes) ? order.discount_codes.map(obj) : []).map((d) => d.code).find((code): code is string => typeof code === 'string') ?? null,
  });

  app.post('/:shop/admin/orders/calculate.json', async (c) => {
    const shop = c.req.param('shop');
    const unavailable = down(c);
    if (unavailable) return unavailable;
    const order = obj(obj(await c.req.json().catch(() => ({}))).order);
    const currency = typeof order.currency === 'string' ? order.currency.toUpperCase() : 'USD';
    const lines = linesOf(order, currency);
    if (!lines) return refused(c, 'line_items', 'each line needs title, price and quantity');
    const p = priceBasket(repo.switches('platform_a', shop), basketOf(lines, order, currency));
    if (!p.ok) return p.problem === 'currency' ? refused(c, 'currency', `this store sells in ${p.storeCurrency}`, { store_currency: p.storeCurrency }) : refused(c, 'discount_codes', `${p.code} is not a valid discount code`);
    const money = (n: number) => majorAmount(n, currency);
    return c.json({
      calculation: {
        currency,
        line_items: p.lines.map((l) => ({ price: money(l.unitAmount), quantity: l.quantity })),
        subtotal_price: money(p.subtotal),
        total_discounts: money(p.discount),
        total_price: money(p.total),
      },
    });
  });

  app.post('/:shop/admin/orders.json', async (c) => {
    const shop = c.req.param('shop');
    const s = repo.switches('platform_a', shop);
    if (s.down) return c.json({ errors: 'Service Unavailable' }, 503);
    let order = obj(obj(await c.req.json().catch(() => ({}))).order);
    const currency = typeof order.currency === 'string' ? order.currency.toUpperCase() : 'USD';
    const lines = linesOf(order, currency);
    if (!lines) return refused(c, 'line_items', 'each line needs title, price and quantity');
    if (s.refuseLines) return refused(c, 'line_items', 'product is not available');
    const country = obj(order.shipping_address).country_code;
    if (typeof country === 'string' && s.refuseShippingCountries.includes(country.toUpperCase())) {
      return refused(c, 'shipping_address', `country ${country} is not shipped to by this store`);
    }
    if (order.financial_status !== 'paid' && order.financial_status !== 'pending') return refused(c, 'financial_status', 'must be paid or pending');
    if (order.financial_status === 'pending') {
      // Made before payment: the store's own prices make the total.
      const p = priceBasket(s, basketOf(lines, order, currency));
      if (!p.ok) return p.problem === 'currency' ? refused(c, 'currency', `this store sells in ${p.storeCurrency}`, { store_currency: p.storeCurrency }) : refused(c, 'discount_codes', `${p.code} is not a valid discount code`);
      order = { ...order, currency, total_price: majorAmount(p.total, currency), line_items: lines.map((l, i) => ({ ...l, price: majorAmount(p.lines[i]!.unitAmount, currency) })) };
    }
    const reference = typeof order.source_identifier === 'string' ? order.source_identifier : null;
    const made = repo.create('platform_a', shop, reference, order, opts.now());
    // A slow store: the order is kept, the answer comes later.
    if (s.answerDelayMs > 0) await new Promise((r) => setTimeout(r, s.answerDelayMs));
    return c.json({ order: view(made.order) }, made.created ? 201 : 200);
  });

  /** An order made before payment, paid or cancelled once the payment is known. */
  const settle = (to: 'paid' | 'voided') => async (c: Context) => {
    const shop = c.req.param('shop')!;
    const unavailable = down(c);
    if (unavailable) return unavailable;
    const o = repo.byId(c.req.param('id')!);
    if (!o || o.platform !== 'platform_a' || o.shop !== shop) return c.json({ errors: 'Not Found' }, 404);
    const now = o.order.financial_status;
    if (now === to || (to === 'voided' && now === 'paid') || (to === 'paid' && now === 'voided')) {
      return now === to ? c.json({ order: view(o) }) : refused(c, 'financial_status', `the order is ${String(now)}`);
    }
    return c.json({ order: view(repo.change(o, to === 'paid' ? { financial_status: 'paid' } : { financial_status: 'voided', cancelled_at: opts.now().toISOString() })) });
  };
  app.post('/:shop/admin/orders/:id/transactions.json', settle('paid'));
  app.post('/:shop/admin/orders/:id/cancel.json', settle('voided'));

  app.get('/:shop/admin/orders.json', (c) => {
    const shop = c.req.param('shop');
    const unavailable = down(c);
    if (unavailable) return unavailable;
    const ref = c.req.query('source_identifier');
    const orders = ref ? [repo.byReference('platform_a', shop, ref)].filter((o) => o !== undefined) : repo.list('platform_a', shop);
    return c.json({ orders: orders.map(view) });
  });
  return app;
}
