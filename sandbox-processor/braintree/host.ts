/**
 * The Braintree stand-in's own origin (default http://127.0.0.1:4246; issue 19): the gateway API
 * the `braintree` Node SDK calls (app.ts), the client API braintree-web calls with a client token
 * (client-api.ts), and braintree-web's stand-in (`/web/braintree.js`) with its field frame, and
 * Drop-in's (`/web/dropin/dropin.js`, built on it).
 */
import { join } from 'node:path';
import { Hono } from 'hono';
import { browserFiles } from '../browser-files.ts';
import { braintreeStandIn, type BraintreeStandInOptions } from './app.ts';
import { braintreeClientApi } from './client-api.ts';

export function braintreeHost(opts: BraintreeStandInOptions) {
  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  // braintree-web's stand-in and its field frame; Drop-in's beside it, as Braintree serves them.
  app.get(
    '/web/*',
    browserFiles(join(import.meta.dirname, 'browser'), {
      '/web/braintree.js': 'braintree.js',
      '/web/dropin/dropin.js': 'dropin.js',
      '/web/hosted-field.html': 'hosted-field.html',
      '/web/hosted-field.js': 'hosted-field.js',
      '/web/hosted-field.css': 'hosted-field.css',
      '/web/3ds.html': '3ds.html',
      '/web/3ds.js': '3ds.js',
    }),
  );
  // The client API first: it is authorized by a client token's fingerprint, not the gateway's keys.
  app.route('/', braintreeClientApi({ core: opts.core, radar: opts.radar, nonces: opts.nonces, customers: opts.customers, gatewayId: opts.gatewayId, apiSecret: opts.apiSecret, publicUrl: opts.publicUrl }));
  app.route('/', braintreeStandIn(opts));
  return app;
}
