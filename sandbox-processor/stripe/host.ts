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
import { join } from 'node:path';
import { Hono } from 'hono';
import { browserFiles } from '../browser-files.ts';
import { stripeStandIn, type StripeStandInOptions } from './app.ts';

const FILES: Record<string, string> = {
  '/v3': 'stripe-v3.js',
  '/v3/': 'stripe-v3.js',
  '/v3/elements/card.html': 'card.html',
  '/v3/elements/card.js': 'card.js',
  '/v3/elements/card.css': 'card.css',
  '/v3/3ds-return.html': '3ds-return.html',
  '/v3/3ds-return.js': '3ds-return.js',
};

export function stripeHost(opts: StripeStandInOptions) {
  const app = new Hono();
  const serve = browserFiles(join(import.meta.dirname, 'browser'), FILES);
  app.get('/v3', serve);
  app.get('/v3/*', serve);
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.route('/', stripeStandIn(opts));
  return app;
}
