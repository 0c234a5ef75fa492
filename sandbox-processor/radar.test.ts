/**
 * Card testing at the provider stand-ins (issue 32, finding 3): a Stripe client secret takes 6
 * declines and then no card, approved or not; a session's Braintree sales stop after 6 declines; one
 * browser address tries 20 cards a minute at either stand-in (its socket's peer), with the service's
 * rate-limit switch. A buyer declined once or twice still pays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT, STRIPE_PUBLISHABLE_KEY, testClock, testProcessor } from './testing.ts';
import { stripeOverStandIn } from './stripe/testing.ts';
import { braintreeGateway, listenBraintree } from './braintree/testing.ts';
import { DECLINES_PER_SESSION, TRIES_PER_ADDRESS } from './radar.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

/** A request's connection as @hono/node-server hands it over: radar reads the peer address from it. */
const peer = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
const DECLINING = ['4000000000009995', '4000000000000127', '4000000000000069', '4000000000000002', '4100000000000019', '4000000000110058'];

function stripeWorld(rateLimits?: boolean) {
  const clock = testClock();
  const sandbox = testProcessor({ now: clock.now, ...(rateLimits === undefined ? {} : { rateLimits }) });
  const stripe = stripeOverStandIn(sandbox.processor);
  const form = (session = 'cs_1') => stripe.paymentIntents.create({ amount: 2500, currency: 'usd', metadata: { svcpay_session: session } }, { stripeAccount: ACCOUNT });
  /** stripe.js's confirmation from the card frame, over a connection from `address`. */
  const confirm = (secret: string, number: string, address = '198.51.100.7') =>
    sandbox.processor.stripe.request(
      `/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: STRIPE_PUBLISHABLE_KEY,
          _stripe_account: ACCOUNT,
          client_secret: secret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': number,
          'payment_method_data[card][exp_month]': '12',
          'payment_method_data[card][exp_year]': '2040',
          'payment_method_data[card][cvc]': '123',
        }),
      },
      peer(address),
    );
  const charges = () => sandbox.count('SELECT count(*) AS n FROM transactions');
  return { sandbox, clock, stripe, form, confirm, charges };
}

describe('the Stripe stand-in against card testing', () => {
  it('takes 6 declines on one client secret, then refuses every card, an approved one too, charging nothing', async () => {
    const w = stripeWorld();
    const pi = await w.form();
    for (const number of DECLINING) expect((await w.confirm(pi.client_secret!, number)).status).toBe(402);
    expect(DECLINING).toHaveLength(DECLINES_PER_SESSION);
    const refused = await w.confirm(pi.client_secret!, '4242424242424242');
    expect(refused.status).toBe(402);
    expect((await refused.json()).error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'card_velocity_exceeded', payment_intent: { id: pi.id, status: 'requires_payment_method', metadata: {} } });
    expect(w.charges()).toBe(DECLINES_PER_SESSION);
    // The platform's server reads every charge of the intent, each declined confirmation one.
    const list = await w.stripe.charges.list({ payment_intent: pi.id }, { stripeAccount: ACCOUNT });
    expect(list.data.map((c) => c.status)).toEqual(Array(DECLINES_PER_SESSION).fill('failed'));
  });

  it('lets a buyer declined twice pay with the same client secret', async () => {
    const w = stripeWorld();
    const pi = await w.form();
    expect((await w.confirm(pi.client_secret!, '4000000000009995')).status).toBe(402);
    expect((await w.confirm(pi.client_secret!, '4000000000000127')).status).toBe(402);
    expect((await (await w.confirm(pi.client_secret!, '4242424242424242')).json()).status).toBe('succeeded');
  });

  it('takes 20 card tries a minute from one address, over any client secrets; another address, or the next minute, tries again', async () => {
    const w = stripeWorld();
    for (let i = 0; i < TRIES_PER_ADDRESS; i++) expect((await w.confirm((await w.form(`cs_${i}`)).client_secret!, '4000000000000002', '203.0.113.9')).status).toBe(402);
    const fresh = await w.form('cs_fresh');
    const over = await w.confirm(fresh.client_secret!, '4242424242424242', '203.0.113.9');
    expect((await over.json()).error).toMatchObject({ decline_code: 'card_velocity_exceeded' });
    expect(w.charges()).toBe(TRIES_PER_ADDRESS);
    expect((await (await w.confirm(fresh.client_secret!, '4242424242424242', '203.0.113.10')).json()).status).toBe('succeeded');
    w.clock.advance(61);
    expect((await w.confirm((await w.form('cs_later')).client_secret!, '4242424242424242', '203.0.113.9')).status).toBe(200);
  });

  it('counts a session’s declines over every client secret made for it: a fresh form brings no fresh tries', async () => {
    const w = stripeWorld();
    const first = await w.form();
    for (const number of DECLINING.slice(0, 4)) expect((await w.confirm(first.client_secret!, number)).status).toBe(402);
    const second = await w.form();
    for (const number of DECLINING.slice(4)) expect((await w.confirm(second.client_secret!, number)).status).toBe(402);
    for (const form of [first, second, await w.form()]) {
      expect((await (await w.confirm(form.client_secret!, '4242424242424242')).json()).error).toMatchObject({ decline_code: 'card_velocity_exceeded' });
    }
    expect(w.charges()).toBe(DECLINES_PER_SESSION);
    // Another session's buyer pays.
    expect((await (await w.confirm((await w.form('cs_2')).client_secret!, '4242424242424242')).json()).status).toBe('succeeded');
  });

  it('counts no address with the service’s rate limits off (load tests, the browser suite); the decline cap still holds', async () => {
    const w = stripeWorld(false);
    for (let i = 0; i < TRIES_PER_ADDRESS + 5; i++) expect((await w.confirm((await w.form()).client_secret!, '4242424242424242', '203.0.113.9')).status).toBe(200);
    const pi = await w.form();
    for (const number of DECLINING) await w.confirm(pi.client_secret!, number);
    expect((await w.confirm(pi.client_secret!, '4242424242424242')).status).toBe(402);
  });
});

describe('the Braintree stand-in against card testing', () => {
  async function braintreeWorld() {
    const sandbox = testProcessor();
    const { port, close } = await listenBraintree(sandbox.processor);
    closers.push(close);
    const gateway = braintreeGateway(port);
    let order = 0;
    const sale = (nonce: string, session = 'cs_bt') =>
      gateway.transaction.sale({ amount: '7.00', paymentMethodNonce: nonce, merchantAccountId: ACCOUNT, orderId: `order_${++order}`, customFields: { svcpay_session: session } });
    return { sandbox, gateway, port, sale };
  }

  it('gateway-rejects a session’s sale as fraud after 6 declined ones, charging nothing; other sessions are untouched', async () => {
    const w = await braintreeWorld();
    for (let i = 0; i < DECLINES_PER_SESSION; i++) expect((await w.sale('tok_sandbox_visa_0002')).transaction.status).toBe('processor_declined');
    const refused = await w.sale('tok_sandbox_visa_4242');
    expect(refused.success).toBe(false);
    expect(refused.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'fraud' });
    expect(w.sandbox.count('SELECT count(*) AS n FROM transactions')).toBe(DECLINES_PER_SESSION);
    expect((await w.sale('tok_sandbox_visa_4242', 'cs_other')).success).toBe(true);
  });

  it('tokenizes 20 cards a minute from one address (Hosted Fields’ client API), then answers 429', async () => {
    const w = await braintreeWorld();
    const { clientToken } = await w.gateway.clientToken.generate({ merchantAccountId: ACCOUNT });
    const { authorizationFingerprint } = JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8'));
    const tokenize = (address: string) =>
      w.sandbox.processor.braintree.request(
        '/merchants/svcpay_sandbox/client_api/v1/payment_methods/credit_cards',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ authorizationFingerprint, creditCard: { number: '4000000000000002', expirationDate: '12/2040', cvv: '123' } }) },
        peer(address),
      );
    for (let i = 0; i < TRIES_PER_ADDRESS; i++) expect((await tokenize('203.0.113.20')).status).toBe(201);
    expect((await tokenize('203.0.113.20')).status).toBe(429);
    expect((await tokenize('203.0.113.21')).status).toBe(201);
  });
});
