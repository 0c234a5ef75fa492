/**
 * The Braintree stand-in's client API for Drop-in (issue 19): a client token bound to a customer
 * lists that customer's cards as Braintree's client API does, each with a nonce that pays the card
 * once; a card tokenized with `options.validate` under such a token is filed under the customer (the
 * buyer's "Save card"), without it it is not; the vault keeps brand, last four and expiry only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT, testProcessor } from '../testing.ts';
import { braintreeGateway, listenBraintree } from './testing.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const NUMBER = '4000056655665556';

async function world() {
  const sandbox = testProcessor();
  const { port, close } = await listenBraintree(sandbox.processor);
  closers.push(close);
  const gateway = braintreeGateway(port);
  const api = `http://127.0.0.1:${port}/merchants/svcpay_sandbox/client_api/v1`;
  const fingerprint = async (customerId?: string) => {
    const res = await gateway.clientToken.generate({ merchantAccountId: ACCOUNT, ...(customerId ? { customerId } : {}) });
    return JSON.parse(Buffer.from(res.clientToken, 'base64').toString('utf8')).authorizationFingerprint as string;
  };
  const listed = async (fp: string) => {
    const res = await fetch(`${api}/payment_methods?${new URLSearchParams({ authorizationFingerprint: fp, defaultFirst: '1' })}`);
    return { status: res.status, cors: res.headers.get('access-control-allow-origin'), body: (await res.json()) as { paymentMethods: { nonce: string; default: boolean; description: string; details: Record<string, string> }[] } };
  };
  const tokenize = async (fp: string, validate?: boolean, number = NUMBER) => {
    const res = await fetch(`${api}/payment_methods/credit_cards`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ authorizationFingerprint: fp, creditCard: { number, expirationDate: '12/2040', cvv: '123', ...(validate === undefined ? {} : { options: { validate } }) } }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { creditCards: { nonce: string }[] }).creditCards[0]!.nonce;
  };
  const sale = (nonce: string, orderId: string) => gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce, merchantAccountId: ACCOUNT, orderId, options: { submitForSettlement: true } });
  return { sandbox, gateway, fingerprint, listed, tokenize, sale };
}

describe('the stand-in client API for Drop-in', () => {
  it('lists a customer’s cards, the default first, in the client API’s shape; each listed nonce pays its card once', async () => {
    const { gateway, fingerprint, listed, sale } = await world();
    expect((await gateway.customer.create({ id: 'buyer_1' })).success).toBe(true);
    await gateway.paymentMethod.create({ customerId: 'buyer_1', paymentMethodNonce: 'tok_sandbox_visa_4242', options: { verificationMerchantAccountId: ACCOUNT } } as never);
    await gateway.paymentMethod.create({ customerId: 'buyer_1', paymentMethodNonce: 'tok_sandbox_mastercard_4444', options: { verificationMerchantAccountId: ACCOUNT } } as never);
    const { status, cors, body } = await listed(await fingerprint('buyer_1'));
    expect(status).toBe(200);
    expect(cors).toBe('*');
    expect(body.paymentMethods).toEqual([
      expect.objectContaining({ type: 'CreditCard', default: true, description: 'ending in 42', details: { cardType: 'Visa', lastFour: '4242', lastTwo: '42', expirationMonth: '12', expirationYear: expect.stringMatching(/^\d{4}$/) }, binData: expect.any(Object) }),
      expect.objectContaining({ type: 'CreditCard', default: false, details: expect.objectContaining({ cardType: 'MasterCard', lastFour: '4444' }) }),
    ]);
    const [visa] = body.paymentMethods;
    const paid = await sale(visa!.nonce, 'att_1');
    expect(paid.transaction).toMatchObject({ status: 'settled', creditCard: { last4: '4242' } });
    const again = await sale(visa!.nonce, 'att_2');
    expect(again.success).toBe(false);
    expect(again.message).toMatch(/more than once/);
  });

  it('lists nothing for a token bound to no customer, and only the bound customer’s cards', async () => {
    const { gateway, fingerprint, listed } = await world();
    await gateway.customer.create({ id: 'buyer_a' });
    await gateway.customer.create({ id: 'buyer_b' });
    await gateway.paymentMethod.create({ customerId: 'buyer_a', paymentMethodNonce: 'tok_sandbox_visa_4242', options: { verificationMerchantAccountId: ACCOUNT } } as never);
    expect((await listed(await fingerprint())).body.paymentMethods).toEqual([]);
    expect((await listed(await fingerprint('buyer_b'))).body.paymentMethods).toEqual([]);
    expect((await listed(await fingerprint('buyer_a'))).body.paymentMethods).toHaveLength(1);
    expect((await listed('0'.repeat(64) + '|created_at=2030-01-01&merchant_account_id=x&customer_id=buyer_a')).status).toBe(401);
  });

  it('files a card tokenized with validate under the token’s customer (Save card), not one without; never its number or CVC', async () => {
    const { sandbox, gateway, fingerprint, listed, tokenize } = await world();
    await gateway.customer.create({ id: 'buyer_2' });
    const fp = await fingerprint('buyer_2');
    await tokenize(fp, false, '5555555555554444');
    await tokenize(fp);
    expect((await listed(fp)).body.paymentMethods).toEqual([]);
    await tokenize(fp, true);
    expect((await listed(fp)).body.paymentMethods.map((m) => m.details.lastFour)).toEqual(['5556']);
    // A token with no customer saves nowhere, validate or not.
    await tokenize(await fingerprint(), true, '5555555555554444');
    expect((await gateway.customer.find('buyer_2')).creditCards?.map((c) => c.last4)).toEqual(['5556']);
    const dump = JSON.stringify(sandbox.processor.db.prepare("SELECT * FROM sqlite_master WHERE type = 'table'").all().flatMap((t) => sandbox.processor.db.prepare(`SELECT * FROM "${(t as { name: string }).name}"`).all()));
    expect(dump).not.toContain(NUMBER);
    expect(dump).not.toContain('5555555555554444');
  });
});
