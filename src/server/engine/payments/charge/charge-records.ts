/**
 * What every charge leaves behind, whichever path made it (a session payment or a direct intent):
 * the settlement row of captured money, and the card fields every charge event carries.
 */
import type { ProcessorTransaction } from '../../../processors/types.ts';
import { actionOf, declineMessage } from '../declines.ts';
import type { AmountMismatch, PaymentIntentRecord, SessionRecord, SettlementRecord } from '../../../domain/index.ts';

/** The settlement row of captured money: what refunds and disputes act on (Doc 2, refunds by `transaction`). */
export function settlementOf(intent: PaymentIntentRecord, t: ProcessorTransaction, now: string): SettlementRecord {
  return {
    id: intent.vpTxId!,
    merchantId: intent.merchantId,
    livemode: intent.livemode,
    intentId: intent.id,
    sessionId: intent.sessionId,
    processorRef: t.id,
    amount: t.capturedAmount ?? intent.amount,
    currency: intent.currency,
    status: t.capture === 'pending' ? 'pending' : 'settled',
    settlesAt: t.settlesAt ?? null,
    dispute: null,
    card: intent.card,
    createdAt: now,
    updatedAt: now,
  };
}

/** The card fields every charge event carries (Doc 2, Events). */
/**
 * A processor approval for another amount or currency than the request's (a partial approval, or
 * a provider that converted): null when they agree or nothing was approved.
 */
export function amountMismatchOf(requested: { amount: number; currency: string }, t: ProcessorTransaction): AmountMismatch | null {
  if (t.status !== 'approved') return null;
  if (t.amount === requested.amount && t.currency.toUpperCase() === requested.currency.toUpperCase()) return null;
  return { requestedAmount: requested.amount, requestedCurrency: requested.currency.toUpperCase(), approvedAmount: t.amount, approvedCurrency: t.currency.toUpperCase() };
}

/** The merchant's flag on an intent and its charge events (snake_case, as the wire is). */
export const amountMismatchWire = (m: AmountMismatch | null | undefined) =>
  m ? { requested_amount: m.requestedAmount, requested_currency: m.requestedCurrency, approved_amount: m.approvedAmount, approved_currency: m.approvedCurrency } : null;

export function chargeEventData(intent: PaymentIntentRecord, t: ProcessorTransaction | null, session: SessionRecord | undefined) {
  return {
    ...(intent.amountMismatch ? { amount_mismatch: amountMismatchWire(intent.amountMismatch) } : {}),
    session_id: intent.sessionId,
    payment_intent_id: intent.id,
    transaction_id: t?.id ?? intent.processorRef,
    vp_tx_id: intent.vpTxId,
    amount: intent.capturedAmount || intent.amount,
    currency: intent.currency,
    card: intent.card,
    // Issue 22: the wallet the buyer paid with, null for a card (as on the intent).
    wallet_type: intent.walletType ?? null,
    avs_result_code: intent.avsResultCode,
    cvv_result_code: intent.cvvResultCode,
    payment_method_id: intent.paymentMethodId ?? null,
    // The merchant's own references travel with the event (session metadata for session payments).
    metadata: session ? session.metadata : intent.metadata,
  };
}

/**
 * The issuer's raw code as the processor gave it (Doc 2, `network_decline_code`): a short code
 * only (ISO 8583 `51`, Visa's `N7`, Braintree's `2001`), so nothing longer, a card number
 * included, is ever passed on from a provider's answer; null otherwise.
 */
const issuerCode = (code: string | null | undefined) => (typeof code === 'string' && /^[A-Za-z0-9]{1,6}$/.test(code) ? code : null);

/**
 * The failure fields of `charge.failed` / `payment_intent.failed` (Doc 2): the five normalized
 * fields populated together, the merchant's `failure_reason`, and `retry`.
 */
export function failureEventData(
  data: ReturnType<typeof chargeEventData>,
  declineCode: string,
  opts: { ruleCode?: string | null; retry?: unknown; reason?: string; networkDeclineCode?: string | null } = {},
) {
  return {
    ...data,
    vp_tx_id: null,
    failure_reason: opts.reason ?? `The card was declined (${declineCode}).`,
    failure_code: declineCode,
    decline_code: declineCode,
    action: actionOf(declineCode),
    decline_message: declineMessage(declineCode),
    network_decline_code: issuerCode(opts.networkDeclineCode),
    rule_code: opts.ruleCode ?? null,
    retry: opts.retry ?? null,
  };
}
