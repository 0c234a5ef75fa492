/**
 * The Stripe stand-in's own origin (default http://127.0.0.1:4245; issue 19): what Stripe serves
 * from `api.stripe.com` and `js.stripe.com`, on one listener of the sandbox.
 * - `/v1/*`: the API (app.ts: the `stripe` Node SDK with the secret key; browser-api.ts: stripe.js
 *   with the publishable key);
 * - `/v3/`: the stripe.js stand-in (browser/stripe-v3.js), loaded by the hosted page and the
 *   embedded checkout for `card_element` merchants when `init` says `environment: sandbox`;
 * - `/v3/elements/card.html` (and its script and style): the card element's frame;
 * - `/v3/3ds-return.html`: where the bank check sends its frame back.
 * Plain files with no build, read once; the pages may be framed by any page, as Stripe's are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { csp, pageHeaders } from '../../src/platform/page-headers.ts';
import { stripeStandIn, type StripeStandInOptions } from './app.ts';

const BROWSER_DIR = join(import.meta.dirname, 'browser');

const FILES: Record<string, { file: string; type: string }> = {
  '/v3': { file: 'stripe-v3.js', type: 'text/javascript; charset=utf-8' },
  '/v3/': { file: 'stripe-v3.js', type: 'text/javascript; charset=utf-8' },
  '/v3/elements/card.html': { file: 'card.html', type: 'text/html; charset=utf-8' },
  '/v3/elements/card.js': { file: 'card.js', type: 'text/javascript; charset=utf-8' },
  '/v3/elements/card.css': { file: 'card.css', type: 'text/css; charset=utf-8' },
  '/v3/3ds-return.html': { file: '3ds-return.html', type: 'text/html; charset=utf-8' },
  '/v3/3ds-return.js': { file: '3ds-return.js', type: 'text/javascript; charset=utf-8' },
};

const pagePolicy = csp({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  // Stripe's frames sit on any merchant's page, and so do these.
  'frame-ancestors': '*',
  'base-uri': "'none'",
  'form-action': "'none'",
  'object-src': "'none'",
});

export function stripeHost(opts: StripeStandInOptions) {
  const app = new Hono();
  const cache = new Map<string, string>();
  const read = (file: string) => cache.get(file) ?? (cache.set(file, readFileSync(join(BROWSER_DIR, file), 'utf8')), cache.get(file)!);

  const serve = (c: Context) => {
    const entry = FILES[c.req.path];
    if (!entry) return c.text('Not found', 404);
    if (entry.type.startsWith('text/html')) pageHeaders(c, pagePolicy);
    else {
      c.header('Access-Control-Allow-Origin', '*');
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      c.header('X-Content-Type-Options', 'nosniff');
    }
    c.header('Cache-Control', 'no-cache');
    return c.body(read(entry.file), 200, { 'Content-Type': entry.type });
  };
  app.get('/v3', serve);
  app.get('/v3/*', serve);
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.route('/', stripeStandIn(opts));
  return app;
}
