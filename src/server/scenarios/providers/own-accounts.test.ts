/**
 * Merchants with their own provider keys (issue 19, "Configuration for real accounts"): the same
 * adapter code reaches the real provider (`environment: production`) with the merchant's keys, and
 * their webhooks arrive at the merchant's own gateway, checked with its own secret. No test reaches
 * the internet: what leaves for api.stripe.com is recorded here, then answered by the sandbox's
 * Stripe stand-in acting as that account; Braintree's calls go to a loopback recorder.
 * How an own account's adapter is chosen, without the app, is processors/own-accounts.test.ts.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import braintree from 'braintree';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { client } from '../payment-intents/fixtures.ts';
import { origin } from '../checkout/fixtures.ts';
import type { Merchant } from '../../domain/index.ts';

const OWN = { provider: 'stripe', secretKey: 'sk_test_MerchantOwnKey0001', publishableKey: 'pk_test_MerchantOwnPk0002', webhookSecret: 'whsec_MerchantEndpoint0003' } as const;

interface Sent {
  origin: string;
  path: string;
  auth: string | null;
  account: string | null;
}

async function ownStripeWorld() {
  const sent: Sent[] = [];
  let answer: (url: string, init: RequestInit) => Promise<Response> = async () => new Response(null, { status: 503 });
  // What the Stripe SDK sends to Stripe, kept; then answered by the stand-in as this merchant's account.
  const stripeFetch = async (url: string, init: RequestInit) => {
    const u = new URL(url);
    const h = new Headers(init.headers);
    sent.push({ origin: u.origin, path: u.pathname, auth: h.get('authorization'), account: h.get('stripe-account') });
    return answer(url, init);
  };
  const t = await testApp({}, { ownAccounts: { stripeFetch } });
  const made = await (await t.json('POST', '/_sandbox/merchants', { processor: 'card_element', providerAccount: OWN })).json();
  answer = async (url, init) => {
    const h = new Headers(init.headers);
    h.set('authorization', `Bearer ${t.processorSecret}`);
    h.set('stripe-account', made.id);
    return t.sandbox.stripe.request(url, { ...init, headers: h });
  };
  const c = client(t, made.id, made.keys);
  const webhook = (gateway: string, event: object, secret: string) => {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.request(`/api/webhooks/${gateway}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
  };
  return { t, c, sent, merchantId: made.id as string, webhook };
}

describe('a card_element merchant with its own Stripe keys', () => {
  it('charges and refunds at api.stripe.com with its own key, naming no connected account', async () => {
    const w = await ownStripeWorld();
    const { status, body } = await w.c.payJson(await w.c.vault());
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'succeeded', card: { last4: '4242' } });
    expect((await w.c.post('/v1/refunds', { payment_intent: body.id, amount: 300 })).body).toMatchObject({ status: 'succeeded' });
    expect(w.sent.length).toBeGreaterThanOrEqual(3);
    expect(new Set(w.sent.map((s) => s.origin))).toEqual(new Set(['https://api.stripe.com']));
    expect(new Set(w.sent.map((s) => s.auth))).toEqual(new Set([`Bearer ${OWN.secretKey}`]));
    expect(w.sent.every((s) => s.account === null)).toBe(true);
    expect(w.sent.map((s) => s.path)).toEqual(expect.arrayContaining(['/v1/payment_methods', '/v1/payment_intents', '/v1/refunds']));
  });

  it('hands the page its own publishable key and Stripe’s own stripe.js (production), no connected account', async () => {
    const w = await ownStripeWorld();
    const session = await (await w.t.json('POST', '/v1/sessions', { amount: 1200, currency: 'usd' }, w.c.sk)).json();
    const init = await (await w.t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json();
    expect(init).toMatchObject({ type: 'card_element', environment: 'production', publishableKey: OWN.publishableKey, token: expect.stringMatching(/^pi_.+_secret_/) });
    expect(init).not.toHaveProperty('accountId');
    expect(init).not.toHaveProperty('scriptUrl');
  });

  it('makes its adapter once per set of keys: new keys, a new adapter; none, the platform’s', async () => {
    const w = await ownStripeWorld();
    const read = async () => (await w.t.store.read.merchants.get(w.merchantId))!;
    const first = w.t.deps.ownProcessor(await read());
    expect(first).not.toBeNull();
    expect(w.t.deps.ownProcessor(await read())).toBe(first);
    await w.t.json('PATCH', `/_sandbox/merchants/${w.merchantId}`, { providerAccount: { ...OWN, secretKey: 'sk_test_MerchantNewKey0009' } });
    const second = w.t.deps.ownProcessor(await read());
    expect(second).not.toBe(first);
    await w.c.payJson(await w.c.vault());
    expect(w.sent.at(-1)?.auth).toBe('Bearer sk_test_MerchantNewKey0009');
    await w.t.json('PATCH', `/_sandbox/merchants/${w.merchantId}`, { providerAccount: null });
    expect(w.t.deps.ownProcessor(await read())).toBeNull();
    const before = w.sent.length;
    expect((await w.c.payJson(await w.c.vault())).body.status).toBe('succeeded');
    expect(w.sent.length).toBe(before);
  });

  it('for agent_hosted_fields hands the page its own key and the service’s charge endpoint', async () => {
    const t = await testApp({}, { ownAccounts: { stripeFetch: async () => new Response('{}', { status: 500 }) } });
    const made = await (await t.json('POST', '/_sandbox/merchants', { processor: 'agent_hosted_fields', providerAccount: OWN })).json();
    const session = await (await t.json('POST', '/v1/sessions', { amount: 1200, currency: 'usd' }, bearer(made.keys.secret))).json();
    const init = await (await t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json();
    expect(init).toMatchObject({ type: 'agent_hosted_fields', environment: 'production', publishableKey: OWN.publishableKey, chargeEndpoint: 'http://localhost:4242/api/checkout/complete' });
    expect(init).not.toHaveProperty('accountId');
  });

  it('takes its webhooks at its own gateway with its own secret only, as its own events whatever they name', async () => {
    const w = await ownStripeWorld();
    const { body } = await w.c.payJson(await w.c.vault());
    const stripeId = w.t.sandbox.db.prepare('SELECT id FROM stripe_intents').pluck().get() as string;
    const dispute = (id: string, account?: string) => ({
      id,
      object: 'event',
      type: 'charge.dispute.created',
      ...(account ? { account } : {}),
      data: { object: { id: `dp_${id}`, object: 'dispute', payment_intent: stripeId, status: 'needs_response' } },
    });
    const own = `stripe_${w.merchantId}`;
    // Signed with the platform's secret, or sent to the platform's gateway: refused.
    expect((await w.webhook(own, dispute('evt_1'), w.t.deps.providerWebhookSecret)).status).toBe(401);
    expect((await w.webhook('stripe', dispute('evt_2', w.merchantId), OWN.webhookSecret)).status).toBe(401);
    // Another merchant's gateway, or one with no keys: not configured.
    const other = await w.t.merchant({ processor: 'card_element' });
    expect((await w.webhook(`stripe_${other.merchant.id}`, dispute('evt_3'), OWN.webhookSecret)).status).toBe(503);
    expect((await w.webhook(`braintree_${w.merchantId}`, dispute('evt_4'), OWN.webhookSecret)).status).toBe(503);
    // Its own, naming some other account: still this merchant's dispute.
    const ok = await w.webhook(own, dispute('evt_5', 'acct_someoneElse'), OWN.webhookSecret);
    expect(ok.status).toBe(200);
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    expect((await w.c.types(body.id))).toContain('dispute.created');
    expect(await w.c.get(`/v1/payment_intents/${body.id}`)).toMatchObject({ refundable: false });
  });
});

describe('a hosted_fields merchant with its own Braintree keys', () => {
  const seen: { path: string; auth: string | undefined; body: string }[] = [];
  const gateway = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(503).end();
    });
  });
  afterAll(() => new Promise<void>((r) => gateway.close(() => r())));

  it('asks its own gateway with its own keys, at Braintree’s sandbox or production by its mode', async () => {
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const port = String((gateway.address() as AddressInfo).port);
    const modes: boolean[] = [];
    const t = await testApp({}, { ownAccounts: { braintreeEnvironment: (live) => (modes.push(live), new braintree.Environment('127.0.0.1', port, `http://127.0.0.1:${port}`, false, '127.0.0.1', port)) } });
    const keys = { provider: 'braintree', merchantId: 'shopgw', publicKey: 'shoppub', privateKey: 'shoppriv', merchantAccounts: { eur: 'shop_eur' } };
    const made = await (await t.json('POST', '/_sandbox/merchants', { processor: 'hosted_fields', providerAccount: keys })).json();
    const session = await (await t.json('POST', '/v1/sessions', { amount: 1200, currency: 'eur' }, bearer(made.keys.secret))).json();
    const init = await t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin);
    // The recorder answers 503: the service says the provider is unavailable, and nothing else.
    expect(init.status).toBe(502);
    expect(modes).toEqual([false]);
    expect(seen).toEqual([{ path: '/merchants/shopgw/client_token', auth: `Basic ${Buffer.from('shoppub:shoppriv').toString('base64')}`, body: expect.any(String) }]);
    // The client token is for the merchant account of the payment's currency (its 3-D Secure check and sale are there).
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ client_token: { merchant_account_id: 'shop_eur' } });
    // The platform's Braintree adapter is not the one asked.
    const merchant = (await t.store.read.merchants.get(made.id)) as Merchant;
    expect(t.deps.ownProcessor(merchant)).not.toBe(t.deps.processorFor('hosted_fields'));
  });

  it('takes webhooks at its own gateway signed with its own keys, not the platform’s', async () => {
    const t = await testApp();
    // Merchant accounts named: the gateway (Braintree's own, here) is not asked for them.
    const keys = { provider: 'braintree', merchantId: 'shopgw', publicKey: 'shoppub', privateKey: 'shoppriv', merchantAccounts: { usd: 'shop_usd' } };
    const made = await (await t.json('POST', '/_sandbox/merchants', { processor: 'hosted_fields', providerAccount: keys })).json();
    const signedBy = async (merchantId: string, publicKey: string, privateKey: string) => {
      const gateway = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, merchantId, publicKey, privateKey });
      const n = await gateway.webhookTesting.sampleNotification('dispute_opened', 'tx_own_1');
      return new URLSearchParams({ bt_signature: n.bt_signature, bt_payload: n.bt_payload }).toString();
    };
    const post = (gateway: string, body: string) => t.app.request(`/api/webhooks/${gateway}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    const own = `braintree_${made.id}`;
    expect((await post(own, await signedBy('shopgw', 'shoppub', 'shoppriv'))).status).toBe(200);
    expect((await post(own, await signedBy('shopgw', 'otherpub', 'otherpriv'))).status).toBe(401);
    // The platform's gateway does not take the merchant's events, nor the Stripe gateway of a Braintree merchant.
    expect((await post('braintree', await signedBy('shopgw', 'shoppub', 'shoppriv'))).status).toBe(401);
    expect((await post(`stripe_${made.id}`, await signedBy('shopgw', 'shoppub', 'shoppriv'))).status).toBe(503);
  });

  it('is asked in Braintree’s production for a live merchant, and answers init as production', async () => {
    await new Promise<void>((r) => (gateway.listening ? r() : gateway.listen(0, '127.0.0.1', r)));
    const port = String((gateway.address() as AddressInfo).port);
    const modes: boolean[] = [];
    const t = await testApp({}, { ownAccounts: { braintreeEnvironment: (live) => (modes.push(live), new braintree.Environment('127.0.0.1', port, `http://127.0.0.1:${port}`, false, '127.0.0.1', port)) } });
    const live = await (await t.json('POST', '/_sandbox/merchants', { processor: 'hosted_fields', environment: 'live', providerAccount: { provider: 'braintree', merchantId: 'livegw', publicKey: 'p', privateKey: 'q', merchantAccounts: { usd: 'live_usd' } } })).json();
    const session = await (await t.json('POST', '/v1/sessions', { amount: 1200, currency: 'usd', successUrl: 'https://shop.example/ok' }, bearer(live.keys.secret))).json();
    await t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin);
    expect(modes).toEqual([true]);
    expect(seen.at(-1)?.path).toBe('/merchants/livegw/client_token');
  });
});
