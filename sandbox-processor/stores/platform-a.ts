/**
 * Store platform A's stand-in (issue 20): an admin REST API in the style of the big hosted-store
 * platform Document 2 names platform A. Prices are decimal strings, shipping is one of the lines,
 * there is no appending to an existing order, and a caller's reference travels as
 * `source_identifier`, by which orders are also found (`GET …/orders.json?source_identifier=`).
 *
 *   POST /stores/platform_a/{shop}/admin/orders.json   { order: { line_items, email, customer, shipping_address, billing_address, financial_status, currency, total_price, source_identifier } }
 *   GET  /stores/platform_a/{shop}/admin/orders.json?source_identifier=…
 *
 * Refusals as the platform gives them: 503 when down, 422 `{ errors: { field: [message] } }`.
 */
import { Hono } from 'hono';
import type { StoreRepo, StoreOrderRecord } from './store-repo.ts';

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : {});

export function platformA(repo: StoreRepo, opts: { publicUrl: string; now: () => Date }) {
  const app = new Hono();
  const view = (o: StoreOrderRecord) => ({
    id: o.id,
    name: o.number,
    source_identifier: o.reference,
    financial_status: 'paid',
    order_status_url: `${opts.publicUrl}/stores/platform_a/${encodeURIComponent(o.shop)}/orders/${o.id}/status?key=${o.statusKey}`,
    created_at: o.createdAt,
    ...o.order,
  });
  const refused = (field: string, message: string) => ({ errors: { [field]: [message] } });

  app.post('/:shop/admin/orders.json', async (c) => {
    const shop = c.req.param('shop');
    const s = repo.switches('platform_a', shop);
    if (s.down) return c.json({ errors: 'Service Unavailable' }, 503);
    const order = obj(obj(await c.req.json().catch(() => ({}))).order);
    const lines = Array.isArray(order.line_items) ? order.line_items.map(obj) : [];
    if (lines.length === 0 || lines.some((l) => typeof l.title !== 'string' || typeof l.price !== 'string' || !Number.isInteger(l.quantity))) {
      return c.json(refused('line_items', 'each line needs title, price and quantity'), 422);
    }
    if (s.refuseLines) return c.json(refused('line_items', 'product is not available'), 422);
    const country = obj(order.shipping_address).country_code;
    if (typeof country === 'string' && s.refuseShippingCountries.includes(country.toUpperCase())) {
      return c.json(refused('shipping_address', `country ${country} is not shipped to by this store`), 422);
    }
    if (order.financial_status !== 'paid') return c.json(refused('financial_status', 'must be paid'), 422);
    const reference = typeof order.source_identifier === 'string' ? order.source_identifier : null;
    const made = repo.create('platform_a', shop, reference, order, opts.now());
    // A slow store: the order is kept, the answer comes later.
    if (s.answerDelayMs > 0) await new Promise((r) => setTimeout(r, s.answerDelayMs));
    return c.json({ order: view(made.order) }, made.created ? 201 : 200);
  });

  app.get('/:shop/admin/orders.json', (c) => {
    const shop = c.req.param('shop');
    if (repo.switches('platform_a', shop).down) return c.json({ errors: 'Service Unavailable' }, 503);
    const ref = c.req.query('source_identifier');
    const orders = ref ? [repo.byReference('platform_a', shop, ref)].filter((o) => o !== undefined) : repo.list('platform_a', shop);
    return c.json({ orders: orders.map(view) });
  });
  return app;
}
