/**
 * `GET /.well-known/svcpay.json` (Doc 1, Discovery document): unauthenticated. Everything in it
 * follows from the configuration, so it is built once with the router.
 */
import { createRoute } from '@hono/zod-openapi';
import { DiscoveryDocument } from '../../../api/discovery.ts';
import type { Deps } from '../../context.ts';
import { API_VERSION } from '../../middleware/version.ts';
import { json, newRouter } from '../../router.ts';
import { security } from '../contract/security.ts';

export function discoveryDocument(base: string): DiscoveryDocument {
  return {
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
    // Doc 1, Capabilities and discovery: the contract is published as YAML.
    openapi: `${base}/openapi.yaml`,
    // Doc 1: package names for SDKs and tools, one per entry point of the npm package, and its CLI.
    packages: { browser: 'svcpay', server: 'svcpay/server', webhooks: 'svcpay/webhooks', testing: 'svcpay/testing', cli: 'svcpay' },
    embedded: { availability: 'general', fallback: { endpoint: '/v1/sessions', field: 'checkoutUrl' } },
    status: 'operational',
  };
}

export function discoveryRoutes(deps: Deps) {
  const r = newRouter();
  const doc = discoveryDocument(deps.config.publicUrl);
  r.openapi(
    createRoute({
      method: 'get',
      path: '/.well-known/svcpay.json',
      summary: 'Discovery document: API version, endpoint paths, scripts, docs, llms.txt and the OpenAPI contract',
      description: 'No key. Tells an integration or a tool where everything is: the API version this server speaks, its endpoint paths, the browser script, the docs, llms.txt and this contract. Read it instead of hard-coding paths.',
      security: security.none,
      responses: { 200: json(DiscoveryDocument) },
    }),
    (c) => c.json(doc, 200),
  );
  return r;
}
