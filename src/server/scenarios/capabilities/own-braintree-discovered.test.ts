/**
 * Issue 34, finding 4, for own Braintree keys registered without `merchantAccounts`: the service
 * asks the gateway which merchant accounts it has (`merchantAccount.all()`) and keeps the active
 * ones by currency, so it settles exactly those; before, it claimed the kind's broad list and a
 * JPY sale went to the gateway's default account, taken as USD. A gateway that cannot be asked, or
 * refuses the keys, refuses the registration, and nothing is kept. The gateway here is the
 * Braintree stand-in's (its accounts: sandbox-processor/braintree/merchant-accounts.ts), listening
 * for the test, with the merchant's keys its own.
 */
import braintree from 'braintree';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../../testing.ts';
import { client } from '../payment-intents/fixtures.ts';
import { SANDBOX_GATEWAY_ID, SANDBOX_PUBLIC_KEY } from '../../../../sandbox-processor/braintree/app.ts';
import { listenBraintree } from '../../../../sandbox-processor/braintree/testing.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

/** An app whose merchants' own Braintree gateway is the stand-in's, and keys of that gateway. */
async function ownGatewayWorld() {
  let port = '';
  const t = await testApp({}, { ownAccounts: { braintreeEnvironment: () => new braintree.Environment('127.0.0.1', port, `http://127.0.0.1:${port}`, false, '127.0.0.1', port) } });
  const listening = await listenBraintree(t.sandbox);
  port = String(listening.port);
  closers.push(listening.close);
  const keys = { provider: 'braintree', merchantId: SANDBOX_GATEWAY_ID, publicKey: SANDBOX_PUBLIC_KEY, privateKey: t.processorSecret };
  const register = async (providerAccount: Record<string, unknown> = keys) => {
    const res = await t.json('POST', '/_sandbox/merchants', { processor: 'hosted_fields', providerAccount });
    return { status: res.status, body: await res.json() };
  };
  /** What the stand-in's ledger holds: every sale, in its currency. */
  const ledger = () => t.sandbox.db.prepare('SELECT merchant_id AS merchant, currency, amount FROM transactions').all();
  const arm = (body: Record<string, unknown>) => t.json('POST', '/_sandbox/faults', body);
  return { t, keys, register, ledger, arm };
}

describe('own Braintree keys registered without merchantAccounts', () => {
  it('keep the gateway’s active merchant accounts by currency, the default first, and settle only theirs', async () => {
    const w = await ownGatewayWorld();
    const made = await w.register();
    expect(made.status).toBe(201);
    // USD has two accounts: the default is kept; JPY's is suspended, so JPY has none.
    expect(made.body.providerAccount.merchantAccounts).toEqual({ usd: SANDBOX_GATEWAY_ID, eur: `${SANDBOX_GATEWAY_ID}_eur`, gbp: `${SANDBOX_GATEWAY_ID}_gbp` });
    const c = client(w.t, made.body.id, made.body.keys);
    const caps = await c.get('/v1/capabilities');
    expect([...caps.settlement_currencies].sort()).toEqual(['EUR', 'GBP', 'USD']);

    const card = await c.vault();
    const jpy = await c.payJson(card, { amount: 5000, currency: 'jpy' });
    expect(jpy.status).toBe(422);
    expect(jpy.body).toMatchObject({ code: 'capability_not_supported', currency: 'JPY' });
    expect(w.ledger()).toEqual([]);
    // EUR goes to the EUR account, in EUR.
    const eur = await c.payJson(card, { amount: 5000, currency: 'eur' });
    expect(eur.body.status).toBe('succeeded');
    expect(w.ledger()).toEqual([{ merchant: SANDBOX_GATEWAY_ID, currency: 'EUR', amount: 5000 }]);
  });

  it('are refused with 502 provider_unavailable when Braintree is down, and nothing is kept', async () => {
    const w = await ownGatewayWorld();
    const before = await w.t.count('merchants');
    expect((await w.arm({ operation: 'lookup', kind: 'down', count: 2 })).status).toBe(201);
    const refused = await w.register();
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'provider_unavailable', selfHeal: { retryable: true } });
    expect(refused.body.error).toContain('merchant accounts');
    expect(await w.t.count('merchants')).toBe(before);
    // Set on a merchant already made: the PATCH changes nothing, its settings included.
    const m = await w.t.merchant({ processor: 'hosted_fields' });
    const patched = await w.t.json('PATCH', `/_sandbox/merchants/${m.merchant.id}`, { settings: { displayName: 'After' }, providerAccount: w.keys });
    expect(patched.status).toBe(502);
    const kept = (await w.t.store.read.merchants.get(m.merchant.id))!;
    expect(kept.providerAccount ?? null).toBeNull();
    expect(kept.settings.displayName).not.toBe('After');
    // Up again: the same keys are taken.
    expect((await w.register()).status).toBe(201);
  });

  it('are refused with 400 validation_error when Braintree refuses them, and nothing is kept', async () => {
    const w = await ownGatewayWorld();
    const before = await w.t.count('merchants');
    const refused = await w.register({ ...w.keys, privateKey: 'not_the_gateway_key' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_error');
    expect(refused.body.error).toContain('Braintree refused these keys');
    expect(JSON.stringify(refused.body)).not.toContain('not_the_gateway_key');
    expect(await w.t.count('merchants')).toBe(before);
  });
});
