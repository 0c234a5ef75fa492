/**
 * The store platform stand-ins (issue 20): platform A's and platform B's order APIs, each store a
 * host in the path, served by the sandbox beside the processor (offline, and in every test). The
 * service reaches them as it would the real platforms, with the store connection's token: here the
 * processor secret stands in for it. A buyer's private order-status page needs its key only; the QA
 * routes list a store's orders and flip its switches (down, lines refused, countries refused).
 *
 *   /stores/platform_a/{shop}/admin/…            platform A's API (./platform-a.ts)
 *   /stores/platform_b/{shop}/api/v2/…           platform B's API (./platform-b.ts)
 *   GET  /stores/{platform}/{shop}/orders/{id}/status?key=…   the order-status page
 *   GET  /v1/stores/{platform}/{shop}/orders                  QA: what the store holds
 *   PUT  /v1/stores/{platform}/{shop}/switches                QA: { down, refuseLines, refuseShippingCountries, answerDelayMs, prices, vouchers, currency }
 */
import { Hono } from 'hono';
import { StoreSwitchesBody } from '../../src/api/mirror.ts';
import { bearerCheck, fail } from '../server/http.ts';
import type { Db } from '../store/db.ts';
import { platformA } from './platform-a.ts';
import { platformB } from './platform-b.ts';
import { storeRepo, type Platform } from './store-repo.ts';


const isPlatform = (p: string): p is Platform => p === 'platform_a' || p === 'platform_b';
const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function storeStandIns(db: Db, opts: { apiSecret: string; publicUrl: string; now: () => Date }) {
  const repo = storeRepo(db);
  const app = new Hono();
  const authorized = bearerCheck(opts.apiSecret);
  const guard = async (c: { req: { header(n: string): string | undefined } }, next: () => Promise<void>) => {
    if (!authorized(c.req.header('authorization'))) return fail(401, 'unauthorized', 'This store connection is not authorized.');
    await next();
  };

  app.get('/stores/:platform/:shop/orders/:id/status', (c) => {
    const o = repo.byId(c.req.param('id'));
    const key = c.req.query('key') ?? '';
    if (!o || o.platform !== c.req.param('platform') || o.shop !== c.req.param('shop') || o.statusKey !== key) return c.text('Not found', 404);
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    // An order made before payment (order-before-charge accounts) says where its payment stands.
    const f = o.order;
    const state = f.cancelled === true || f.financial_status === 'voided' ? 'Cancelled: the payment did not complete.' : f.paid === false || f.financial_status === 'pending' ? 'Awaiting payment.' : `Paid. ${escape(o.shop)} is preparing it.`;
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order ${escape(o.number)}</title></head><body><main><h1>Order ${escape(o.number)}</h1><p>${state}</p></main></body></html>`);
  });
  app.use('/stores/platform_a/*', guard);
  app.use('/stores/platform_b/*', guard);
  app.route('/stores/platform_a', platformA(repo, opts));
  app.route('/stores/platform_b', platformB(repo, opts));

  app.use('/v1/stores/*', guard);
  app.get('/v1/stores/:platform/:shop/orders', (c) => {
    const platform = c.req.param('platform');
    if (!isPlatform(platform)) return fail(404, 'not_found', 'No such store platform.');
    return c.json({ data: repo.list(platform, c.req.param('shop')).map((o) => ({ id: o.id, number: o.number, reference: o.reference, order: o.order, appended: o.appended, createRequests: o.createRequests, createdAt: o.createdAt })) });
  });
  app.put('/v1/stores/:platform/:shop/switches', async (c) => {
    const platform = c.req.param('platform');
    if (!isPlatform(platform)) return fail(404, 'not_found', 'No such store platform.');
    const body = StoreSwitchesBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return fail(400, 'invalid_request', 'Send { down?, refuseLines?, refuseShippingCountries?, answerDelayMs?, prices?, vouchers?, currency? }.');
    const shop = c.req.param('shop');
    const now = repo.switches(platform, shop);
    const { currency, ...rest } = body.data;
    const next = { ...now, ...rest, refuseShippingCountries: (rest.refuseShippingCountries ?? now.refuseShippingCountries).map((x) => x.toUpperCase()) };
    return c.json(repo.setSwitches(platform, shop, { ...next, currency: currency === undefined ? now.currency : (currency?.toUpperCase() ?? null) }));
  });
  return { app, repo };
}
