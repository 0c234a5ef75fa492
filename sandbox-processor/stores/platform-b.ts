/**
 * Store platform B's stand-in (issue 20): a versioned JSON API in the style of the other store
 * platform Document 2 names. Amounts are integer cents, every item names a variant, shipping is its
 * own field, items may be appended to an existing order, and a caller's reference travels as
 * `external_ref` (an appended batch has its own), by which orders are found.
 *
 *   POST /stores/platform_b/{shop}/api/v2/orders                  { external_ref, currency, items, shipping, customer, ship_to, bill_to, paid }
 *   POST /stores/platform_b/{shop}/api/v2/orders/{number}/items   { external_ref, items }
 *   GET  /stores/platform_b/{shop}/api/v2/orders?external_ref=…
 *
 * Refusals: 503 `{ error: { code: 'unavailable' } }`, 422 `{ error: { code, field } }`, 404 for an
 * order it does not hold.
 */
import { Hono, type Context } from 'hono';
import type { StoreRepo, StoreOrderRecord } from './store-repo.ts';

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : {});

export function platformB(repo: StoreRepo, opts: { publicUrl: string; now: () => Date }) {
  const app = new Hono();
  const view = (o: StoreOrderRecord) => ({
    id: o.id,
    number: o.number,
    external_ref: o.reference,
    payment_state: 'paid',
    status_page: `${opts.publicUrl}/stores/platform_b/${encodeURIComponent(o.shop)}/orders/${o.id}/status?key=${o.statusKey}`,
    created_at: o.createdAt,
    ...o.order,
    appended: o.appended,
  });
  const error = (c: Context, status: 404 | 422 | 503, code: string, field?: string) => c.json({ error: { code, ...(field ? { field } : {}) } }, status);

  /** Why these items cannot be ordered; null when they can. */
  function itemsProblem(c: Context, shop: string, items: unknown): Response | null {
    const list = Array.isArray(items) ? items.map(obj) : [];
    const bad = list.findIndex((i) => i.variant_id === undefined || !Number.isInteger(i.quantity) || !Number.isInteger(i.unit_price_cents));
    if (list.length === 0 || bad >= 0) return error(c, 422, 'invalid_items', `items.${Math.max(bad, 0)}`);
    if (repo.switches('platform_b', shop).refuseLines) return error(c, 422, 'item_refused', 'items.0');
    return null;
  }

  app.post('/:shop/api/v2/orders', async (c) => {
    const shop = c.req.param('shop');
    const s = repo.switches('platform_b', shop);
    if (s.down) return error(c, 503, 'unavailable');
    const body = obj(await c.req.json().catch(() => ({})));
    const problem = itemsProblem(c, shop, body.items);
    if (problem) return problem;
    const country = obj(body.ship_to).country;
    if (typeof country === 'string' && s.refuseShippingCountries.includes(country.toUpperCase())) return error(c, 422, 'country_not_shipped', 'ship_to.country');
    if (body.paid !== true) return error(c, 422, 'not_paid', 'paid');
    const { external_ref: ref, ...order } = body;
    const made = repo.create('platform_b', shop, typeof ref === 'string' ? ref : null, order, opts.now());
    if (s.answerDelayMs > 0) await new Promise((r) => setTimeout(r, s.answerDelayMs));
    return c.json({ data: view(made.order) }, made.created ? 201 : 200);
  });

  app.post('/:shop/api/v2/orders/:number/items', async (c) => {
    const shop = c.req.param('shop');
    if (repo.switches('platform_b', shop).down) return error(c, 503, 'unavailable');
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
    if (repo.switches('platform_b', shop).down) return error(c, 503, 'unavailable');
    const ref = c.req.query('external_ref');
    const found = ref ? repo.list('platform_b', shop).filter((o) => o.reference === ref || o.appended.some((a) => a.reference === ref)) : repo.list('platform_b', shop);
    return c.json({ data: found.map(view) });
  });
  return app;
}
