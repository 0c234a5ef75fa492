/**
 * A direct intent's processor answer applied once (Doc 2, payment intent states): status,
 * settlement, card use, the session it pays, and the outbox events, in the outcome's transaction.
 */
import { queueStoreOrder } from '../../mirror/store-orders.ts';
import type { EngineDeps } from '../../deps.ts';
import { sealedIn } from '../../sealed.ts';
import { newId } from '../../../ids.ts';
import { type ProcessorTransaction } from '../../../processors/types.ts';
import type { Repos } from '../../../store/types.ts';
import { closeAttempt } from '../attempts.ts';
import { emit, type EventType } from '../../events.ts';
import { amountMismatchOf, chargeEventData, failureEventData, sessionAfterApproval, settlementOf } from '../charge-records.ts';
import { closeForms } from '../payments.ts';
import type { Merchant, PaymentIntentRecord, SessionRecord } from '../../../domain/index.ts';

export const isCaptured = (t: ProcessorTransaction) => t.capture === 'pending' || t.capture === 'settled';

/**
 * Applies a processor answer for a direct intent, once (compare-and-set on the intent still being
 * in flight for this transaction): status, settlement, card use, session, outbox events.
 */
export async function applyCharge(
  r: Repos,
  deps: Pick<EngineDeps, 'clock' | 'sealer'>,
  merchant: Merchant,
  intentId: string,
  attemptId: string | null,
  t: ProcessorTransaction,
  billingAddress?: unknown,
): Promise<{ intent: PaymentIntentRecord; revoke: string[] }> {
  const now = deps.clock.iso();
  const current = (await r.payments.get(intentId))!;
  // At the bank challenge the attempt stays open: the reconciler keeps asking until it resolves.
  if (attemptId && t.status !== 'requires_action') await closeAttempt(r, attemptId, 'done', now);
  const inFlight = current.status === 'requires_action' && (current.processorRef === null || current.processorRef === t.id);
  // A charge the service gave up on (failed, never seen by the processor) that the processor made
  // after all: what it did is recorded, so the merchant hears of money that moved (issue 17).
  const lateArrival = isUnseen(current) && t.status !== 'requires_action';
  if (!inFlight && !lateArrival) return { intent: current, revoke: [] };

  const base = {
    ...current,
    ...(lateArrival ? { declineCode: null, statusReason: 'arrived_late' } : {}),
    processorRef: t.id,
    card: { brand: t.card.brand, last4: t.card.last4 },
    avsResultCode: t.avsResult,
    cvvResultCode: t.cvvResult,
    threeDSecure: t.threeDSecure ?? current.threeDSecure ?? null,
    updatedAt: now,
  };
  let next: PaymentIntentRecord;
  if (t.status === 'requires_action') {
    next = { ...base, nextAction: t.challengeUrl ? { url: t.challengeUrl, issuedAt: current.nextAction?.issuedAt ?? now } : null };
  } else if (t.status === 'declined') {
    next = { ...base, status: 'failed', declineCode: t.declineCode ?? 'card_declined', ruleCode: t.ruleCode ?? null, nextAction: null };
  } else {
    const captured = isCaptured(t);
    next = {
      ...base,
      status: captured ? (t.capture === 'pending' ? 'captured' : 'succeeded') : 'authorized',
      authorizedAmount: t.amount,
      capturedAmount: captured ? (t.capturedAmount ?? t.amount) : 0,
      vpTxId: captured ? newId.transaction(current.livemode) : null,
      nextAction: null,
      // A partial approval: what moved is recorded and flagged for the merchant (issue 17, finding 7).
      amountMismatch: amountMismatchOf(current, t),
    };
  }
  await r.payments.update(next);
  if (next.vpTxId && !current.vpTxId) await r.settlements.insert(settlementOf(next, t, now));

  // The card: a single-use card is spent by an approval and freed by a decline.
  if (next.paymentMethodId && t.status !== 'requires_action') {
    const card = await r.paymentMethods.get(next.paymentMethodId);
    if (card) {
      const approved = t.status === 'approved';
      const picksUpAddress =
        approved && billingAddress !== undefined && card.billingAddressSealed === null && t.avsResult !== 'no_match';
      const usedBy = card.usedBy === attemptId ? null : (card.usedBy ?? null);
      const usedAt = approved ? (card.usedAt ?? now) : card.usedAt;
      // Written only when it changes: a saved card charged again and again (its first use long
      // recorded) is not a row every charge writes, which on PostgreSQL made concurrent charges of
      // one saved card conflict and retry (issue 21, the bench's charge).
      if (picksUpAddress || usedBy !== (card.usedBy ?? null) || usedAt !== card.usedAt) {
        await r.paymentMethods.update({
          ...card,
          usedBy,
          usedAt,
          billingAddressSealed: picksUpAddress ? deps.sealer.seal(billingAddress, sealedIn.cardAddress(card.id)) : card.billingAddressSealed,
          updatedAt: now,
        });
      }
    }
  }

  const session = next.sessionId ? await r.sessions.get(next.sessionId) : undefined;
  let revoke: string[] = [];
  if (session && t.status !== 'requires_action') {
    await settleSession(r, session, next, t, attemptId, now);
    // Paid: the session's open browser forms are closed, so no other tab can pay it too.
    if (t.status === 'approved' && !next.amountMismatch) revoke = await closeForms(r, session.id, now);
  }
  await emitCharge(r, deps, merchant, next, t, session);
  return { intent: next, revoke };
}

/** Doc 3: an elements session charged server-side with `session_id` is settled by that charge. */
async function settleSession(r: Repos, s: SessionRecord, intent: PaymentIntentRecord, t: ProcessorTransaction, attemptId: string | null, now: string) {
  const mine = s.chargeLock === attemptId;
  if (t.status === 'declined') {
    // A server-side decline leaves the session open: the merchant can charge another card.
    if (mine) {
      await r.sessions.update({ ...s, status: 'pending', chargeLock: null, declines: (s.declines ?? 0) + 1, lastPaymentError: { code: 'card_declined', decline_code: intent.declineCode }, updatedAt: now });
    }
    return;
  }
  if (intent.amountMismatch && s.status !== 'succeeded' && s.status !== 'expired') {
    // Approved for another amount than the session's: the session is not paid; what moved counts in vp_tx_count.
    if (mine) {
      await r.sessions.update({
        ...s,
        status: 'pending',
        chargeLock: null,
        lastPaymentError: { code: 'card_declined', decline_code: 'processing_error' },
        vpTxCount: s.vpTxCount + (intent.vpTxId ? 1 : 0),
        updatedAt: now,
      });
    }
    return;
  }
  await r.sessions.update(sessionAfterApproval(s, intent, t, attemptId, now));
}


/**
 * The outbox events of a charge outcome. `payment_intent.succeeded` and `charge.succeeded` fire
 * when money is captured, not for an authorization that is only held.
 */
export async function emitCharge(r: Repos, deps: Pick<EngineDeps, 'clock'>, merchant: Merchant, intent: PaymentIntentRecord, t: ProcessorTransaction, session: SessionRecord | undefined) {
  const events: [EventType, Record<string, unknown>][] = [];
  const data = chargeEventData(intent, t, session);
  if (intent.status === 'succeeded' || intent.status === 'captured') {
    events.push(['payment_intent.succeeded', { ...data, status: intent.status }], ['charge.succeeded', data]);
    // Captured: the store order it describes (or its session does) is made now, once.
    await queueStoreOrder(r, intent, session, intent.updatedAt);
  } else if (intent.status === 'failed') {
    const failure = failureEventData(data, intent.declineCode!, { ruleCode: intent.ruleCode ?? null });
    events.push(['charge.failed', failure], ['payment_intent.failed', { ...failure, status: 'failed' }]);
  }
  for (const [type, d] of events) await emit(r, deps.clock, merchant.id, intent.livemode, type, d);
}

/** An intent failed because the processor never saw its charge (`failUnseenCharge`). */
const isUnseen = (p: PaymentIntentRecord) => p.status === 'failed' && p.statusReason === 'not_received_by_processor' && p.processorRef === null;

/**
 * The processor never saw the charge of an intent answered `payment_outcome_unknown`: the intent
 * fails (`processing_error`, nothing charged), its card and session are freed, and the merchant
 * hears `payment_intent.failed`.
 */
export async function failUnseenCharge(deps: Pick<EngineDeps, 'store' | 'clock'>, merchant: Merchant, intentId: string, attemptId: string) {
  await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    if (!(await closeAttempt(r, attemptId, 'failed', now))) return;
    const p = (await r.payments.get(intentId))!;
    if (p.status !== 'requires_action' || p.processorRef !== null) return;
    const next: PaymentIntentRecord = { ...p, status: 'failed', declineCode: 'processing_error', statusReason: 'not_received_by_processor', updatedAt: now };
    await r.payments.update(next);
    if (p.paymentMethodId) {
      const card = await r.paymentMethods.get(p.paymentMethodId);
      if (card?.usedBy === attemptId) await r.paymentMethods.update({ ...card, usedBy: null, updatedAt: now });
    }
    const session = p.sessionId ? await r.sessions.get(p.sessionId) : undefined;
    if (session?.chargeLock === attemptId) await r.sessions.update({ ...session, status: 'pending', chargeLock: null, updatedAt: now });
    const data = chargeEventData(next, null, session);
    await emit(r, deps.clock, merchant.id, p.livemode, 'payment_intent.failed', {
      ...failureEventData(data, 'processing_error', { reason: 'The processor never received the charge; nothing was charged.' }),
      status: 'failed',
    });
  });
}
