/** The processor's records as its server API and its events show them (../api.ts). */
import type { Refund, Transaction } from './api.ts';
import { networkDeclineCodeOf } from './cards.ts';
import type { RefundRecord, TransactionRecord } from './store/repo.ts';

export const challengeUrlOf = (publicUrl: string, id: string) => `${publicUrl}/challenge/${encodeURIComponent(id)}`;

export function wireTransaction(t: TransactionRecord, now: Date, publicUrl: string): Transaction {
  return {
    id: t.id,
    reference: t.reference,
    merchantId: t.merchantId,
    sessionId: t.sessionId,
    livemode: t.livemode,
    amount: t.amount,
    currency: t.currency,
    status: t.status,
    declineCode: t.declineCode,
    networkDeclineCode: t.status === 'declined' ? networkDeclineCodeOf(t.declineCode) : null,
    ruleCode: t.ruleCode,
    card: { brand: t.brand, last4: t.last4, expMonth: t.expMonth, expYear: t.expYear },
    avsResult: t.avsResult,
    cvvResult: t.cvvResult,
    createdAt: t.createdAt,
    capture: t.captureState,
    capturedAmount: t.capturedAmount,
    // Once the time has passed the transaction is refundable: the field reads null (types.ts).
    settlesAt: t.settlesAt !== null && t.settlesAt > now.toISOString() ? t.settlesAt : null,
    // A bank check inside the fields page (no return URL) has no page of its own.
    challengeUrl: t.status === 'requires_action' && t.returnUrl ? challengeUrlOf(publicUrl, t.id) : null,
    threeDSecure: t.threeDSecure,
    dispute: t.disputeStatus ? { status: t.disputeStatus, openedAt: t.disputeOpenedAt ?? t.createdAt } : null,
  };
}

export function wireRefund(r: RefundRecord): Refund {
  return {
    id: r.id,
    reference: r.reference,
    transactionId: r.transactionId,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    failureCode: r.failureCode,
    createdAt: r.createdAt,
  };
}
