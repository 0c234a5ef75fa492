/**
 * The Braintree stand-in's own origin (default http://127.0.0.1:4246; issue 19): the gateway API
 * the `braintree` Node SDK calls (app.ts) and the client API braintree-web calls with a client
 * token (client-api.ts).
 */
import { Hono } from 'hono';
import { braintreeStandIn, type BraintreeStandInOptions } from './app.ts';
import { braintreeClientApi } from './client-api.ts';

export function braintreeHost(opts: BraintreeStandInOptions) {
  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  // The client API first: it is authorized by a client token's fingerprint, not the gateway's keys.
  app.route('/', braintreeClientApi({ core: opts.core, nonces: opts.nonces, gatewayId: opts.gatewayId, apiSecret: opts.apiSecret }));
  app.route('/', braintreeStandIn(opts));
  return app;
}
