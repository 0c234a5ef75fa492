/** `GET /.well-known/svcpay.json` (Doc 1, Discovery document): unauthenticated. */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { API_VERSION } from '../../middleware/version.ts';

export function discoveryRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  r.get('/.well-known/svcpay.json', (c) => {
    const base = deps.config.publicUrl;
    return c.json({
      api_version: API_VERSION,
      endpoints: {
        sessions: '/v1/sessions',
        payment_intents: '/v1/payment_intents',
        refunds: '/v1/refunds',
        tokens: '/v1/tokens',
        capabilities: '/v1/capabilities',
        public_sessions: '/v1/public/sessions',
        public_tokens: '/v1/public/tokens',
        public_binder_load: '/v1/public/binder-load',
        health: '/api/health',
      },
      scripts: {
        hosted: {
          url: `${base}/pay/{sessionId}`,
          legacy_url: `${base}/checkout/{sessionId}`,
          buyer_experience: 'redirect to a hosted checkout page',
          key_type: 'secret',
          note: 'Create the session on your server with a secret key and redirect the buyer to checkoutUrl.',
        },
        embedded: {
          url: `${base}/js/v1/svcpay.js`,
          buyer_experience: 'card fields in iframes on your own page',
          key_type: 'publishable',
          note: 'Load the script from this URL; never bundle or self-host it.',
        },
      },
      docs: `${base}/docs`,
      llms_txt: `${base}/llms.txt`,
      openapi: `${base}/openapi.json`,
      packages: { browser: 'svcpay' },
      embedded: { availability: 'general', fallback: { endpoint: '/v1/sessions', field: 'checkoutUrl' } },
      status: 'operational',
    });
  });
  return r;
}
