/**
 * The sample merchant shop: its own tiny server on its own origin, creating checkout sessions with
 * the merchant's secret key as a real merchant backend would (ARCHITECTURE.md, demo/). Two ways to
 * pay: redirect to the hosted page, or card fields on the shop's own page through svcpay.js.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { readSignedRedirect } from '../../src/platform/redirect-signature.ts';
import { createSvcPayApi, type SvcPayApi } from './svcpay-api.ts';
import { galleryRoutes } from './gallery-routes.ts';
import { ELEMENTS_LOCALES } from './elements-words.ts';
import { allElementsPage, elementsPage, errorPage, internalErrorPage, notFoundPage, product, productPage, successPage } from './pages.ts';

export interface DemoShopOptions {
  port: number;
  /** Listen address; default 127.0.0.1. */
  host?: string;
  /** Where the shop's server calls the API, e.g. http://localhost:4242. */
  serviceUrl: string;
  /** What the buyer's browser uses to load svcpay.js (and what the CSP allows). */
  publicServiceUrl: string;
  secretKey: string;
  publishableKey: string;
  /** The shop's own address as buyers see it (success and cancel URLs); default http://<host>:<port>. */
  publicUrl?: string;
}

export interface DemoShop {
  url: string;
  close(): Promise<void>;
}

/** Static files the pages use; a fixed list, so no request path ever reaches the file system. */
const publicFiles: Record<string, string> = {
  'elements.js': 'text/javascript; charset=utf-8',
  'all-elements.js': 'text/javascript; charset=utf-8',
  'shop.css': 'text/css; charset=utf-8',
};
const publicDir = join(import.meta.dirname, 'public');
const ALL_THEMES = ['default', 'night', 'flat'] as const;

export function createDemoShopApp(opts: Omit<DemoShopOptions, 'port' | 'host'> & { publicUrl: string; api?: SvcPayApi }): Hono {
  const service = trimSlash(opts.publicServiceUrl);
  const shopUrl = trimSlash(opts.publicUrl);
  const api = opts.api ?? createSvcPayApi(opts.serviceUrl, opts.secretKey);
  // svcpay.js comes from the service origin and mounts frames from it; nothing else is needed.
  // style-src allows inline styles because the embed script sizes its iframes with style attributes.
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${service}`,
    `frame-src ${service}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${service}`,
    // The hosted-checkout form is answered with a redirect to the service origin.
    `form-action 'self' ${service}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

  const lineItems = [{ name: product.name, quantity: 1, unitAmount: product.amount }];
  const sessionBody = {
    amount: product.amount,
    currency: product.currency,
    description: `${product.name} (demo shop order)`,
    successUrl: `${shopUrl}/success`,
    cancelUrl: `${shopUrl}/`,
    lineItems,
  };

  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    if (headers.get('Content-Type')?.startsWith('text/html')) {
      // The gallery's pages set their own (stricter: no script from the service, frames of its own).
      if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', csp);
      headers.set('Cache-Control', 'no-store');
    }
  });

  app.get('/', (c) => c.html(productPage()));

  app.post('/checkout/hosted', async (c) => {
    const created = await api.createSession(sessionBody);
    if (!created.ok) return c.html(errorPage('The shop could not create a hosted checkout session.', created.failure), 502);
    return c.redirect(created.data.checkoutUrl, 303);
  });

  app.get('/checkout/elements', async (c) => {
    const created = await api.createSession({ ...sessionBody, integrationMode: 'elements', chargeAtSubmit: true });
    if (!created.ok) return c.html(errorPage('The shop could not create an on-page checkout session.', created.failure), 502);
    return c.html(elementsPage({ sessionId: created.data.id, publishableKey: opts.publishableKey, publicServiceUrl: service }));
  });

  // Every element on one page, in the theme and language the query names (allow-listed).
  app.get('/elements', async (c) => {
    const theme = ALL_THEMES.find((t) => t === c.req.query('theme')) ?? 'default';
    const locale = ELEMENTS_LOCALES.find((l) => l === c.req.query('locale')) ?? 'en';
    // The session asks for a shipping address, so the shipping element has fields to show (issue 36).
    const created = await api.createSession({ ...sessionBody, integrationMode: 'elements', chargeAtSubmit: true, shipping: 'auto' });
    if (!created.ok) return c.html(errorPage('The shop could not create a session for the elements page.', created.failure), 502);
    return c.html(allElementsPage({ sessionId: created.data.id, publishableKey: opts.publishableKey, publicServiceUrl: service, theme, locale, themes: ALL_THEMES, locales: ELEMENTS_LOCALES }));
  });

  app.get('/success', async (c) => {
    const sessionId = c.req.query('session_id') ?? null;
    let status: string | null = null;
    // A real merchant confirms the outcome server-side (the redirect is only a UX signal, Doc 1).
    if (sessionId) {
      const session = await api.getSession(sessionId);
      if (session.ok) status = session.data.paymentStatus ?? session.data.status;
    }
    // The return is signed for this shop (docs/merchant.md, "After a hosted-page payment"): a hand-typed
    // or altered one reads as unsigned. Fulfilment still waits for the webhook or the read above.
    const signed = readSignedRedirect(new URL(c.req.url), [opts.secretKey])?.sessionId === sessionId;
    return c.html(successPage(sessionId, status, signed));
  });

  app.get('/public/:file', async (c) => {
    const name = c.req.param('file');
    const type = Object.hasOwn(publicFiles, name) ? publicFiles[name] : undefined;
    if (!type) return c.html(notFoundPage(), 404);
    const body = await readFile(join(publicDir, name), 'utf8');
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
  });

  // The designers' gallery (issue 10): every component state at its own URL under /gallery/.
  app.route('/', galleryRoutes());

  // Browsers ask every page's origin for one; a 404 here is a console error on every shop page.
  app.get('/favicon.ico', (c) => c.body(null, 204));

  app.notFound((c) => c.html(notFoundPage(), 404));
  app.onError((err, c) => {
    console.error(`demo shop: ${c.req.method} ${c.req.path} failed: ${err instanceof Error ? err.message : String(err)}`);
    return c.html(internalErrorPage(), 500);
  });

  return app;
}

export async function startDemoShop(opts: DemoShopOptions): Promise<DemoShop> {
  const host = opts.host ?? '127.0.0.1';
  // The URL is only known once listening when port 0 asks for any free port.
  let publicUrl = opts.publicUrl ?? '';
  let app: Hono | undefined;
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: (req, env) => (app ? app.fetch(req, env) : new Response('starting', { status: 503 })), port: opts.port, hostname: host }, (info: AddressInfo) => {
      if (!publicUrl) publicUrl = `http://${urlHost(host)}:${info.port}`;
      app = createDemoShopApp({ ...opts, publicUrl });
      resolve(s);
    });
    s.once('error', reject);
  });
  return {
    url: trimSlash(publicUrl),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive connections from browsers would otherwise hold close() open.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A wildcard listen address is not a URL a browser can open. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
