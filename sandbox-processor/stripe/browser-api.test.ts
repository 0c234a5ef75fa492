/**
 * The Stripe stand-in's browser API, as stripe.js (the stand-in's card frame) calls it: the
 * publishable key and a PaymentIntent's client secret are the only credentials, the card goes in
 * `payment_method_data`, and nothing of the card but brand, last four and expiry is kept.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT, STRIPE_PUBLISHABLE_KEY, testProcessor } from '../testing.ts';
import { stripeOverStandIn } from './testing.ts';

function world() {
  const sandbox = testProcessor();
  const stripe = stripeOverStandIn(sandbox.processor);
  const as = { stripeAccount: ACCOUNT };
  const form = (amount = 2500) => stripe.paymentIntents.create({ amount, currency: 'usd', metadata: { svcpay_session: 'cs_1' }, description: 'Order 7' }, as);
  const browser = (path: string, fields: Record<string, string>, method: 'GET' | 'POST' = 'POST') => {
    const body = new URLSearchParams({ key: STRIPE_PUBLISHABLE_KEY, _stripe_account: ACCOUNT, ...fields });
    return method === 'GET'
      ? sandbox.processor.stripe.request(`${path}?${body}`)
      : sandbox.processor.stripe.request(path, { method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
  };
  const card = (number: string, extra: Record<string, string> = {}) => ({
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2040',
    'payment_method_data[card][cvc]': '123',
    'payment_method_data[billing_details][address][postal_code]': '10001',
    ...extra,
  });
  const confirm = async (secret: string, number: string, extra: Record<string, string> = {}) =>
    browser(`/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`, { client_secret: secret, return_url: 'http://127.0.0.1:4245/v3/3ds-return.html', ...card(number, extra) });
  return { sandbox, stripe, as, form, browser, confirm };
}

describe('the Stripe stand-in, called by stripe.js', () => {
  it('confirms a form with the card typed in its frame: succeeded, the card kept as brand and last four only', async () => {
    const { sandbox, stripe, as, form, confirm } = world();
    const pi = await form();
    const res = await confirm(pi.client_secret!, '4242424242424242');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = await res.json();
    expect(body).toMatchObject({ id: pi.id, status: 'succeeded', amount_received: 2500, payment_method: { card: { brand: 'visa', last4: '4242' } } });
    // A browser sees neither the merchant's metadata nor its description; the server does.
    expect(body.metadata).toEqual({});
    expect(body.description).toBeNull();
    expect((await stripe.paymentIntents.retrieve(pi.id, {}, as)).metadata).toEqual({ svcpay_session: 'cs_1' });
    const dump = JSON.stringify(sandbox.processor.db.prepare('SELECT * FROM vault').all()) + JSON.stringify(sandbox.processor.db.prepare('SELECT * FROM stripe_intents').all());
    expect(dump).not.toContain('4242424242424242');
    expect(dump).toContain('"4242"');
  });

  it('refuses a wrong publishable key, and a client secret of another PaymentIntent', async () => {
    const { form, browser, confirm } = world();
    const [a, b] = [await form(), await form()];
    const wrongKey = await browser(`/v1/payment_intents/${a.id}/confirm`, { key: 'pk_test_other', client_secret: a.client_secret!, ...{} });
    expect(wrongKey.status).toBe(401);
    expect((await wrongKey.json()).error.type).toBe('authentication_error');
    const crossed = await browser(`/v1/payment_intents/${a.id}/confirm`, { client_secret: b.client_secret! });
    expect(crossed.status).toBe(400);
    expect((await crossed.json()).error.param).toBe('client_secret');
    // Nothing was charged by either.
    expect((await (await browser(`/v1/payment_intents/${a.id}`, { client_secret: a.client_secret! }, 'GET')).json()).status).toBe('requires_payment_method');
    // The right pair still works.
    expect((await confirm(a.client_secret!, '4242424242424242')).status).toBe(200);
  });

  it('answers a decline as Stripe does: 402 card_error with the PaymentIntent, which a new card may confirm again', async () => {
    const { form, confirm } = world();
    const pi = await form();
    const res = await confirm(pi.client_secret!, '4000000000009995');
    expect(res.status).toBe(402);
    const { error } = await res.json();
    expect(error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', payment_intent: { id: pi.id, status: 'requires_payment_method', metadata: {} } });
    expect((await (await confirm(pi.client_secret!, '4242424242424242')).json()).status).toBe('succeeded');
  });

  it('refuses a card that is not one (bad number, short CVC, past expiry) as a card_error, charging nothing', async () => {
    const { form, confirm } = world();
    const pi = await form();
    const codeOf = async (number: string, extra: Record<string, string> = {}) => (await (await confirm(pi.client_secret!, number, extra)).json()).error.code;
    expect(await codeOf('4242424242424241')).toBe('incorrect_number');
    expect(await codeOf('4242424242424242', { 'payment_method_data[card][cvc]': '12' })).toBe('invalid_cvc');
    expect(await codeOf('4242424242424242', { 'payment_method_data[card][exp_year]': '2001' })).toBe('expired_card');
    expect((await (await confirm(pi.client_secret!, '4242424242424242')).json()).status).toBe('succeeded');
  });

  it('sends a challenge card to the bank check, framable by the page stripe.js runs on; closing the check fails it', async () => {
    const { sandbox, form, confirm, browser } = world();
    const pi = await form();
    const body = await (await confirm(pi.client_secret!, '4000000000003220')).json();
    expect(body.status).toBe('requires_action');
    const url: string = body.next_action.redirect_to_url.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:4243\/challenge\//);
    expect(body.next_action.redirect_to_url.return_url).toBe('http://127.0.0.1:4245/v3/3ds-return.html');
    const page = await sandbox.processor.app.request(new URL(url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors [^;]*\*/);
    const cancel = await browser(`/v1/payment_intents/${pi.id}/source_cancel`, { client_secret: pi.client_secret! });
    expect(await cancel.json()).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
  });

  it('refuses to confirm a canceled PaymentIntent (400 payment_intent_unexpected_state) before it takes or keeps the card', async () => {
    const { sandbox, stripe, as, form, confirm } = world();
    const count = (table: string) => (sandbox.processor.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const unused = await form();
    await stripe.paymentIntents.cancel(unused.id, { cancellation_reason: 'abandoned' }, as);
    const declined = await form();
    expect((await confirm(declined.client_secret!, '4000000000009995')).status).toBe(402);
    await stripe.paymentIntents.cancel(declined.id, {}, as);
    const [vaulted, charged] = [count('vault'), count('transactions')];
    for (const pi of [unused, declined]) {
      const res = await confirm(pi.client_secret!, '4242424242424242');
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: expect.stringContaining('status of canceled') });
    }
    expect([count('vault'), count('transactions')]).toEqual([vaulted, charged]);
  });

  it('passes the fault switchboard: a browser charge armed down is refused with nothing charged, and the next one pays', async () => {
    const { sandbox, form, confirm } = world();
    const pi = await form();
    sandbox.processor.faults.arm({ operation: 'browser_charge', kind: 'down', merchant: ACCOUNT });
    const refused = await confirm(pi.client_secret!, '4242424242424242');
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.type).toBe('api_error');
    expect(sandbox.processor.db.prepare('SELECT count(*) AS n FROM transactions').get()).toEqual({ n: 0 });
    expect((await (await confirm(pi.client_secret!, '4242424242424242')).json()).status).toBe('succeeded');
  });
});
