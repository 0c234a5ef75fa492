/** Braintree's notifications as the engine's events: what is read, what is not, and the id a retry shares. */
import type braintree from 'braintree';
import { describe, expect, it } from 'vitest';
import { keptNotification, notificationForm, parseBraintreeNotification } from './braintree-events.ts';

const tx = (extra: Record<string, unknown>) => ({ id: 'tx_1', type: 'sale', status: 'settled', amount: '15.00', currencyIsoCode: 'USD', merchantAccountId: 'm_1_usd', orderId: 'att_1', creditCard: {}, disputes: [], ...extra });

describe('parseBraintreeNotification', () => {
  it('reads a settled sale as the payment as it stands, for the merchant its account names', () => {
    const e = parseBraintreeNotification({ id: 'bt_1', kind: 'transaction_settled', transaction: tx({}) });
    expect(e).toMatchObject({ id: 'bt_1', type: 'transaction.updated', transaction: { id: 'tx_1', merchantId: 'm_1', capture: 'settled' } });
    // A sale's settlement declined is not read (Braintree's refunds are credits).
    expect(parseBraintreeNotification({ id: 'bt_2', kind: 'transaction_settlement_declined', transaction: tx({ status: 'settlement_declined' }) })).toBeNull();
  });

  it('reads a credit settled or declined as the refund’s result, for its reference, sale and merchant', () => {
    const credit = (kind: string, status: string, extra: Record<string, unknown> = {}) =>
      parseBraintreeNotification({ id: 'bt_3', kind, transaction: tx({ id: 'cr_1', type: 'credit', status, amount: '4.00', orderId: 'ref_1', refundedTransactionId: 'tx_1', ...extra }) });
    expect(credit('transaction_settled', 'settled')).toEqual({ id: 'bt_3', type: 'refund.succeeded', refund: { id: 'cr_1', reference: 'ref_1', transactionId: 'tx_1', amount: 400, currency: 'USD', status: 'succeeded', failureCode: null }, merchantId: 'm_1' });
    expect(credit('transaction_settlement_declined', 'settlement_declined')).toMatchObject({ type: 'refund.failed', refund: { status: 'failed' } });
    expect(credit('transaction_settled', 'settling')).toBeNull();
    expect(credit('transaction_settled', 'settled', { orderId: undefined })).toBeNull();
    expect(credit('transaction_settled', 'settled', { refundedTransactionId: undefined })).toBeNull();
  });

  it('reads disputes opened, won and lost, naming the disputed payment and the merchant', () => {
    const dispute = (kind: string) => parseBraintreeNotification({ id: 'bt_4', kind, dispute: { id: 'dp_1', status: 'open', merchantAccountId: 'm_2_eur', transaction: { id: 'tx_9' } } });
    expect(dispute('dispute_opened')).toEqual({ id: 'bt_4', type: 'dispute.created', transaction: { id: 'tx_9', merchantId: 'm_2' } });
    expect(dispute('dispute_won')).toMatchObject({ type: 'dispute.won' });
    expect(dispute('dispute_lost')).toMatchObject({ type: 'dispute.lost' });
    expect(dispute('dispute_accepted')).toBeNull();
    expect(parseBraintreeNotification({ id: 'bt_5', kind: 'dispute_opened', dispute: { merchantAccountId: 'm_2_eur' } })).toBeNull();
  });

  it('refuses what is not a kept notification, or names no merchant account of ours', () => {
    for (const bad of [null, 'x', 7, {}, { id: 1, kind: 'transaction_settled' }, { id: 'bt_1', kind: 2 }]) expect(parseBraintreeNotification(bad)).toBeNull();
    expect(parseBraintreeNotification({ id: 'bt_6', kind: 'transaction_settled', transaction: tx({ merchantAccountId: 'nosuffix' }) })).toBeNull();
    expect(parseBraintreeNotification({ id: 'bt_7', kind: 'subscription_charged_successfully', transaction: tx({}) })).toBeNull();
  });
});

describe('the posted form and its id', () => {
  it('needs both bt_signature and bt_payload', () => {
    expect(notificationForm('bt_signature=a%7Cb&bt_payload=cGF5')).toEqual({ signature: 'a|b', payload: 'cGF5' });
    expect(notificationForm('bt_payload=cGF5')).toBeNull();
    expect(notificationForm('bt_signature=a%7Cb')).toBeNull();
  });

  it('names a notification by its payload: a retry is the same event, another payload another', () => {
    const n = { kind: 'transaction_settled', timestamp: new Date() } as unknown as braintree.WebhookNotification;
    const a = keptNotification('cGF5bG9hZA==\n', n);
    expect(a.id).toMatch(/^bt_[0-9a-f]{32}$/);
    expect(keptNotification('cGF5bG9hZA==\n', n).id).toBe(a.id);
    expect(keptNotification('b3RoZXI=\n', n).id).not.toBe(a.id);
    expect(a.kind).toBe('transaction_settled');
  });
});
