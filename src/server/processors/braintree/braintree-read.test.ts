/**
 * Braintree's transactions as the engine reads them: every status class, the card, AVS and CVV,
 * decline codes from response codes and gateway rejections, disputes, refunds, and amounts in the
 * currency's minor units.
 */
import type braintree from 'braintree';
import { describe, expect, it } from 'vitest';
import type { Merchant } from '../../domain/index.ts';
import { majorAmount, minorAmount, refundOf, transactionOf } from './braintree-read.ts';

const merchant = { id: 'm_1' } as Merchant;
const sale = (extra: Partial<braintree.Transaction> & Record<string, unknown> = {}) =>
  ({
    id: 'tx_1',
    type: 'sale',
    status: 'settled',
    amount: '15.00',
    currencyIsoCode: 'USD',
    orderId: 'att_1',
    merchantAccountId: 'm_1_usd',
    processorResponseCode: '1000',
    creditCard: { cardType: 'Visa', last4: '4242', expirationMonth: '12', expirationYear: '2040' },
    customFields: { svcpaySession: 'cs_1' },
    avsPostalCodeResponseCode: 'M',
    cvvResponseCode: 'M',
    disputes: [],
    ...extra,
  }) as unknown as braintree.Transaction;

describe('transactionOf', () => {
  it('reads a settled sale: approved, settled for its amount, with the card, reference, session, AVS and CVV', () => {
    expect(transactionOf(merchant, sale())).toEqual({
      id: 'tx_1',
      status: 'approved',
      declineCode: null,
      networkDeclineCode: null,
      amount: 1500,
      currency: 'USD',
      sessionId: 'cs_1',
      merchantId: 'm_1',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 },
      avsResult: 'match',
      cvvResult: 'match',
      reference: 'att_1',
      capture: 'settled',
      capturedAmount: 1500,
      settlesAt: null,
      challengeUrl: null,
      threeDSecure: null,
      dispute: null,
    });
  });

  it.each([
    ['authorized', 'approved', 'none', 0],
    ['submitted_for_settlement', 'approved', 'pending', 1500],
    ['settling', 'approved', 'pending', 1500],
    ['settlement_pending', 'approved', 'pending', 1500],
    ['settlement_confirmed', 'approved', 'settled', 1500],
    ['voided', 'approved', 'voided', 0],
    ['processor_declined', 'declined', 'none', 0],
    ['gateway_rejected', 'declined', 'none', 0],
    ['failed', 'declined', 'none', 0],
  ] as const)('%s reads as %s, capture %s, %d captured', (status, expected, capture, captured) => {
    expect(transactionOf(merchant, sale({ status }))).toMatchObject({ status: expected, capture, capturedAmount: captured });
  });

  it('names the decline from the response code, or from the rule that rejected it; an unknown one is card_declined', () => {
    const declined = (extra: Record<string, unknown>) => transactionOf(merchant, sale({ status: 'processor_declined', ...extra })).declineCode;
    expect(declined({ processorResponseCode: '2001' })).toBe('insufficient_funds');
    expect(declined({ processorResponseCode: '2014' })).toBe('fraudulent');
    expect(declined({ processorResponseCode: '9999' })).toBe('card_declined');
    const rejected = (reason: string) => transactionOf(merchant, sale({ status: 'gateway_rejected', gatewayRejectionReason: reason } as never)).declineCode;
    expect(rejected('avs')).toBe('incorrect_zip');
    expect(rejected('cvv')).toBe('incorrect_cvc');
    expect(rejected('fraud')).toBe('blocked_by_rule');
    expect(rejected('duplicate')).toBe('card_declined');
  });

  it('reads AVS and CVV no-match and unknown, and a card it cannot read as unknown', () => {
    expect(transactionOf(merchant, sale({ avsPostalCodeResponseCode: 'N', cvvResponseCode: 'N' } as never))).toMatchObject({ avsResult: 'no_match', cvvResult: 'no_match' });
    expect(transactionOf(merchant, sale({ avsPostalCodeResponseCode: 'I', cvvResponseCode: 'I' } as never))).toMatchObject({ avsResult: null, cvvResult: null });
    expect(transactionOf(merchant, sale({ creditCard: {} as never })).card).toEqual({ brand: 'unknown', last4: '', expMonth: 0, expYear: 0 });
    expect(transactionOf(merchant, sale({ customFields: {} as never, orderId: undefined as never }))).toMatchObject({ sessionId: null, reference: null });
  });

  it('reads a dispute, whichever case Braintree spells its status in', () => {
    const disputed = (status: string) => transactionOf(merchant, sale({ disputes: [{ status, receivedDate: '2030-01-02' }] as never })).dispute;
    expect(disputed('open')).toEqual({ status: 'open', openedAt: '2030-01-02T00:00:00.000Z' });
    expect(disputed('Won')).toMatchObject({ status: 'won' });
    expect(disputed('lost')).toMatchObject({ status: 'lost' });
  });
});

describe('refundOf', () => {
  const credit = (status: string) => refundOf({ id: 'cr_1', type: 'credit', status, amount: '4.00', currencyIsoCode: 'USD' } as unknown as braintree.Transaction, 'ref_1', 'tx_1');
  it('reads a settled credit as succeeded, a declined one as failed, anything else as pending', () => {
    expect(credit('settled')).toEqual({ id: 'cr_1', reference: 'ref_1', transactionId: 'tx_1', amount: 400, currency: 'USD', status: 'succeeded', failureCode: null });
    expect(credit('settlement_confirmed').status).toBe('succeeded');
    for (const s of ['settlement_declined', 'failed', 'processor_declined', 'gateway_rejected']) expect(credit(s)).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
    for (const s of ['submitted_for_settlement', 'settling']) expect(credit(s)).toMatchObject({ status: 'pending', failureCode: null });
  });
});

describe('amounts', () => {
  it('converts between minor units and Braintree’s decimal strings by the currency’s digits', () => {
    expect(minorAmount('15.00', 'USD')).toBe(1500);
    expect(minorAmount('1500', 'JPY')).toBe(1500);
    expect(minorAmount('1.234', 'KWD')).toBe(1234);
    expect(majorAmount(1500, 'USD')).toBe('15.00');
    expect(majorAmount(1500, 'JPY')).toBe('1500');
    expect(majorAmount(1234, 'KWD')).toBe('1.234');
  });
});
