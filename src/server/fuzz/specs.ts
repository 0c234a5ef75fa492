/**
 * One generator spec per route the app serves (./routes.ts checks that none is missing): its key
 * rule, body hints and the targets its path parameters are filled from.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { ClientErrorRequest } from '../../api/checkout.ts';
import { ProviderEventBody } from '../routes/sandbox/index.ts';
import { SESSION, type RouteSpec } from './route-spec.ts';
import { CONTROL_SPECS } from './specs-control.ts';
import { APPROVED_CARD } from './world.ts';

/** Present on one request in eight, absent otherwise. */
const seldom = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: a });
const declineCards = ['4000000000000002', '4000000000009995', '4000000000000127'];

const sessionHints = {
  // A store order adds up to the charge only by design (order_total_mismatch otherwise): the valid bodies leave it out; mutations still send it.
  order: fc.constant(undefined),
  mirrorTo: fc.constant(undefined),
  currency: fc.constantFrom('usd', 'eur', 'gbp', 'USD', 'jpy', 'cad'),
  successUrl: fc.constantFrom('http://127.0.0.1:4244/done', 'https://shop.example.com/thanks?order=1'),
  cancelUrl: fc.constantFrom('http://localhost:4244/cancel', 'https://shop.example.com/cart'),
  merchantId: fc.constant(undefined),
  // Present on a minority of requests: a random value is seldom a store order (mirror_malformed and the rest).
  mirror: seldom(fc.jsonValue({ maxDepth: 1 })),
  buyer: fc.constant(undefined),
  buyerId: seldom(fc.string({ minLength: 1, maxLength: 20 })),
  buyerName: fc.constant(undefined),
  buyerEmail: fc.constant(undefined),
  buyerContact: fc.constant(undefined),
  mode: seldom(fc.constantFrom('payment', 'setup', 'other')),
};

const card = fc.record({
  number: fc.oneof({ weight: 10, arbitrary: fc.constant(APPROVED_CARD.number) }, fc.constantFrom(...declineCards), fc.stringMatching(/^\d{12,19}$/)),
  expMonth: fc.integer({ min: 1, max: 12 }),
  expYear: fc.constant(APPROVED_CARD.expYear),
  cvc: fc.constantFrom('123', '456'),
  postalCode: seldom(fc.string({ maxLength: 16 })),
});

/** A wallet sheet's token: sandbox test-card references, a declined one, and one the sandbox never issued. */
const wallet = fc.record({
  type: fc.constantFrom('google_pay', 'apple_pay'),
  token: fc.constantFrom('tok_sandbox_visa_4242', 'tok_sandbox_mastercard_4444', 'tok_sandbox_visa_0002', '{"signature":"x"}'),
});

/** Buyers: a few shared references and emails, so upserts also land on existing buyers and conflict. */
const buyerHints = {
  external_id: seldom(fc.constantFrom('cust_1', 'cust_2', 'cust_3')),
  email: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('ann@example.com', 'bob@example.com', 'Ann@Example.com') }, { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9]{1,12}@example\.com$/) }, { weight: 1, arbitrary: fc.constant(null) }),
  phone: seldom(fc.constantFrom('+1 415 555 0100', '(415) 555-0100', 'call me', '12')),
  address: seldom(fc.record({ address_line1: fc.constant('1 Main St'), postal_code: fc.constantFrom('94107', ''), country: fc.constantFrom('US', 'fr') })),
  first_name: fc.constant(undefined),
  last_name: fc.constant(undefined),
};

const pageOk = (status: number, type: string) => status === 404 && type.startsWith('text/html');

export const SPECS: RouteSpec[] = [
  { method: 'GET', path: '/.well-known/svcpay.json', key: 'none' },
  { method: 'GET', path: '/openapi.json', key: 'none' },
  { method: 'GET', path: '/openapi.yaml', key: 'none' },
  { method: 'GET', path: '/llms.txt', key: 'none' },
  // Issue 22: the API reference and the error codes' page, with their assets.
  ...['/docs', '/docs/errors', '/docs/docs.css', '/docs/reference.js', '/docs/redoc.standalone.js', '/docs/redoc.standalone.js.LICENSE.txt'].map((path) => ({ method: 'GET' as const, path, key: 'none' as const })),
  { method: 'GET', path: '/api/health', key: 'none', query: fc.constantFrom('', '?deep=false', '?deep=true') },
  { method: 'GET', path: '/v1/capabilities', key: 'either' },
  { method: 'GET', path: '/v1/webhook_listen', key: 'secret' },
  { method: 'GET', path: '/v1/public/payment_intents/:id/events', key: 'publishable', targets: ['bogus'] },
  {
    method: 'POST',
    path: '/v1/sessions',
    key: 'either',
    create: true,
    hints: sessionHints,
    required: ['amount', 'currency'],
    query: fc.constantFrom('', '', '', '?dry_run=true', '?dry_run=false'),
  },
  { method: 'GET', path: '/v1/sessions/:sessionId', key: 'secret', targets: ['fresh-hosted', 'used', 'foreign', 'live', 'bogus'] },
  { method: 'PATCH', path: '/v1/sessions/:sessionId', key: 'secret', targets: ['fresh-elements', 'fresh-hosted', 'used', 'foreign', 'bogus'], hints: { currency: fc.constantFrom('usd', 'USD', 'eur') } },
  { method: 'POST', path: '/v1/sessions/:sessionId/expire', key: 'secret', targets: ['fresh-hosted', 'used', 'foreign', 'live', 'bogus'] },
  { method: 'GET', path: '/v1/public/sessions/:sessionId', key: 'publishable', targets: ['fresh-elements', 'used', 'foreign', 'live', 'bogus'] },
  { method: 'GET', path: '/v1/public/sessions/:sessionId/mirror-order', key: 'publishable', targets: ['fresh-elements', 'used', 'foreign', 'live', 'bogus'] },
  {
    method: 'POST',
    path: '/v1/public/sessions/:sessionId/charge',
    key: 'publishable',
    sameOrigin: true,
    create: true,
    targets: ['fresh-elements', 'fresh-hosted', 'used', 'foreign', 'bogus'],
    // `card` on every body (its success rate stays up); a wallet beside it is the refused `both` case.
    required: ['card'],
    hints: { card, wallet: seldom(wallet), expected_amount: seldom(fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 5000 }))), billingAddress: seldom(fc.record({ country: fc.constantFrom('US', 'FR') })), pageOrigin: seldom(fc.constantFrom('http://127.0.0.1:4244', 'https://shop.example.com')) },
  },
  {
    method: 'POST',
    path: '/v1/public/wallets/apple-session',
    key: 'publishable',
    sameOrigin: true,
    targets: ['fresh-elements', 'fresh-hosted', 'used', 'foreign', 'bogus'],
    // The world's Apple Pay domains (shop<n>.example.com) are registered, not verified: 409; others 404.
    hints: {
      sessionId: SESSION,
      validationUrl: fc.constantFrom('https://apple-pay-gateway.apple.com/paymentservices/startSession', 'https://cn-apple-pay-gateway.apple.com/x', 'https://apple.com.example/x'),
      domain: fc.constantFrom('shop1.example.com', 'shop2.example.com', 'nowhere.example.com', 'SHOP1.example.com.', '10.0.0.1'),
    },
  },
  {
    method: 'POST',
    path: '/v1/public/wallets/google-session',
    key: 'publishable',
    sameOrigin: true,
    targets: ['fresh-elements', 'fresh-hosted', 'used', 'foreign', 'bogus'],
    hints: { sessionId: SESSION },
  },
  { method: 'GET', path: '/v1/public/sessions/:sessionId/embed-token', key: 'publishable', targets: ['fresh-hosted', 'used', 'foreign', 'live', 'bogus'] },
  { method: 'POST', path: '/v1/public/sessions/:sessionId/complete', key: 'publishable', targets: ['paid', 'used', 'fresh-elements', 'foreign', 'bogus'], hints: { transactionId: fc.constant('$TX'), cancel: seldom(fc.boolean()) } },
  { method: 'POST', path: '/v1/sdk-telemetry', key: 'secret', create: true },
  { method: 'POST', path: '/v1/public/telemetry/browser', key: 'publishable', create: true },
  { method: 'POST', path: '/api/checkout/init', key: 'none', sameOrigin: true, targets: ['fresh-hosted', 'used', 'foreign', 'bogus'], hints: { sessionId: SESSION } },
  { method: 'POST', path: '/api/checkout/complete', key: 'none', sameOrigin: true, targets: ['paid', 'used', 'bogus'], hints: { sessionId: SESSION, transactionId: fc.constant('$TX') } },
  { method: 'POST', path: '/api/checkout/buyer-details', key: 'none', sameOrigin: true, targets: ['fresh-hosted', 'paid', 'used', 'foreign', 'bogus'], hints: { sessionId: SESSION } },
  {
    method: 'POST',
    path: '/api/checkout/client-error',
    key: 'none',
    sameOrigin: true,
    create: true,
    zod: ClientErrorRequest,
    ownErrorShape: (status, type, body) => [400, 413].includes(status) && type.startsWith('application/json') && z.object({ ok: z.literal(false), error: z.string() }).strict().safeParse(JSON.parse(body)).success,
  },
  ...CONTROL_SPECS,
  { method: 'GET', path: '/pay/:sessionId', key: 'none', targets: ['fresh-hosted', 'used', 'foreign', 'live', 'bogus'], ownErrorShape: pageOk },
  { method: 'ALL', path: '/pay', key: 'none' }, // outside GET /pay/{id}: 404 checkout_address_not_found; /checkout/{id}: 301 to /pay/{id}
  { method: 'ALL', path: '/pay/*', key: 'none' },
  { method: 'GET', path: '/checkout/:sessionId', key: 'none', targets: ['fresh-hosted', 'bogus'] },
  { method: 'GET', path: '/frames/:name{(controller|field|address|wallet|checkout|challenge-return)\\.html}', key: 'none', targets: ['frame'] },
  { method: 'GET', path: '/js/v1/:name{svcpay(-checkout|-challenge|-confirm)?\\.js}', key: 'none', targets: ['script'] },
  { method: 'GET', path: '/assets/:name', key: 'none', targets: ['asset', 'bogus'] },
  { method: 'GET', path: '/favicon.ico', key: 'none' },
  {
    method: 'POST',
    path: '/v1/wallet-domains',
    key: 'secret',
    create: true,
    hints: { domain: fc.constantFrom('shop.example.com', 'pay.example.org', 'xn--bcher-kva.example', 'Checkout.Example.COM.', '10.0.0.1', 'a..b'), wallet_type: fc.constantFrom('apple_pay', 'google_pay') },
  },
  { method: 'GET', path: '/v1/wallet-domains', key: 'secret', query: fc.constantFrom('', '?limit=1', '?limit=100', '?limit=0', '?starting_after=vp_wd_test_x') },
  { method: 'GET', path: '/v1/wallet-domains/:id', key: 'secret', targets: ['apple-domain', 'bogus-domain'] },
  { method: 'DELETE', path: '/v1/wallet-domains/:id', key: 'secret', targets: ['apple-domain', 'bogus-domain'] },
  { method: 'POST', path: '/v1/wallet-domains/:id/verify', key: 'secret', targets: ['apple-domain', 'google-domain', 'bogus-domain'] },
  { method: 'GET', path: '/v1/wallet-domains/:id/file', key: 'secret', targets: ['apple-domain', 'google-domain', 'bogus-domain'] },
  {
    method: 'POST',
    path: '/v1/buyers',
    key: 'secret',
    create: true,
    hints: buyerHints,
  },
  {
    method: 'GET',
    path: '/v1/buyers',
    key: 'secret',
    query: fc.constantFrom('?external_id=cust_1', '?email=ann%40example.com', '?email=ANN%40EXAMPLE.COM&external_id=cust_2', '', '?name=Ann', '?external_id=', `?external_id=${'x'.repeat(201)}`),
  },
  { method: 'GET', path: '/v1/buyers/:id', key: 'secret', targets: ['buyer', 'foreign-buyer', 'bogus-buyer'] },
  { method: 'PATCH', path: '/v1/buyers/:id', key: 'secret', targets: ['buyer', 'foreign-buyer', 'bogus-buyer'], hints: { ...buyerHints, external_id: fc.constant(undefined) } },
  { method: 'GET', path: '/v1/descriptor_config', key: 'secret' },
  {
    method: 'POST',
    path: '/v1/mirror/quote',
    key: 'secret',
    // The default connected store, so a share of valid bodies reaches the store stand-in's pricing.
    hints: { platform: fc.constantFrom('platform_a', 'platform_b'), store: fc.constantFrom('shop.example.com', 'other.example.com'), currency: fc.constantFrom('usd', 'eur', 'jpy') },
  },
  {
    method: 'POST',
    path: '/v1/tokens',
    key: 'secret',
    create: true,
    hints: {
      provider_reference: fc.constantFrom('tok_sandbox_visa_4242', 'tok_sandbox_mastercard_4444', 'tok_sandbox_amex_0005', 'tok_sandbox_visa_0000', 'pm_123'),
      buyer_id: seldom(fc.constantFrom('cust_1', 'cust_2')),
      buyer: fc.constant(undefined),
      setup_for_future_use: seldom(fc.constantFrom('off_session', 'on_session')),
      currency: seldom(fc.constantFrom('usd', 'EUR')),
      metadata: seldom(fc.dictionary(fc.constantFrom('order', 'email', 'note'), fc.string({ maxLength: 10 }))),
    },
  },
  { method: 'PATCH', path: '/v1/tokens/:id', key: 'secret', targets: ['token', 'foreign-token', 'bogus-token'] },
  { method: 'DELETE', path: '/v1/tokens/:id', key: 'secret', targets: ['token', 'foreign-token', 'bogus-token'] },
  {
    method: 'GET',
    path: '/v1/payment_methods',
    key: 'secret',
    query: fc.constantFrom('?buyer_id=cust_1', '?buyer_id=cust_1&limit=1', '?buyer_id=cust_1&limit=500', '', '?buyer_id=cust_1&starting_after=vp_pmt_test_x', '?buyer_id=&limit=0'),
  },
  {
    method: 'POST',
    path: '/v1/payment_intents',
    key: 'secret',
    create: true,
    targets: ['token', 'foreign-token', 'bogus-token'],
    hints: {
      currency: fc.constantFrom('usd', 'EUR', 'gbp'),
      capture_method: seldom(fc.constantFrom('automatic', 'manual')),
      payment_method: fc.constant({ id: '$SESSION' }),
      session_id: fc.constant(undefined),
      return_url: seldom(fc.constantFrom('https://shop.example.com/return', 'http://localhost:4244/r', 'ftp://x')),
      rule_tags: seldom(fc.dictionary(fc.constantFrom('segment', 'amount', 'tier'), fc.constantFrom('gold', 'ann@example.com', '42'))),
      mit: fc.constant(undefined),
      order: fc.constant(undefined),
      mirrorTo: fc.constant(undefined),
      mirror: fc.constant(undefined),
      buyer: fc.constant(undefined),
      buyer_id: seldom(fc.constantFrom('cust_1', 'cust_2')),
      buyer_email: fc.constant(undefined),
      billing_address: seldom(fc.record({ address_line1: fc.constant('1 Main St'), postal_code: fc.constantFrom('94107', '99999'), country: fc.constant('US') })),
      buyer_ip_address: seldom(fc.constantFrom('203.0.113.9', '::1')),
    },
    required: ['amount', 'currency', 'payment_method'],
  },
  { method: 'GET', path: '/v1/payment_intents/:id', key: 'secret', targets: ['paid-intent', 'foreign-intent', 'bogus-intent'] },
  { method: 'GET', path: '/v1/payment_intents/:id/mirror-order', key: 'secret', targets: ['paid-intent', 'foreign-intent', 'bogus-intent'] },
  { method: 'POST', path: '/v1/payment_intents/:id/capture', key: 'secret', targets: ['held-intent', 'paid-intent', 'foreign-intent', 'bogus-intent'], hints: { amount_to_capture: seldom(fc.integer({ min: 1, max: 2000 })) } },
  { method: 'POST', path: '/v1/payment_intents/:id/void', key: 'secret', targets: ['held-intent', 'paid-intent', 'foreign-intent', 'bogus-intent'] },
  {
    method: 'POST',
    path: '/v1/public/tokens',
    key: 'publishable',
    sameOrigin: true,
    create: true,
    targets: ['fresh-elements', 'fresh-hosted', 'foreign', 'bogus'],
    hints: { sessionId: SESSION, card, setupForFutureUse: fc.constant(undefined) },
  },
  // Provider webhooks are signed by the provider: unsigned or badly signed bodies are refused.
  { method: 'POST', path: '/api/webhooks/:gatewayId', key: 'none', targets: ['gateway'], zod: z.object({ id: z.string(), type: z.string() }) },
  {
    method: 'POST',
    path: '/_sandbox/provider_events',
    key: 'none',
    zod: ProviderEventBody,
    targets: ['paid-intent', 'bogus-intent'],
    hints: { payment_intent: SESSION, transaction: fc.constant(undefined), type: fc.constantFrom('dispute.created', 'capture.settled', 'refund.succeeded') },
  },
  {
    method: 'POST',
    path: '/v1/refunds',
    key: 'secret',
    create: true,
    targets: ['refundable', 'bogus'],
    hints: {
      // Mostly exactly one parent (the refund's own rule); sometimes both or neither.
      payment_intent: fc.oneof({ weight: 7, arbitrary: SESSION }, { weight: 1, arbitrary: fc.constant(undefined) }),
      transaction: seldom(fc.constant('$TX')),
      // Within the 1000 captured, or the full remainder; refusals over it are the refund tests' job.
      amount: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 1000 }) }, { weight: 1, arbitrary: fc.constant(undefined) }),
      currency: seldom(fc.constantFrom('usd', 'USD', 'eur')),
      metadata: seldom(fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 4 })),
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds',
    key: 'secret',
    query: fc.constantFrom('?payment_intent=vpi_test_nothing', '?transaction=vp_tx_test_nothing&limit=5', '', '?limit=0', '?payment_intent=a&transaction=b', '?payment_intent=x&starting_after=vpr_test_x', '?limit=abc'),
  },
  {
    method: 'POST',
    path: '/v1/webhook_subscriptions',
    key: 'secret',
    create: true,
    hints: {
      // A closed local port: deliveries the run's payments fan out to it fail at once (no DNS, no waiting).
      url: fc.oneof({ weight: 4, arbitrary: fc.stringMatching(/^[a-z]{1,8}$/).map((s) => `http://127.0.0.1:9/${s}`) }, fc.constantFrom('https://127.0.0.1:9/hook', 'ftp://x', 'not a url')),
      enabledEvents: fc.subarray(['charge.succeeded', 'charge.failed', 'charge.refunded', 'payment_intent.succeeded'], { minLength: 1 }),
      description: seldom(fc.string({ maxLength: 20 })),
    },
    required: ['url', 'enabledEvents'],
  },
  { method: 'GET', path: '/v1/webhook_subscriptions', key: 'secret', query: fc.constantFrom('', '?limit=1', '?limit=100', '?limit=0', '?starting_after=vp_whs_test_x') },
  { method: 'GET', path: '/v1/webhook_subscriptions/:id', key: 'secret', targets: ['webhook-subscription', 'bogus-subscription'] },
  {
    method: 'PATCH',
    path: '/v1/webhook_subscriptions/:id',
    key: 'secret',
    targets: ['webhook-subscription', 'bogus-subscription'],
    hints: { url: seldom(fc.constant('http://127.0.0.1:9/elsewhere')), enabledEvents: seldom(fc.constant(['charge.failed'])) },
  },
  { method: 'DELETE', path: '/v1/webhook_subscriptions/:id', key: 'secret', targets: ['webhook-subscription', 'bogus-subscription'] },
  { method: 'POST', path: '/v1/webhook_subscriptions/:id/rotate_signing_secret', key: 'secret', targets: ['webhook-subscription', 'bogus-subscription'] },
  // The subscription's URL is a closed local port: the answer is 502, which the contract documents.
  { method: 'POST', path: '/v1/webhook_subscriptions/:id/send_test_event', key: 'secret', targets: ['bogus-subscription', 'webhook-subscription'] },
  { method: 'GET', path: '/v1/webhook_events/:id', key: 'secret', targets: ['webhook-event', 'bogus-event'] },
  // Doc 3: every other /v1/public path refuses a secret key, then answers route_not_found.
  { method: 'ALL', path: '/v1/public/*', key: 'publishable', targets: ['unknown-path'] },
  { method: 'POST', path: '/v1/public/binder-load', key: 'publishable' }, // a read sent as POST: no success rate asked of it
];
