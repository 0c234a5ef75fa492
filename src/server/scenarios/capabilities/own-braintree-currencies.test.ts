/**
 * Issue 34, finding 4: a merchant with its own Braintree account and no merchant account for a
 * currency had the sale sent to the gateway's default account with the requested currency's digits
 * (JPY 5000 -> '5000' in USD). Such a currency is now refused before any call to Braintree: on
 * session and intent create, on a session's new total, and at the form of a session made before its
 * keys changed (the adapter refuses it too: braintree-calls.test.ts); and `settlement_currencies`
 * says which currencies the account's merchant accounts settle.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import braintree from 'braintree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { origin } from '../checkout/fixtures.ts';

const KEYS = { provider: 'braintree', merchantId: 'shopgw', publicKey: 'shoppub', privateKey: 'shoppriv', merchantAccounts: { eur: 'shop_eur', usd: 'shop_usd' } };

describe('a merchant with its own Braintree account and merchant accounts in EUR and USD', () => {
  // Braintree, as a recorder: every call that reaches it is kept (and answered 503).
  const seen: string[] = [];
  const gateway = createServer((req: IncomingMessage, res) => {
    seen.push(req.url ?? '');
    req.resume().on('end', () => res.writeHead(503).end());
  });
  beforeAll(() => new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r)));
  afterAll(() => new Promise<void>((r) => gateway.close(() => r())));

  async function ownBraintree(keys: Record<string, unknown> = KEYS) {
    const port = String((gateway.address() as AddressInfo).port);
    const t = await testApp({}, { ownAccounts: { braintreeEnvironment: () => new braintree.Environment('127.0.0.1', port, `http://127.0.0.1:${port}`, false, '127.0.0.1', port) } });
    const made = await (await t.json('POST', '/_sandbox/merchants', { processor: 'hosted_fields', providerAccount: keys })).json();
    seen.length = 0;
    return { t, made, sk: bearer(made.keys.secret as string) };
  }

  it('lists only its merchant accounts’ currencies in GET /v1/capabilities', async () => {
    const { t, sk } = await ownBraintree();
    const caps = await (await t.json('GET', '/v1/capabilities', undefined, sk)).json();
    expect([...caps.settlement_currencies].sort()).toEqual(['EUR', 'USD']);
    // Without merchant accounts named, the gateway is asked for its own (own-braintree-discovered.test.ts);
    // this one answers 503, so the keys are refused rather than kept with the kind's broad row.
    const plain = await t.json('POST', '/_sandbox/merchants', { processor: 'hosted_fields', providerAccount: { ...KEYS, merchantAccounts: undefined } });
    expect(plain.status).toBe(502);
    expect(seen).toEqual(['/merchants/shopgw/merchant_accounts?page=1']);
  });

  it('refuses a JPY session with 422 capability_not_supported naming JPY, before any call, and creates nothing', async () => {
    const { t, sk } = await ownBraintree();
    const res = await t.json('POST', '/v1/sessions', { amount: 5000, currency: 'jpy' }, sk);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'capability_not_supported', currency: 'JPY' });
    expect(body.error).toContain('JPY');
    expect(await t.count('sessions')).toBe(0);
    // A dry run says the same; EUR is taken.
    expect((await (await t.json('POST', '/v1/sessions?dry_run=true', { amount: 5000, currency: 'jpy' }, sk)).json()).code).toBe('capability_not_supported');
    expect((await t.json('POST', '/v1/sessions', { amount: 5000, currency: 'eur' }, sk)).status).toBe(201);
    expect(seen).toEqual([]);
  });

  it('refuses a JPY payment intent and a session total moved to JPY, before any call', async () => {
    const { t, sk } = await ownBraintree();
    const intent = await t.json('POST', '/v1/payment_intents', { amount: 5000, currency: 'jpy', payment_method: { id: 'vp_pmt_test_unknown' } }, sk);
    expect(intent.status).toBe(422);
    expect(await intent.json()).toMatchObject({ code: 'capability_not_supported', currency: 'JPY' });
    const session = await (await t.json('POST', '/v1/sessions', { amount: 5000, currency: 'eur' }, sk)).json();
    const moved = await t.json('PATCH', `/v1/sessions/${session.id}`, { amount: 5000, currency: 'jpy' }, sk);
    expect(moved.status).toBe(422);
    expect((await moved.json()).code).toBe('capability_not_supported');
    expect((await (await t.json('GET', `/v1/sessions/${session.id}`, undefined, sk)).json()).currency).toBe('EUR');
    expect(seen).toEqual([]);
  });

  it('refuses the form of a session in a currency its accounts lost since, before any call', async () => {
    const { t, made, sk } = await ownBraintree();
    const session = await (await t.json('POST', '/v1/sessions', { amount: 5000, currency: 'usd' }, sk)).json();
    // The merchant's keys change: USD has no merchant account any more.
    const patched = await t.json('PATCH', `/_sandbox/merchants/${made.id}`, { providerAccount: { ...KEYS, merchantAccounts: { eur: 'shop_eur' } } });
    expect(patched.status).toBe(200);
    const init = await t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin);
    expect(init.status).toBe(422);
    expect(await init.json()).toMatchObject({ code: 'capability_not_supported', currency: 'USD' });
    // No client token was asked for the gateway's default account (which would take the sale in its own currency).
    expect(seen).toEqual([]);
  });
});
