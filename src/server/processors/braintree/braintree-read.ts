/**
 * Braintree's transactions as the engine reads them (issue 19): a sale is a ProcessorTransaction, a
 * credit (a refund) a ProcessorRefund. Decline codes come from Braintree's documented processor
 * response codes and gateway rejection reasons; amounts are Braintree's decimal strings in major units.
 */
import type braintree from 'braintree';
import type { Merchant } from '../../domain/index.ts';
import { majorAmount, minorUnitDigits } from '../../../vocab/currencies.ts';
import type { ProcessorRefund, ProcessorTransaction, VaultedCard } from '../types.ts';

/** Braintree's processor response codes (its documented table) as svcpay's decline codes. */
export const RESPONSE_CODES: Readonly<Record<string, string>> = {
  '2000': 'do_not_honor',
  '2001': 'insufficient_funds',
  '2002': 'card_velocity_exceeded',
  '2004': 'expired_card',
  '2009': 'issuer_unavailable',
  '2010': 'incorrect_cvc',
  '2012': 'lost_card',
  '2013': 'stolen_card',
  '2014': 'fraudulent',
  '2038': 'generic_decline',
  '2046': 'card_declined',
  '2099': 'authentication_required',
  '3000': 'processing_error',
};
/** Braintree's own rules, when it gateway-rejects rather than the bank declining. */
const REJECTIONS: Readonly<Record<string, string>> = { avs: 'incorrect_zip', cvv: 'incorrect_cvc', avs_and_cvv: 'incorrect_zip', fraud: 'blocked_by_rule', risk_threshold: 'blocked_by_rule' };

const BRANDS: Readonly<Record<string, string>> = { Visa: 'visa', MasterCard: 'mastercard', 'American Express': 'amex', Discover: 'discover', 'Diners Club': 'diners', JCB: 'jcb', UnionPay: 'unionpay' };
/** Braintree's card type as svcpay's brand. */
export const brandOf = (cardType: string | undefined) => BRANDS[cardType ?? ''] ?? 'unknown';

/** A card in Braintree's vault as the service keeps it: its token, brand, last four and expiry. */
export const vaultedOf = (card: Pick<braintree.CreditCard, 'token' | 'cardType' | 'last4' | 'expirationMonth' | 'expirationYear'>): VaultedCard => ({
  vaultId: card.token,
  card: { brand: brandOf(card.cardType), last4: card.last4 || null, expMonth: Number(card.expirationMonth) || null, expYear: Number(card.expirationYear) || null },
});

/** Braintree's decimal amount in the currency's minor units. */
export function minorAmount(amount: string, currency: string): number {
  return Math.round(Number(amount) * 10 ** minorUnitDigits(currency));
}
/** Minor units as Braintree's decimal string. */
export { majorAmount };

const APPROVED = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settlement_pending', 'settled', 'settlement_confirmed', 'voided']);
const SETTLED = new Set(['settled', 'settlement_confirmed']);
const SETTLING = new Set(['submitted_for_settlement', 'settling', 'settlement_pending']);

/** A sale as the engine knows a processor transaction. Braintree's 3-D Secure runs before a sale: none waits on the buyer. */
export function transactionOf(merchant: Merchant, t: braintree.Transaction): ProcessorTransaction {
  const approved = APPROVED.has(t.status);
  const card = t.creditCard ?? ({} as Partial<braintree.CreditCard>);
  const amount = minorAmount(t.amount, t.currencyIsoCode);
  const dispute = t.disputes?.[0];
  // The SDK's constants (Dispute.Status) are lower case; @types/braintree spells them capitalised.
  const disputeStatus = String(dispute?.status ?? '').toLowerCase();
  const customFields = (t.customFields ?? {}) as Record<string, string | undefined>;
  const declineCode = approved
    ? null
    : t.status === 'gateway_rejected'
      ? (REJECTIONS[t.gatewayRejectionReason ?? ''] ?? 'card_declined')
      : (RESPONSE_CODES[t.processorResponseCode ?? ''] ?? 'card_declined');
  return {
    id: t.id,
    status: approved ? 'approved' : 'declined',
    declineCode,
    // The processor's response code of a decline (a gateway rejection never reached the issuer).
    networkDeclineCode: declineCode && t.status !== 'gateway_rejected' ? (t.processorResponseCode ?? null) : null,
    amount,
    currency: t.currencyIsoCode,
    sessionId: customFields.svcpaySession ?? null,
    merchantId: merchant.id,
    card: { brand: brandOf(card.cardType), last4: card.last4 ?? '', expMonth: Number(card.expirationMonth) || 0, expYear: Number(card.expirationYear) || 0 },
    avsResult: t.avsPostalCodeResponseCode === 'M' ? 'match' : t.avsPostalCodeResponseCode === 'N' ? 'no_match' : null,
    cvvResult: t.cvvResponseCode === 'M' ? 'match' : t.cvvResponseCode === 'N' ? 'no_match' : null,
    reference: t.orderId ?? null,
    capture: !approved ? 'none' : t.status === 'voided' ? 'voided' : SETTLED.has(t.status) ? 'settled' : SETTLING.has(t.status) ? 'pending' : 'none',
    capturedAmount: approved && (SETTLED.has(t.status) || SETTLING.has(t.status)) ? amount : 0,
    settlesAt: null,
    challengeUrl: null,
    threeDSecure: null,
    dispute: dispute ? { status: disputeStatus === 'won' ? 'won' : disputeStatus === 'lost' ? 'lost' : 'open', openedAt: `${String(dispute.receivedDate)}T00:00:00.000Z` } : null,
  };
}

/** A credit (Braintree's refund) of the sale `transactionId`, for the engine's reference. */
export function refundOf(t: braintree.Transaction, reference: string, transactionId: string): ProcessorRefund {
  const status = SETTLED.has(t.status) ? 'succeeded' : t.status === 'settlement_declined' || t.status === 'failed' || t.status === 'processor_declined' || t.status === 'gateway_rejected' ? 'failed' : 'pending';
  return { id: t.id, reference, transactionId, amount: minorAmount(t.amount, t.currencyIsoCode), currency: t.currencyIsoCode, status, failureCode: status === 'failed' ? 'refund_declined' : null };
}
