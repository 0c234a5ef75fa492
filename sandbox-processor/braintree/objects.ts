/**
 * What the Braintree stand-in answers, in Braintree's shapes (`transaction`, `credit-card`,
 * `customer`, `client-token`, `api-error-response`), read from the sandbox's own records: a sale is a
 * sandbox transaction (its id is the transaction's), a refund is Braintree's `credit` transaction
 * (its id is the sandbox refund's). Declines carry Braintree's processor response codes, one per
 * sandbox decline (DECLINES); braintree-contract.test.ts reads every answer through the SDK.
 */
import { majorAmount, minorUnitDigits } from '../../src/vocab/currencies.ts';
import type { RefundRecord, TransactionRecord, VaultRecord } from '../store/repo.ts';
import { list, type XmlObject } from './xml.ts';

/** The sandbox's minor units of a Braintree amount; null when it is not one. */
export function minorOf(amount: unknown, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  const text = String(amount);
  if (!new RegExp(`^\\d{1,10}(\\.\\d{1,${Math.max(digits, 1)}})?$`).test(text)) return null;
  const n = Math.round(Number(text) * 10 ** digits);
  return n >= 1 ? n : null;
}

/**
 * Braintree's processor response for each sandbox decline: code, text, and whether Braintree
 * gateway-rejects it instead (its own fraud and AVS rules), with the rejection reason.
 */
export const DECLINES: Record<string, { code: string; text: string; rejected?: string }> = {
  card_declined: { code: '2046', text: 'Declined' },
  insufficient_funds: { code: '2001', text: 'Insufficient Funds' },
  expired_card: { code: '2004', text: 'Expired Card' },
  incorrect_cvc: { code: '2010', text: 'Card Issuer Declined CVV' },
  incorrect_zip: { code: '2000', text: 'Gateway Rejected: avs', rejected: 'avs' },
  lost_card: { code: '2012', text: 'Processor Declined - Possible Lost Card' },
  stolen_card: { code: '2013', text: 'Processor Declined - Possible Stolen Card' },
  fraudulent: { code: '2014', text: 'Processor Declined - Fraud Suspected' },
  processing_error: { code: '3000', text: 'Processor Network Unavailable - Try Again' },
  card_velocity_exceeded: { code: '2002', text: 'Limit Exceeded' },
  do_not_honor: { code: '2000', text: 'Do Not Honor' },
  issuer_unavailable: { code: '2009', text: 'No Such Issuer' },
  blocked_by_rule: { code: '2000', text: 'Gateway Rejected: fraud', rejected: 'fraud' },
  generic_decline: { code: '2038', text: 'Processor Declined' },
};

/** A sale's status as Braintree names it, read from the sandbox transaction. */
export function saleStatus(t: TransactionRecord): string {
  if (t.status === 'declined') return DECLINES[t.declineCode ?? '']?.rejected ? 'gateway_rejected' : 'processor_declined';
  if (t.status === 'requires_action') return 'authorizing';
  if (t.captureState === 'voided') return 'voided';
  if (t.captureState === 'none') return 'authorized';
  return t.captureState === 'pending' ? 'settling' : 'settled';
}

const avsCode = (r: string | null) => (r === 'match' ? 'M' : r === 'no_match' ? 'N' : 'I');
const cvvCode = (r: string | null) => (r === 'match' ? 'M' : r === 'no_match' ? 'N' : 'I');

export function creditCardObject(v: Pick<VaultRecord, 'id' | 'brand' | 'last4' | 'expMonth' | 'expYear' | 'createdAt'>, customerId: string | null, isDefault = true): XmlObject {
  return {
    token: v.id,
    cardType: cardType(v.brand),
    last4: v.last4,
    bin: null,
    expirationMonth: String(v.expMonth).padStart(2, '0'),
    expirationYear: String(v.expYear),
    maskedNumber: `******${v.last4}`,
    customerId,
    default: isDefault,
    createdAt: new Date(v.createdAt),
  };
}

/** Braintree's names of the card brands. */
export function cardType(brand: string): string {
  return (
    { visa: 'Visa', mastercard: 'MasterCard', amex: 'American Express', discover: 'Discover', diners: "Diners Club", jcb: 'JCB', unionpay: 'UnionPay' } as Record<string, string>
  )[brand] ?? 'Unknown';
}

export function saleObject(t: TransactionRecord, extra: { merchantAccountId: string; refunds: RefundRecord[]; customFields: Record<string, string> }): XmlObject {
  const status = saleStatus(t);
  const decline = t.status === 'declined' ? DECLINES[t.declineCode ?? ''] ?? DECLINES.card_declined! : null;
  return {
    id: t.id,
    status,
    type: 'sale',
    currencyIsoCode: t.currency,
    // Settling for less than was authorized makes the settled amount the transaction's, as at Braintree.
    amount: majorAmount(t.captureState === 'pending' || t.captureState === 'settled' ? t.capturedAmount : t.amount, t.currency),
    merchantAccountId: extra.merchantAccountId,
    orderId: t.reference,
    createdAt: new Date(t.createdAt),
    updatedAt: new Date(t.createdAt),
    processorResponseCode: decline ? decline.code : '1000',
    processorResponseText: decline ? decline.text : 'Approved',
    processorResponseType: decline ? (decline.code === '2001' || decline.code === '2002' || decline.code === '3000' ? 'soft_declined' : 'hard_declined') : 'approved',
    gatewayRejectionReason: decline?.rejected ?? null,
    avsPostalCodeResponseCode: avsCode(t.avsResult),
    cvvResponseCode: cvvCode(t.cvvResult),
    paymentInstrumentType: 'credit_card',
    creditCard: creditCardObject({ id: t.vaultId ?? '', brand: t.brand, last4: t.last4, expMonth: t.expMonth, expYear: t.expYear, createdAt: t.createdAt }, null),
    customFields: t.sessionId ? { ...extra.customFields, svcpaySession: t.sessionId } : extra.customFields,
    refundIds: list('item', extra.refunds.map((r) => r.id)),
    refundedTransactionId: null,
    disputes: list('dispute', t.disputeStatus ? [disputeObject(t)] : []),
    // What the sale carried, in Braintree's response fields (its risk data answers no IP back).
    descriptor: t.sent?.descriptor && 'name' in t.sent.descriptor ? { name: t.sent.descriptor.name, phone: t.sent.descriptor.phone, url: t.sent.descriptor.url } : null,
    billing: t.sent?.firstName || t.sent?.lastName ? { firstName: t.sent.firstName, lastName: t.sent.lastName } : null,
    threeDSecureInfo: t.threeDSecure ? { status: t.threeDSecure.outcome === 'authenticated' ? 'authenticate_successful' : 'authenticate_failed', liabilityShifted: t.threeDSecure.outcome === 'authenticated', eciFlag: t.threeDSecure.eci } : null,
  };
}

/** A refund, as Braintree's `credit` transaction of the sale. */
export function creditObject(r: RefundRecord, sale: TransactionRecord, merchantAccountId: string): XmlObject {
  return {
    id: r.id,
    status: r.status === 'succeeded' ? 'settled' : r.status === 'pending' ? 'submitted_for_settlement' : 'settlement_declined',
    type: 'credit',
    currencyIsoCode: r.currency,
    amount: majorAmount(r.amount, r.currency),
    merchantAccountId,
    orderId: r.reference,
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.createdAt),
    processorResponseCode: '1000',
    processorResponseText: 'Approved',
    processorResponseType: 'approved',
    paymentInstrumentType: 'credit_card',
    creditCard: creditCardObject({ id: sale.vaultId ?? '', brand: sale.brand, last4: sale.last4, expMonth: sale.expMonth, expYear: sale.expYear, createdAt: sale.createdAt }, null),
    refundedTransactionId: sale.id,
    refundIds: list('item', []),
  };
}

export function disputeObject(t: TransactionRecord): XmlObject {
  return {
    id: `dp_${t.id}`,
    amount: majorAmount(t.amount, t.currency),
    currencyIsoCode: t.currency,
    status: t.disputeStatus === 'open' ? 'open' : t.disputeStatus === 'won' ? 'won' : 'lost',
    kind: 'chargeback',
    reason: 'general',
    receivedDate: (t.disputeOpenedAt ?? t.createdAt).slice(0, 10),
    transaction: { id: t.id, amount: majorAmount(t.amount, t.currency), orderId: t.reference },
  };
}

/** Braintree's refusal: `api-error-response` with its validation errors, the message, and the transaction when one was made. */
export function errorResponse(message: string, errors: { code: string; attribute: string; message: string; on?: string }[], transaction?: XmlObject): XmlObject {
  const byOn = new Map<string, { code: string; attribute: string; message: string }[]>();
  for (const e of errors) byOn.set(e.on ?? 'transaction', [...(byOn.get(e.on ?? 'transaction') ?? []), e]);
  const nested: XmlObject = { errors: list('error', []) };
  for (const [on, es] of byOn) nested[on] = { errors: list('error', es.map((e) => ({ code: e.code, attribute: e.attribute, message: e.message }))) };
  return { errors: nested, message, params: {}, ...(transaction ? { transaction } : {}) };
}
