/**
 * The Braintree stand-in, driven by the real `braintree` Node SDK over loopback (issue 19). The
 * SDK's own parsing (XML, its Transaction and ErrorResponse classes) and the community types
 * (@types/braintree) are the reference: every answer is read through them, and the fields the svcpay
 * adapter relies on are checked against Braintree's documented values (`Transaction.Status` and so
 * on), so the stand-in cannot drift into something Braintree never sends. The sandbox test cards
 * behave as they do on every other path.
 */
import braintree from 'braintree';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT } from '../testing.ts';
import { braintreeGateway, braintreeWorld, searchByOrderId } from './testing.ts';

const STATUSES = braintree.Transaction.Status.All();

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function world() {
  const { sandbox, port, gateway, close } = await braintreeWorld();
  closers.push(close);
  const sale = (nonce: string, extra: Partial<braintree.TransactionRequest> = {}) =>
    gateway.transaction.sale({ amount: '15.00', paymentMethodNonce: nonce, merchantAccountId: ACCOUNT, orderId: `att_${Math.random().toString(36).slice(2)}`, options: { submitForSettlement: true }, ...extra });
  const ledger = () => sandbox.processor.db.prepare('SELECT status, capture_state AS capture, captured_amount AS captured FROM transactions').all();
  return { sandbox, port, gateway, sale, ledger };
}

function expectTransaction(t: braintree.Transaction) {
  expect(typeof t.id).toBe('string');
  expect(STATUSES).toContain(t.status);
  expect(t.amount).toMatch(/^\d+(\.\d+)?$/);
  expect(['sale', 'credit']).toContain(t.type);
  expect(t.currencyIsoCode).toMatch(/^[A-Z]{3}$/);
}

describe('the Braintree stand-in through the braintree SDK', () => {
  it('refuses a wrong private key with the SDK’s AuthenticationError', async () => {
    const { port } = await world();
    await expect(braintreeGateway(port, 'wrong').transaction.find('x')).rejects.toMatchObject({ type: 'authenticationError' });
  });

  it('issues a client token braintree-web can read: its fingerprint, client API and merchant account', async () => {
    const { gateway } = await world();
    const res = await gateway.clientToken.generate({ merchantAccountId: ACCOUNT });
    expect(res.success).toBe(true);
    const token = JSON.parse(Buffer.from(res.clientToken, 'base64').toString('utf8'));
    expect(token).toMatchObject({ version: 2, merchantAccountId: ACCOUNT, environment: 'sandbox', clientApiUrl: 'http://127.0.0.1:4246/merchants/svcpay_sandbox/client_api' });
    expect(token.authorizationFingerprint).toMatch(/^[0-9a-f]{64}\|created_at=/);
  });

  it('sells with a nonce and settles: settled, with the card; found again by id and by order id', async () => {
    const { gateway, sale, ledger } = await world();
    const res = await sale('tok_sandbox_visa_4242', { orderId: 'att_1', customFields: { svcpay_session: 'cs_1' } });
    expect(res.success).toBe(true);
    const t = res.transaction;
    expectTransaction(t);
    expect(t).toMatchObject({ status: 'settled', amount: '15.00', orderId: 'att_1', merchantAccountId: `${ACCOUNT}_usd`, processorResponseCode: '1000', creditCard: { cardType: 'Visa', last4: '4242' }, customFields: { svcpaySession: 'cs_1' } });
    expect(ledger()).toEqual([{ status: 'approved', capture: 'settled', captured: 1500 }]);
    expect((await gateway.transaction.find(t.id)).id).toBe(t.id);
    expect((await searchByOrderId(gateway, 'att_1', [ACCOUNT])).map((x) => x.id)).toEqual([t.id]);
  });

  it('answers a decline as Braintree does: success false, processor_declined with its response code, nothing charged', async () => {
    const { sale, ledger } = await world();
    const res = await sale('tok_sandbox_visa_9995');
    expect(res.success).toBe(false);
    expect(res.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2001', processorResponseText: 'Insufficient Funds' });
    expect(res.message).toBe('Insufficient Funds');
    expect(ledger()).toMatchObject([{ status: 'declined', captured: 0 }]);
  });

  it('gateway-rejects a second sale with the same order id as a duplicate: charged once', async () => {
    const { sale, ledger } = await world();
    expect((await sale('tok_sandbox_visa_4242', { orderId: 'att_dup' })).success).toBe(true);
    const again = await sale('tok_sandbox_visa_4242', { orderId: 'att_dup' });
    expect(again.success).toBe(false);
    expect(again.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'duplicate' });
    expect(ledger()).toHaveLength(1);
  });

  it('gateway-rejects a repeated sale of one vaulted card with the same order id: charged once', async () => {
    const { gateway, sale, ledger } = await world();
    const customer = await gateway.customer.create({ paymentMethodNonce: 'tok_sandbox_visa_4242', creditCard: { options: { verificationMerchantAccountId: ACCOUNT } } } as never);
    const token = customer.customer.creditCards![0]!.token;
    const first = await sale('', { paymentMethodNonce: undefined, paymentMethodToken: token, orderId: 'att_vaulted' });
    expect(first.success).toBe(true);
    const again = await sale('', { paymentMethodNonce: undefined, paymentMethodToken: token, orderId: 'att_vaulted' });
    expect(again.success).toBe(false);
    expect(again.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'duplicate' });
    expect(again.transaction.id).not.toBe(first.transaction.id);
    expect(ledger()).toHaveLength(1);
  });

  it('authorizes, submits part for settlement; voids another; refunds part of a settled sale as a credit', async () => {
    const { gateway, sale, ledger } = await world();
    const held = (await sale('tok_sandbox_visa_4242', { options: { submitForSettlement: false } })).transaction;
    expect(held.status).toBe('authorized');
    const settled = await gateway.transaction.submitForSettlement(held.id, '10.00');
    expect(settled.transaction).toMatchObject({ status: 'settled' });
    const other = (await sale('tok_sandbox_visa_4242', { options: { submitForSettlement: false } })).transaction;
    expect((await gateway.transaction.void(other.id)).transaction.status).toBe('voided');
    const refund = await gateway.transaction.refund(held.id, { amount: '4.00', orderId: 'ref_1' } as never);
    expect(refund.success).toBe(true);
    expectTransaction(refund.transaction);
    expect(refund.transaction).toMatchObject({ type: 'credit', amount: '4.00', refundedTransactionId: held.id, orderId: 'ref_1' });
    expect((await gateway.transaction.find(held.id)).refundIds).toEqual([refund.transaction.id]);
    expect(ledger()).toMatchObject([{ capture: 'settled', captured: 1000 }, { capture: 'voided', captured: 0 }]);
  });

  it('vaults a card from a nonce as a customer’s credit card, and sells with its token', async () => {
    const { gateway, sale } = await world();
    const res = await gateway.customer.create({ paymentMethodNonce: 'tok_sandbox_mastercard_4444', creditCard: { options: { verificationMerchantAccountId: ACCOUNT } } } as never);
    expect(res.success).toBe(true);
    const card = res.customer.creditCards![0]!;
    expect(card).toMatchObject({ cardType: 'MasterCard', last4: '4444' });
    const paid = await sale('', { paymentMethodNonce: undefined, paymentMethodToken: card.token });
    expect(paid.transaction).toMatchObject({ status: 'settled', creditCard: { last4: '4444' } });
  });
  it('makes a customer with a chosen id, refuses the id twice (91609) and an invalid one (91610); finds it with its cards, the first the default', async () => {
    const { gateway } = await world();
    const made = await gateway.customer.create({ id: 'buyer_x-1' });
    expect(made.success).toBe(true);
    expect(made.customer).toMatchObject({ id: 'buyer_x-1', creditCards: [] });
    const twice = await gateway.customer.create({ id: 'buyer_x-1' });
    expect(twice.success).toBe(false);
    expect((twice as unknown as { errors: { deepErrors(): { code: string }[] } }).errors.deepErrors().map((e) => e.code)).toEqual(['91609']);
    expect((await gateway.customer.create({ id: 'no spaces' })).success).toBe(false);
    await expect(gateway.customer.find('nobody')).rejects.toMatchObject({ type: 'notFoundError' });
    const options = { verificationMerchantAccountId: ACCOUNT };
    const first = await gateway.paymentMethod.create({ customerId: 'buyer_x-1', paymentMethodNonce: 'tok_sandbox_visa_4242', options } as braintree.PaymentMethodCreateRequest);
    expect(first.success).toBe(true);
    const card: braintree.CreditCard = first.paymentMethod as braintree.CreditCard;
    expect(card).toMatchObject({ customerId: 'buyer_x-1', cardType: 'Visa', last4: '4242', default: true, expirationMonth: '12' });
    await gateway.paymentMethod.create({ customerId: 'buyer_x-1', paymentMethodNonce: 'tok_sandbox_amex_0005', options } as braintree.PaymentMethodCreateRequest);
    const found: braintree.Customer = await gateway.customer.find('buyer_x-1');
    expect(found.id).toBe('buyer_x-1');
    expect(found.creditCards?.map((c) => [c.cardType, c.last4, c.default, c.token])).toEqual([['Visa', '4242', true, card.token], ['American Express', '0005', false, expect.any(String)]]);
    expect(found.paymentMethods?.map((c) => (c as braintree.CreditCard).token)).toEqual(found.creditCards?.map((c) => c.token));
    const unknown = await gateway.paymentMethod.create({ customerId: 'nobody', paymentMethodNonce: 'tok_sandbox_visa_4242', options } as braintree.PaymentMethodCreateRequest);
    expect(unknown.success).toBe(false);
  });

  it('binds a client token to an existing customer only (92804 otherwise)', async () => {
    const { gateway } = await world();
    const refused = await gateway.clientToken.generate({ merchantAccountId: ACCOUNT, customerId: 'buyer_y' });
    expect(refused.success).toBe(false);
    expect((refused as unknown as { errors: { deepErrors(): { code: string }[] } }).errors.deepErrors().map((e) => e.code)).toEqual(['92804']);
    await gateway.customer.create({ id: 'buyer_y' });
    const res = await gateway.clientToken.generate({ merchantAccountId: ACCOUNT, customerId: 'buyer_y' });
    expect(res.success).toBe(true);
    expect(JSON.parse(Buffer.from(res.clientToken, 'base64').toString('utf8')).authorizationFingerprint).toMatch(/&customer_id=buyer_y$/);
  });
});
