/**
 * Store platform B's stand-in (issue 20): a versioned JSON API in the style of the other store
 * platform Document 2 names. Amounts are integer cents, every item names a variant, shipping is its
 * own field, items may be appended to an existing order, and a caller's reference travels as
 * `external_ref` (an appended batch has its own), by which orders are found.
 *
 *   POST /stores/platform_b/{shop}/api/v2/orders                  { external_ref, currency, items, shipping, customer, ship_to, bill_to, voucher_code, paid }
 *   POST /stores/platform_b/{shop}/api/v2/orders/{number}/items   { external_ref, items }
 *   GET  /stores/platform_b/{shop}/api/v2/orders?external_ref=…
 *   POST /stores/platform_b/{shop}/api/v2/quotes                  { currency, items, shipping, voucher_code }: the store's prices
 *   POST /stores/platform_b/{shop}/api/v2/orders/{number}/pay     an order made before payment, paid
 *   POST /stores/platform_b/{shop}/api/v2/orders/{number}/cancel  …or released
 *
 * An order sent `paid: true` keeps the prices it was sent, less its voucher at the store's price;
 * one sent `paid: false` (made before payment) is priced by the store (./pricing.ts).
 * Refusals: 503 `{ error: { code: 'unavailable' } }`, 422 `{ error: { code, field } }`, 404 for an
 * order it does not hold.
 */
import { Hono, type Context } from 'hono';
import { priceBasket, type Basket } from './pricing.ts';
import type { StoreRepo, StoreOrderRecord } from './store-repo.ts';

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : {});

export function platformB(repo: StoreRepo, opts: { publicUrl: string; now: () => Date }) {
  const app = new Hono();
  const view = (o: StoreOrderRecord) => ({
    id: o.id,
    number: o.number,
    external_ref: o.reference,
    status_page: `${opts.publicUrl}/stores/platform_b/${encodeURIComponent(o.shop)}/orders/${o.id}/status?key=${o.statusKey}`,
    created_at: o.createdAt,
    ...o.order,
    payment_state: o.order.cancelled === true ? 'cancelled' : o.order.paid === false ? 'awaiting_payment' : 'paid',
    appended: o.appended,
  });
  const error = (c: Context, status: 404 | 409 | 422 | 503, code: string, field?: string, extra: Body = {}) => c.json({ error: { code, ...(field ? { field } : {}), ...extra } }, status);
  const down = (c: Context) => (repo.switches('platform_b', c.req.param('shop')!).down ? error(c, 503, 'unavailable') : null);

  /** Why these items cannot be ordered; null when they can. */
  function itemsProblem(c: Context, shop: string, items: unknown): Response | null {
    const list = Array.isArray(items) ? items.map(obj) : [];
    const bad = list.findIndex((i) => i.variant_id === undefined || !Number.isInteger(i.quantity) || !Number.isInteger(i.unit_price_cents));
    if (list.length === 0 || bad >= 0) return error(c, 422, 'invalid_items', `items.${Math.max(bad, 0)}`);
    if (repo.switches('platform_b', shop).refuseLines) return error(c, 422, 'item_refused', 'items.0');
    return null;
  }
  /** A body's basket; `catalogue: false` keeps the lines at the prices sent (a paid order), pricing only its voucher. */
  const basketOf = (body: Body, catalogue: boolean): Basket => ({
    currency: typeof body.currency === 'string' ? body.currency : 'USD',
    lines: (body.items as Body[]).map((i) => ({
      keys: catalogue ? [i.variant_id, i.product_ref, i.sku].map((k) => (k === undefined || k === null ? null : String(k))) : [],
      quantity: i.quantity as number,
      unitAmount: i.unit_price_cents as number,
    })),
    shipping: Number.isInteger(obj(body.shipping).amount_cents) ? (obj(body.shipping).amount_cents as number) : 0,
    voucherCode: typeof body.voucher_code === 'string' ? body.voucher_code : null,
  });
  /** The store's price of a body's basket, or its refusal. */
  function priced(c: Context, shop: string, body: Body, catalogue = true) {
    const p = priceBasket(repo.switches('platform_b', shop), basketOf(body, catalogue));
    if (p.ok) return p;
    return p.problem === 'currency' ? error(c, 422, 'currency_mismatch', 'currency', { store_currency: p.storeCurrency }) : error(c, 422, 'voucher_invalid', 'voucher_code');
  }

  app.post('/:shop/api/v2/quotes', async (c) => {
    const shop = c.req.param('shop');
    const body = obj(await c.req.json().catch(() => ({})));
    const refused = down(c) ?? itemsProblem(c, shop, body.items);
    if (refused) return refused;
    const p = priced(c, shop, body);
    if (p instanceof Response) return p;
    return c.json({
      data: { currency: p.currency, items: p.lines.map((l) => ({ unit_price_cents: l.unitAmount, quantity: l.quantity })), subtotal_cents: p.subtotal, shipping_cents: p.shipping, discount_cents: p.discount, total_cents: p.total },
    });
  });

  app.post('/:shop/api/v2/orders', async (c) => {
    const shop = c.req.param('shop');
    const s = repo.switches('platform_b', shop);
    if (s.down) return error(c, 503, 'unavailable');
    const body = obj(await c.req.json().catch(() => ({})));
    const problem = itemsProblem(c, shop, body.items);
    if (problem) return problem;
    const country = obj(body.ship_to).country;
    if (typeof country === 'string' && s.refuseShippingCountries.includes(country.toUpperCase())) return error(c, 422, 'country_not_shipped', 'ship_to.country');
    if (typeof body.paid !== 'boolean') return error(c, 422, 'invalid_paid', 'paid');
    const { external_ref: ref, ...order } = body;
    let kept: Body = order;
    if (body.paid === false || body.voucher_code !== undefined) {
      // Made before payment, or with a voucher: the store prices it (a paid order keeps its lines' prices).
      const p = priced(c, shop, body, body.paid === false);
      if (p instanceof Response) return p;
      kept = { ...order, currency: p.currency, items: (body.items as Body[]).map((i, n) => ({ ...i, unit_price_cents: p.lines[n]!.unitAmount })), discount_cents: p.discount, total_cents: p.total };
    }
    const made = repo.create('platform_b', shop, typeof ref === 'string' ? ref : null, kept, opts.now());
    if (s.answerDelayMs > 0) await new Promise((r) => setTimeout(r, s.answerDelayMs));
    return c.json({ data: view(made.order) }, made.created ? 201 : 200);
  });

  /** An order made before payment, paid or released once the payment is known. */
  const settle = (to: 'pay' | 'cancel') => (c: Context) => {
    const shop = c.req.param('shop')!;
    const unavailable = down(c);
    if (unavailable) return unavailable;
    const o = repo.byNumber('platform_b', shop, c.req.param('number')!);
    if (!o) return error(c, 404, 'order_not_found');
    const state = view(o).payment_state;
    if ((to === 'pay' && state === 'paid') || (to === 'cancel' && state === 'cancelled')) return c.json({ data: view(o) });
    if (state !== 'awaiting_payment') return error(c, 409, `order_${state}`);
    return c.json({ data: view(repo.change(o, to === 'pay' ? { paid: true } : { cancelled: true, cancelled_at: opts.now().toISOString() })) });
  };
  app.post('/:shop/api/v2/orders/:number/pay', settle('pay'));
  app.post('/:shop/api/v2/orders/:number/cancel', settle('cancel'));

  app.post('/:shop/api/v2/orders/:number/items', async (c) => {
    const shop = c.req.param('shop');
    const unavailable = down(c);
    if (unavailable) return unavailable;
    const parent = repo.byNumber('platform_b', shop, c.req.param('number'));
    if (!parent) return error(c, 404, 'order_not_found');
    const body = obj(await c.req.json().catch(() => ({})));
    const problem = itemsProblem(c, shop, body.items);
    if (problem) return problem;
    const items = (body.items as unknown[]).map(obj);
    return c.json({ data: view(repo.append(parent, typeof body.external_ref === 'string' ? body.external_ref : null, items)) });
  });

  app.get('/:shop/api/v2/orders', (c) => {
    const shop = c.req.param('shop');
    const unavailable = down(c);
    if (unavailable) return unavailable;
    const ref = c.req.query('external_ref');
    const found = ref ? repo.list('platform_b', shop).filter((o) => o.reference === ref || o.appended.some((a) => a.reference === ref)) : repo.list('platform_b', shop);
    return c.json({ data: found.map(view) });
  });
  return app;
}
