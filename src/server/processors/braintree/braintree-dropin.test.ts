/**
 * A `vault_hosted_fields` merchant's buyer as a Braintree customer (issue 19, Drop-in), without the
 * app: the customer id is a short hash of merchant, mode and buyer reference within Braintree's
 * rules, and the calls find or make the customer and file a buyer's saved card under it, against a
 * stand-in listening for the test. Through the app (init binding the client token to the customer,
 * a listed card paying on complete) is src/server/scenarios/providers/braintree/braintree-dropin.test.ts.
 */
import braintree from 'braintree';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET, testProcessor } from '../../../../sandbox-processor/testing.ts';
import { listenBraintree } from '../../../../sandbox-processor/braintree/testing.ts';
import { SANDBOX_GATEWAY_ID, SANDBOX_PUBLIC_KEY } from '../../../../sandbox-processor/braintree/app.ts';
import type { Merchant } from '../../domain/index.ts';
import { BraintreeCalls } from './braintree-calls.ts';
import { braintreeCustomerId } from './braintree-customer.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const environment = (port: number) => new braintree.Environment('127.0.0.1', String(port), 'http://127.0.0.1/auth-unused', false, '127.0.0.1', String(port));

describe('braintreeCustomerId', () => {
  it('is one id per merchant, mode and buyer, within Braintree’s rules whatever the buyer reference', () => {
    const odd = ['b', 'ü/ä?&=#|', ' '.repeat(200), 'x'.repeat(200), 'a"b\\c'];
    const ids = odd.map((b) => braintreeCustomerId('m_1', false, b));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
    expect(new Set(ids).size).toBe(odd.length);
    expect(braintreeCustomerId('m_1', false, 'buyer_1')).toBe(braintreeCustomerId('m_1', false, 'buyer_1'));
    expect(braintreeCustomerId('m_1', true, 'buyer_1')).not.toBe(braintreeCustomerId('m_1', false, 'buyer_1'));
    expect(braintreeCustomerId('m_2', false, 'buyer_1')).not.toBe(braintreeCustomerId('m_1', false, 'buyer_1'));
    // The pieces cannot run into each other: ("m_1", "2x") is not ("m_12", "x").
    expect(braintreeCustomerId('m_12', false, 'x')).not.toBe(braintreeCustomerId('m_1', false, '2x'));
    expect(braintreeCustomerId('m_1', false, 'buyer_1')).not.toContain('buyer_1');
  });
});

describe('BraintreeCalls for Drop-in', () => {
  it('ensureCustomer finds or makes the customer, also when two calls race', async () => {
    const sandbox = testProcessor();
    const { port, close } = await listenBraintree(sandbox.processor);
    closers.push(close);
    const calls = new BraintreeCalls({ merchantId: SANDBOX_GATEWAY_ID, publicKey: SANDBOX_PUBLIC_KEY, privateKey: SECRET, environment: environment(port) });
    await Promise.all([calls.ensureCustomer('svc_race'), calls.ensureCustomer('svc_race'), calls.ensureCustomer('svc_race')]);
    await calls.ensureCustomer('svc_race');
    expect(sandbox.processor.db.prepare("SELECT id FROM braintree_customers").all()).toEqual([{ id: 'svc_race' }]);
    await expect(calls.ensureCustomer('not valid!')).rejects.toMatchObject({ reason: 'braintree_91610' });
    const merchant = { id: 'm_dropin' } as Merchant;
    const saved = await calls.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false }, { buyerId: 'buyer 1' });
    expect(saved.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const customer = braintreeCustomerId('m_dropin', false, 'buyer 1');
    expect(sandbox.processor.db.prepare('SELECT customer_id AS c, vault_id AS v FROM braintree_customer_cards').all()).toEqual([{ c: customer, v: saved.vaultId }]);
    // Without a buyer the card is nobody's saved card.
    await calls.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false });
    expect(sandbox.processor.db.prepare('SELECT count(*) AS n FROM braintree_customer_cards WHERE customer_id = ?').get(customer)).toEqual({ n: 1 });
  });
});
