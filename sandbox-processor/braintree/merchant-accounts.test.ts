/**
 * The stand-in gateway's merchant accounts (issue 34, finding 4), read through the `braintree`
 * SDK's own `merchantAccount.all()` (its paging and XML parsing are the reference): every account
 * across pages, behind the gateway's keys and the fault switchboard; a sale naming no account goes
 * to the default (USD, whatever the sale's currency, as at Braintree); a suspended one takes none.
 */
import braintree from 'braintree';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_GATEWAY_ID } from './app.ts';
import { braintreeGateway, braintreeWorld } from './testing.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const all = (gateway: braintree.BraintreeGateway) =>
  new Promise<braintree.MerchantAccount[]>((resolve, reject) =>
    (gateway.merchantAccount.all as unknown as (cb: (err: unknown, a: braintree.MerchantAccount[]) => void) => void).call(gateway.merchantAccount, (err, a) => (err ? reject(err) : resolve(a))),
  );

async function world() {
  const w = await braintreeWorld();
  closers.push(w.close);
  return w;
}

describe('the stand-in gateway’s merchant accounts', () => {
  it('lists every account, across pages, with its currency, status and default', async () => {
    const { gateway } = await world();
    const listed = (await all(gateway)).map((a) => [a.id, a.currencyIsoCode, a.status, a.default]);
    expect(listed).toEqual([
      [`${SANDBOX_GATEWAY_ID}_usd`, 'USD', 'active', false],
      [`${SANDBOX_GATEWAY_ID}_eur`, 'EUR', 'active', false],
      [SANDBOX_GATEWAY_ID, 'USD', 'active', true],
      [`${SANDBOX_GATEWAY_ID}_jpy`, 'JPY', 'suspended', false],
      [`${SANDBOX_GATEWAY_ID}_gbp`, 'GBP', 'active', false],
    ]);
    expect(listed.map((a) => a[2])).toEqual(expect.arrayContaining([braintree.MerchantAccount.Status.Active, braintree.MerchantAccount.Status.Suspended]));
  });

  it('answers only the gateway’s keys, and the switchboard’s lookup faults reach it', async () => {
    const { sandbox, port, gateway } = await world();
    await expect(all(braintreeGateway(port, 'wrong'))).rejects.toMatchObject({ type: 'authenticationError' });
    await sandbox.call('POST', '/v1/_faults', { operation: 'lookup', kind: 'down' });
    await expect(all(gateway)).rejects.toMatchObject({ type: 'serviceUnavailableError' });
    expect(await all(gateway)).toHaveLength(5);
  });

  it('takes a sale naming no account in the default, in USD whatever its currency; a suspended account takes none', async () => {
    const { sandbox, gateway } = await world();
    const sale = await gateway.transaction.sale({ amount: '5000', paymentMethodNonce: 'tok_sandbox_visa_4242', orderId: 'att_default', options: { submitForSettlement: true } });
    // JPY 5000 meant, USD 5000.00 taken: what a sale naming no account does at Braintree.
    expect(sale.transaction).toMatchObject({ currencyIsoCode: 'USD', amount: '5000.00' });
    const suspended = await gateway.transaction.sale({ amount: '5000', paymentMethodNonce: 'tok_sandbox_visa_4242', merchantAccountId: `${SANDBOX_GATEWAY_ID}_jpy`, orderId: 'att_jpy' });
    expect(suspended.success).toBe(false);
    expect((suspended as unknown as { errors: { deepErrors(): { code: string }[] } }).errors.deepErrors().map((e) => e.code)).toEqual(['91514']);
    expect(sandbox.processor.db.prepare('SELECT merchant_id AS merchant, currency, amount FROM transactions').all()).toEqual([{ merchant: SANDBOX_GATEWAY_ID, currency: 'USD', amount: 500000 }]);
  });
});
