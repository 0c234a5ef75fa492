/**
 * The rest of the Prism traffic with good inputs (issue 35): discovery and the contract routes,
 * health, sessions (create, replay, dry run, update, expire), webhook subscriptions against a local
 * receiver (create, list, read, update, test event, rotate, delete, an event read), buyers, wallet
 * domains, descriptors, capabilities, telemetry, order mirroring (a quote and a mirrored intent),
 * the provider event endpoint, the two streams that are never offered, and a few rate-limit
 * refusals (429) on purpose.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { storeOrders } from './prism-events.ts';
import { hostedPayment, idem, session, type World } from './prism-money.ts';

export async function discovery(w: World): Promise<void> {
  const { d } = w;
  for (const path of ['/.well-known/svcpay.json', '/openapi.json', '/openapi.yaml', '/llms.txt', '/docs', '/docs/errors', '/api/health', '/api/health?deep=true', '/api/health?deep=maybe']) {
    await d.call('GET', path, { label: `discovery: ${path}` });
  }
  await d.call('GET', '/v1/capabilities', { key: w.keys.secret, label: 'capabilities: secret key' });
  await d.call('GET', '/v1/capabilities', { key: w.keys.publishable, label: 'capabilities: publishable key' });
  await d.call('GET', '/v1/descriptor_config', { key: w.keys.secret, label: 'descriptors: config' });
  const telemetry = { event: 'client_init', sdk: { name: 'svcpay-node', version: '0.1.0' }, properties: { node: '20' } };
  // Each write twice under one Idempotency-Key: the second is the first's answer replayed.
  const sdkKey = idem('telemetry');
  const browserKey = idem('telemetry');
  for (const again of ['', ', replayed']) {
    await d.call('POST', '/v1/sdk-telemetry', { key: w.keys.secret, body: telemetry, headers: sdkKey, label: `telemetry: sdk${again}` });
    await d.call('POST', '/v1/public/telemetry/browser', { key: w.keys.publishable, body: { ...telemetry, sdk: { name: 'svcpay-js', version: '0.1.0' } }, headers: { Origin: 'http://127.0.0.1:4244', ...browserKey }, label: `telemetry: browser${again}` });
    await d.call('POST', '/v1/public/binder-load', { key: w.keys.publishable, body: {}, headers: { Origin: w.origin, ...browserKey }, label: `binder load under a key${again}` });
  }
  await d.call('GET', '/v1/webhook_listen', { key: w.keys.secret, label: 'streams: webhook listen' });
  await d.call('GET', '/v1/public/payment_intents/vpi_test_0000000000000000/events', { key: w.keys.publishable, label: 'streams: public events' });
}

export async function sessions(w: World): Promise<void> {
  const { d } = w;
  const sk = w.keys.secret;
  const body = { amount: 1500, currency: 'eur', successUrl: 'http://127.0.0.1:4244/ok', cancelUrl: 'http://127.0.0.1:4244/cancel', metadata: { order: '7' } };
  const h = idem('session');
  const first = await d.call('POST', '/v1/sessions', { key: sk, body, headers: h, label: 'sessions: create' });
  await d.call('POST', '/v1/sessions', { key: sk, body, headers: h, label: 'sessions: replayed' });
  await d.call('POST', '/v1/sessions', { key: sk, body: { ...body, amount: 1600 }, headers: h, label: 'sessions: same key, other body' });
  await d.call('POST', '/v1/sessions?dry_run=true', { key: sk, body, label: 'sessions: dry run' });
  await d.call('POST', '/v1/sessions?dry_run=true', { key: sk, body: { ...body, currency: 'zzz' }, label: 'sessions: dry run, bad currency' });
  await d.call('POST', '/v1/sessions', { key: w.keys.publishable, body: { amount: 500, currency: 'usd' }, label: 'sessions: publishable key' });
  for (const extra of [
    { captureMethod: 'manual', locale: 'fr', collectEmail: true, lineItems: [{ name: 'Tee', quantity: 2, unitAmount: 500 }], amount: 1000 },
    { mode: 'setup', amount: 0, buyer: { externalId: 'prism_setup' } },
    { buyerId: 'a', buyer: { externalId: 'b' } },
    { amount: -1 },
    { currency: 'zzz' },
    { expiresIn: 5 },
    { integrationMode: 'elements', chargeAtSubmit: true, storedCredentialUse: 'unscheduled', setupForFutureUse: 'on_session', buyer: { externalId: 'prism_sfu' } },
  ]) {
    await d.call('POST', '/v1/sessions', { key: sk, body: { ...body, ...extra }, headers: idem('session'), label: `sessions: create ${JSON.stringify(extra).slice(0, 60)}` });
  }
  await everyField(w);
  const id = first.json?.id as string;
  await d.call('GET', `/v1/sessions/${id}`, { key: sk, label: 'sessions: read' });
  await d.call('GET', `/v1/public/sessions/${id}`, { key: w.keys.publishable, headers: { Origin: w.origin }, label: 'sessions: public read' });
  await d.call('PATCH', `/v1/sessions/${id}`, { key: sk, body: { amount: 1800 }, label: 'sessions: change the amount of a hosted one' });
  const el = await session(w, { integrationMode: 'elements' }, 'sessions: an elements session');
  await d.call('PATCH', `/v1/sessions/${el.id}`, { key: sk, body: { amount: 1800, lineItems: [{ name: 'Tee', quantity: 1, unitAmount: 1800 }] }, label: 'sessions: change the amount of an elements one' });
  await d.call('PATCH', `/v1/sessions/${id}`, { key: sk, body: { amount: 0 }, label: 'sessions: change the amount to 0' });
  await d.call('POST', `/v1/sessions/${id}/expire`, { key: sk, label: 'sessions: expire' });
  await d.call('POST', `/v1/sessions/${id}/expire`, { key: sk, label: 'sessions: expire again' });
  await d.call('GET', `/v1/sessions/${id}`, { key: sk, label: 'sessions: read expired' });
  await d.call('PATCH', `/v1/sessions/${id}`, { key: sk, body: { amount: 900 }, label: 'sessions: change an expired one' });
  await d.call('POST', '/api/checkout/init', { body: { sessionId: id }, headers: { Origin: w.origin }, label: 'sessions: hosted init of an expired one' });
  await d.call('GET', `/v1/public/sessions/${id}`, { key: w.keys.publishable, headers: { Origin: w.origin }, label: 'sessions: public read of an expired one' });
}

/** A session with every optional field a merchant may send, and a setup-mode one, read back every way. */
async function everyField(w: World): Promise<void> {
  const { d } = w;
  const sk = w.keys.secret;
  const full = {
    amount: 4200, currency: 'gbp', country: 'GB', description: 'Order 42', locale: 'en-GB',
    successUrl: 'http://127.0.0.1:4244/ok', cancelUrl: 'http://127.0.0.1:4244/cancel',
    buyerName: 'Ada Lovelace', buyerEmail: 'ada@example.com',
    buyerContact: { phone: '+442079460000', shippingAddress: { name: 'Ada', line1: '1 High St', city: 'London', postalCode: 'N1 9GU', country: 'GB' } },
    buyer: { externalId: 'prism_full', email: 'ada@example.com', name: 'Ada Lovelace' },
    lineItems: [{ name: 'Tee', quantity: 2, unitAmount: 1600 }, { name: 'Mug', quantity: 1, unitAmount: 1000 }],
    metadata: { order: '42', channel: 'web' }, expiresIn: 3600, shipping: 'required', billingAddress: 'auto', phone: 'auto', collectEmail: true,
    captureMethod: 'manual',
  };
  for (const [what, extra] of [
    ['every field', {}],
    ['every field, elements', { integrationMode: 'elements', chargeAtSubmit: true, setupForFutureUse: 'on_session', storedCredentialUse: 'unscheduled' }],
    ['every field, embed', { integrationMode: 'embed' }],
    ['setup mode', { mode: 'setup', amount: undefined, captureMethod: undefined }],
    ['setup mode, elements', { mode: 'setup', amount: undefined, captureMethod: undefined, integrationMode: 'elements' }],
  ] as const) {
    const made = await d.call('POST', '/v1/sessions', { key: sk, body: { ...full, ...extra }, headers: idem('session'), label: `sessions: ${what}` });
    const id = made.json?.id as string | undefined;
    if (!id) continue;
    await d.call('GET', `/v1/sessions/${id}`, { key: sk, label: `sessions: ${what}, read` });
    await d.call('GET', `/v1/public/sessions/${id}`, { key: w.keys.publishable, headers: { Origin: w.origin }, label: `sessions: ${what}, public read` });
    await d.call('POST', '/api/checkout/init', { body: { sessionId: id }, headers: { Origin: w.origin }, label: `sessions: ${what}, hosted init` });
    await d.call('GET', `/v1/public/sessions/${id}/embed-token`, { key: w.keys.publishable, headers: { Origin: w.origin }, label: `sessions: ${what}, embed token` });
  }
}

function receiver(status: number): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status).end());
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, server })));
}

export async function webhooks(w: World): Promise<void> {
  const { d } = w;
  const sk = w.keys.secret;
  const good = await receiver(200);
  const bad = await receiver(500);
  try {
    const body = { url: good.url, enabledEvents: ['charge.succeeded', 'charge.failed', 'payment_intent.succeeded', 'session.failed'], description: 'prism traffic' };
    const created = await d.call('POST', '/v1/webhook_subscriptions', { key: sk, body, label: 'webhooks: subscribe' });
    await d.call('POST', '/v1/webhook_subscriptions', { key: sk, body, label: 'webhooks: subscribe the same URL' });
    await d.call('POST', '/v1/webhook_subscriptions', { key: sk, body: { ...body, url: 'ftp://example.com/x' }, label: 'webhooks: bad scheme' });
    await d.call('POST', '/v1/webhook_subscriptions', { key: sk, body: { ...body, url: 'http://10.0.0.1/x' }, label: 'webhooks: private address' });
    await d.call('POST', '/v1/webhook_subscriptions', { key: sk, body: { ...body, enabledEvents: ['no.such_event'] }, label: 'webhooks: unknown event' });
    const failing = await d.call('POST', '/v1/webhook_subscriptions', { key: sk, body: { url: bad.url, enabledEvents: ['charge.succeeded'] }, label: 'webhooks: subscribe a failing receiver' });
    const id = created.json?.id as string;
    await d.call('GET', '/v1/webhook_subscriptions', { key: sk, label: 'webhooks: list' });
    await d.call('GET', '/v1/webhook_subscriptions?limit=1', { key: sk, label: 'webhooks: list, limit 1' });
    await d.call('GET', '/v1/webhook_subscriptions?limit=0', { key: sk, label: 'webhooks: list, limit 0' });
    await d.call('GET', `/v1/webhook_subscriptions/${id}`, { key: sk, label: 'webhooks: read' });
    await d.call('PATCH', `/v1/webhook_subscriptions/${id}`, { key: sk, body: { description: 'changed', enabledEvents: ['charge.succeeded', 'charge.failed'] }, label: 'webhooks: update' });
    await d.call('PATCH', `/v1/webhook_subscriptions/${id}`, { key: sk, body: { url: 'http://127.0.0.1:1/other' }, label: 'webhooks: change the URL' });
    await d.call('PATCH', `/v1/webhook_subscriptions/${id}`, { key: sk, body: { url: good.url.replace('http://', 'HTTP://') }, label: 'webhooks: same URL spelt otherwise' });
    await d.call('POST', `/v1/webhook_subscriptions/${id}/send_test_event`, { key: sk, label: 'webhooks: test event' });
    if (failing.json?.id) await d.call('POST', `/v1/webhook_subscriptions/${failing.json.id}/send_test_event`, { key: sk, label: 'webhooks: test event to a failing receiver' });
    const rotateKey = idem('rotate');
    const testKey = idem('test-event');
    for (const again of ['', ', replayed']) {
      await d.call('POST', `/v1/webhook_subscriptions/${id}/rotate_signing_secret`, { key: sk, headers: rotateKey, label: `webhooks: rotate${again}` });
      await d.call('POST', `/v1/webhook_subscriptions/${id}/send_test_event`, { key: sk, headers: testKey, label: `webhooks: test event under a key${again}` });
    }
    // An event of the account: a payment with a subscription in place, read back by the id its delivery names.
    await hostedPayment(w, {}, '4242424242424242', 'webhooks: a payment for an event');
    const deliveries = await d.control('GET', `/_sandbox/webhook_subscriptions/${id}/deliveries`);
    const eventId = deliveries?.data?.[0]?.eventId as string | undefined;
    if (eventId) await d.call('GET', `/v1/webhook_events/${eventId}`, { key: sk, label: 'webhooks: read an event' });
    await d.call('DELETE', `/v1/webhook_subscriptions/${id}`, { key: sk, label: 'webhooks: delete' });
    await d.call('DELETE', `/v1/webhook_subscriptions/${id}`, { key: sk, label: 'webhooks: delete again' });
    await d.call('GET', `/v1/webhook_subscriptions/${id}`, { key: sk, label: 'webhooks: read deleted' });
  } finally {
    good.server.close();
    bad.server.close();
  }
  // The provider event endpoint, as anyone but the processor can call it.
  const event = { id: 'evt_prism_1', type: 'refund.succeeded', data: {} };
  await d.call('POST', '/api/webhooks/sandbox', { body: event, label: 'provider events: unsigned' });
  await d.call('POST', '/api/webhooks/sandbox', { body: event, headers: { 'x-svc-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, label: 'provider events: wrong signature' });
  await d.call('POST', '/api/webhooks/no_such_gateway', { body: event, headers: { 'x-svc-signature': 't=1,v1=00' }, label: 'provider events: unknown gateway' });
}

export async function records(w: World): Promise<void> {
  const { d } = w;
  const sk = w.keys.secret;
  const buyer = { external_id: 'prism_cust_1', email: 'grace@example.com', name: 'Grace Hopper', phone: '+14155550100', metadata: { tier: 'gold' } };
  const h = idem('buyer');
  const made = await d.call('POST', '/v1/buyers', { key: sk, body: buyer, headers: h, label: 'buyers: create' });
  await d.call('POST', '/v1/buyers', { key: sk, body: buyer, headers: h, label: 'buyers: replayed' });
  await d.call('POST', '/v1/buyers', { key: sk, body: { ...buyer, name: 'G. Hopper' }, label: 'buyers: upsert' });
  await d.call('POST', '/v1/buyers', { key: sk, body: { email: 'not-an-email' }, label: 'buyers: bad email' });
  await d.call('GET', '/v1/buyers?external_id=prism_cust_1', { key: sk, label: 'buyers: lookup by external id' });
  await d.call('GET', '/v1/buyers?email=grace@example.com', { key: sk, label: 'buyers: lookup by email' });
  await d.call('GET', '/v1/buyers', { key: sk, label: 'buyers: lookup with nothing' });
  const id = made.json?.id as string;
  await d.call('GET', `/v1/buyers/${id}`, { key: sk, label: 'buyers: read' });
  await d.call('PATCH', `/v1/buyers/${id}`, { key: sk, body: { company: 'Navy', address: { address_line1: '1 Main St', city: 'Arlington', postal_code: '22201', country: 'US' } }, label: 'buyers: update' });
  await d.call('PATCH', `/v1/buyers/${id}`, { key: sk, body: { email: 42 }, label: 'buyers: update with a bad email' });

  const domain = { domain: 'shop.example.com', wallet_type: 'apple_pay' };
  const wd = await d.call('POST', '/v1/wallet-domains', { key: sk, body: domain, label: 'wallet domains: register' });
  await d.call('POST', '/v1/wallet-domains', { key: sk, body: domain, label: 'wallet domains: register again' });
  await d.call('POST', '/v1/wallet-domains', { key: sk, body: { domain: 'pay.example.com', wallet_type: 'google_pay' }, label: 'wallet domains: register google pay' });
  await d.call('POST', '/v1/wallet-domains', { key: sk, body: { domain: 'shop.example.com', wallet_type: 'samsung_pay' }, label: 'wallet domains: unknown wallet' });
  await d.call('POST', '/v1/wallet-domains', { key: sk, body: { domain: 'not a domain', wallet_type: 'apple_pay' }, label: 'wallet domains: bad domain' });
  await d.call('GET', '/v1/wallet-domains', { key: sk, label: 'wallet domains: list' });
  await d.call('GET', '/v1/wallet-domains?limit=500', { key: sk, label: 'wallet domains: limit too high' });
  const wid = wd.json?.id as string;
  await d.call('GET', `/v1/wallet-domains/${wid}`, { key: sk, label: 'wallet domains: read' });
  await d.call('GET', `/v1/wallet-domains/${wid}/file`, { key: sk, label: 'wallet domains: association file' });
  await d.call('POST', `/v1/wallet-domains/${wid}/verify`, { key: sk, label: 'wallet domains: verify' });
  await d.call('POST', `/v1/wallet-domains/${wid}/verify`, { key: sk, label: 'wallet domains: verify again at once' });
  await d.call('DELETE', `/v1/wallet-domains/${wid}`, { key: sk, label: 'wallet domains: delete' });
  await d.call('GET', `/v1/wallet-domains/${wid}`, { key: sk, label: 'wallet domains: read deleted' });
}

/** Order mirroring needs connected stores: the control API connects two to the merchant. */
export async function mirror(w: World): Promise<void> {
  const { d } = w;
  await d.control('PATCH', `/_sandbox/merchants/${w.merchantId}`, { settings: { connectedStores: [{ platform: 'platform_b', store: 'b.example.com', writeScopes: true }, { platform: 'platform_a', store: 'a.example.com', writeScopes: true }] } });
  const sk = w.keys.secret;
  const quote = { platform: 'platform_b', store: 'b.example.com', currency: 'usd', lineItems: [{ name: 'Mug', quantity: 2, unitAmount: 1000, variantId: 7 }], shipping: { amount: 500 } };
  const quoteKey = idem('quote');
  await d.call('POST', '/v1/mirror/quote', { key: sk, body: quote, headers: quoteKey, label: 'mirror: quote' });
  await d.call('POST', '/v1/mirror/quote', { key: sk, body: quote, headers: quoteKey, label: 'mirror: quote, replayed' });
  await d.call('POST', '/v1/mirror/quote', { key: sk, body: { ...quote, voucher: { code: 'NOPE' } }, label: 'mirror: unknown voucher' });
  await d.call('POST', '/v1/mirror/quote', { key: sk, body: { ...quote, store: 'elsewhere.example.com' }, label: 'mirror: store not connected' });
  await d.call('POST', '/v1/mirror/quote', { key: sk, body: { ...quote, platform: 'platform_a' }, label: 'mirror: shipping on platform A' });
  const order = { order: { lineItems: quote.lineItems, shipping: quote.shipping }, mirrorTo: { platform: 'platform_b', store: 'b.example.com', customer: { email: 'ada@example.com' } } };
  const pay = async () => {
    // A card vaulted without setup_for_future_use pays once.
    const tok = await d.call('POST', '/v1/tokens', { key: sk, body: { provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'prism_mirror', currency: 'usd' }, headers: idem('token'), label: 'mirror: vault' });
    const paid = await d.call('POST', '/v1/payment_intents', { key: sk, body: { amount: 2500, currency: 'usd', payment_method: { id: tok.json?.id }, ...order }, headers: idem('intent'), label: 'mirror: mirrored intent' });
    if (paid.json?.id) await d.call('GET', `/v1/payment_intents/${paid.json.id}/mirror-order`, { key: sk, label: 'mirror: order of the intent' });
    return paid.json?.id as string | undefined;
  };
  await d.call('POST', '/v1/sessions', { key: sk, body: { amount: 2500, currency: 'usd', ...order }, headers: idem('session'), label: 'mirror: mirrored session' });
  await storeOrders(w, sk, pay);
}

/** A few refusals for going too fast, on buckets small enough to reach (Doc 1's table). */
export async function rateLimits(w: World): Promise<void> {
  const { d } = w;
  for (let i = 0; i < 6; i++) await d.call('GET', '/api/health?deep=true', { label: 'rate limits: deep health' });
  for (let i = 0; i < 11; i++) await d.call('POST', '/v1/sessions', { key: w.keys.publishable, body: { amount: 500, currency: 'usd' }, label: 'rate limits: sessions with a publishable key' });
  for (let i = 0; i < 31; i++) await d.call('GET', '/v1/sessions/vp_cs_test_0000000000000000', { key: w.keys.secret, label: 'rate limits: session reads' });
}
