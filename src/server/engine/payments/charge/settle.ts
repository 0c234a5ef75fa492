/**
 * One settle: a processor's answer (ProcessorTransaction) applied once to the payment intent and
 * the session it pays, whichever path brought it (a browser form's `complete`, charge at submit,
 * an intent, the reconciler, the provider's event). The session's status moves only through the
 * state machine (settle-session.ts computes, `saveSession` writes); the card side is
 * settle-cards.ts; the outbox events leave in the same transaction (ARCHITECTURE.md, data flow 4).
 */
import { queueStoreOrder } from '../../mirror/store-orders.ts';
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { newId } from '../../../ids.ts';
import type { ProcessorTransaction } from '../../../processors/types.ts';
import { processorOf } from '../../binder.ts';
import { cardToSave } from './save-card.ts';
import type { BuyerSource } from './charge-source.ts';
import type { AttemptRecord, Repos } from '../../../store/types.ts';
import type { Merchant, PaymentIntentRecord, PaymentMethodRecord, SessionRecord } from '../../../domain/index.ts';
import type { WalletType } from '../../../../vocab/wallets.ts';
import { emit, type EventType } from '../../events.ts';
import { moveTo, saveSession } from '../../sessions/session-status.ts';
import { closeAttempt, closeForms } from '../../attempts/attempts.ts';
import { amountMismatchOf, chargeEventData, failureEventData, settlementOf } from './charge-records.ts';
import { revokeForms, type Outcome, type PaymentDeps } from '../payments.ts';
import { bankCheckTimedOut, preparingNextForm, sessionAfterIntentCharge, sessionAfterPayment, withFormDeclines } from './settle-session.ts';
import { saveForBuyer, settleIntentCard } from './settle-cards.ts';
import { touchBuyer } from '../../buyers/session-buyer.ts';
import { flagUnmetBuyerFields } from './required-fields.ts';

type Events = [EventType, Record<string, unknown>][];

/**
 * A payment the buyer made on a session (its intent is made from the answer), applied once: a
 * transaction already recorded returns the recorded outcome unchanged (a retried `complete` never
 * settles twice). Every decision reads the session inside the transaction that changes it
 * (compare-and-set), and the attempt that made the charge is closed in the same transaction. When
 * the session settles, the browser forms still open for it are revoked at the processor, so no
 * other tab can pay.
 */
export async function settlePayment(
  deps: PaymentDeps,
  merchant: Merchant,
  sessionId: string,
  t: ProcessorTransaction,
  attemptId?: string,
  /** What the buyer paid with, when the caller has it (a typed card is saved as typed: save-card.ts). */
  source?: BuyerSource,
  /**
   * What else the payment brings to the session it paid (the hosted page's buyer details); returns
   * the session itself when there is nothing to change.
   */
  onPaid?: (s: SessionRecord) => SessionRecord,
  /**
   * The buyer's page is not waiting for this answer (a provider event, the reconciler): a decline
   * that re-opens the session leaves its next card form preparing until the page comes back.
   */
  opts: { buyerAway?: boolean } = {},
): Promise<Outcome> {
  // Charge and save, on every path that settles a session payment (save-card.ts).
  const saved = await cardToSave(deps, processorOf(deps, merchant), merchant, sessionId, t, source && 'card' in source ? source.card : undefined);
  const { outcome, revoke, formPaid } = await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    const attempt = attemptId ? await r.attempts.get(attemptId) : t.reference ? await r.attempts.byReference(merchant.id, t.reference) : undefined;
    const closed = attempt ? await closeAttempt(r, attempt.id, 'done', now) : false;
    const existing = await r.payments.byProcessorRef(t.id);
    const found = await r.sessions.get(sessionId);
    if (!found) throw new DomainError('session_not_found');
    // A form's declines beyond its own are counted once, as its attempt closes; written only when there are any.
    const counted = closed ? withFormDeclines(found, t, now) : found;
    const current = counted === found ? found : await saveSession(r, found, counted);
    const spent = closed && attempt && spentForm(attempt, t) ? [attempt.reference] : [];
    // What the payment brings to the session it paid, once, even when a provider event settled
    // the payment before the browser's `complete` arrived.
    const paidWith = async (o: Outcome): Promise<Outcome> => {
      if (!onPaid || o.session.status !== 'succeeded' || o.session.transactionId !== t.id) return o;
      const session = onPaid(o.session);
      if (session !== o.session) await saveSession(r, o.session, session);
      return { ...o, session };
    };
    if (existing) return { outcome: await paidWith({ session: current, intent: existing }), revoke: spent, formPaid: false };
    const open = current.status !== 'succeeded' && current.status !== 'expired';
    const card = saved && t.status === 'approved' && open ? await saveForBuyer(r, merchant, current, saved, attempt?.walletType ?? null, now) : undefined;
    const result = await paidWith(await applyPayment(r, deps, merchant, current, t, attempt?.id ?? null, now, card, attempt?.walletType ?? null, opts.buyerAway));
    // Browser forms still open for a session that will not take another payment are closed.
    const revoke = result.session.status === 'succeeded' || result.session.status === 'expired' ? await closeForms(r, sessionId, now) : [];
    return { outcome: result, revoke: [...revoke, ...spent], formPaid: attempt?.kind === 'client' && current.status !== 'succeeded' };
  });
  await revokeForms(deps, merchant, revoke);
  if (formPaid) flagUnmetBuyerFields(deps, outcome.session);
  return outcome;
}

/**
 * A form that takes several tries (a Stripe client secret, which reports its `declines`) whose
 * declines were counted as its attempt closed (the reconciler, the next init): closed at the provider
 * too, or the cards it takes from now on would count nowhere (issue 32, finding 3).
 */
const spentForm = (a: AttemptRecord, t: ProcessorTransaction) => a.kind === 'client' && t.status === 'declined' && t.declines !== undefined;

async function applyPayment(
  r: Repos,
  deps: PaymentDeps,
  merchant: Merchant,
  current: SessionRecord,
  t: ProcessorTransaction,
  attemptId: string | null,
  now: string,
  saved?: PaymentMethodRecord,
  /** The wallet the attempt charged a token of (recorded with the attempt, before the call). */
  walletType: WalletType | null = null,
  buyerAway = false,
): Promise<Outcome> {
  const approved = t.status === 'approved';
  const held = approved && current.captureMethod === 'manual';
  const intent: PaymentIntentRecord = {
    id: newId.paymentIntent(current.livemode),
    merchantId: merchant.id,
    livemode: current.livemode,
    sessionId: current.id,
    status: approved ? (held ? 'authorized' : 'succeeded') : 'failed',
    amount: t.amount,
    currency: t.currency,
    captureMethod: current.captureMethod,
    declineCode: approved ? null : (t.declineCode ?? 'card_declined'),
    card: { brand: t.card.brand, last4: t.card.last4 },
    walletType,
    avsResultCode: t.avsResult,
    cvvResultCode: t.cvvResult,
    processorRef: t.id,
    vpTxId: approved && !held ? newId.transaction(current.livemode) : null,
    metadata: {},
    createdAt: now,
    updatedAt: now,
    paymentMethodId: saved?.id ?? null,
    // The buyer the session links (Doc 2: buyers are linked to sessions and intents), the saved card's if it has one.
    buyerRecordId: saved?.buyerRecordId ?? current.buyerRecordId ?? null,
    // Doc 2, `three_d_secure`: recorded from the processor's answer, as for a direct intent.
    threeDSecure: t.threeDSecure ?? null,
    // A partial approval: the money it moved is recorded and flagged, and it does not pay the session.
    amountMismatch: amountMismatchOf(current, t),
  };
  await r.payments.insert(intent);
  await touchBuyer(r, intent.buyerRecordId, now);
  if (intent.vpTxId) await r.settlements.insert(settlementOf(intent, t, now));
  const after = sessionAfterPayment(current, merchant, intent, t, attemptId, now);
  const session = await saveSession(r, current, buyerAway ? preparingNextForm(after) : after);
  const second = current.status === 'succeeded' || current.status === 'expired';
  // A timed-out bank check the provider ended unauthorized is announced (Doc 1, expiredFrom failed).
  const timedOut = !approved && bankCheckTimedOut(current, attemptId);
  const events: Events = [];
  if (approved && intent.amountMismatch && !second) {
    // The money that moved is a payment of its own, in vp_tx_count and refundable, its event flagged.
    if (!held) events.push(['charge.succeeded', chargeEventData(intent, t, session)]);
    if (session.status === 'failed') events.push(['session.failed', sessionFailedData(session)]);
  } else if (approved) {
    const data = chargeEventData(intent, t, session);
    // An authorization only held for a manual capture is not a success yet: its events wait for the capture.
    if (!held) {
      if (!second) events.push(['payment_intent.succeeded', { ...data, status: intent.status }]);
      events.push(['charge.succeeded', data]);
      // Captured: the store order the session describes is made now (a second payment is refunded, not ordered).
      if (!second) await queueStoreOrder(r, intent, session, now);
    }
  } else if (!second || timedOut) {
    const failure = failureEventData(chargeEventData(intent, t, session), intent.declineCode!, { ruleCode: t.ruleCode ?? null, retry: session.retry, networkDeclineCode: t.networkDeclineCode });
    events.push(['charge.failed', failure], ['payment_intent.failed', { ...failure, status: 'failed' }]);
    if (session.status === 'failed') events.push(['session.failed', sessionFailedData(session)]);
  }
  for (const [type, data] of events) await emit(r, deps.clock, merchant.id, current.livemode, type, data);
  return { session, intent };
}

/** `session.failed` (Doc 2): the session, its `retry`, and its metadata as every other session event carries it. */
const sessionFailedData = (s: SessionRecord) => ({ session_id: s.id, retry: s.retry, metadata: s.metadata });

export const isCaptured = (t: ProcessorTransaction) => t.capture === 'pending' || t.capture === 'settled';

/**
 * A direct intent's processor answer (Doc 2, payment intent states), applied once (compare-and-set
 * on the intent still being in flight for this transaction): status, settlement, card use, the
 * session it pays, and the outbox events, in the caller's transaction. Returns the browser forms to
 * revoke once it commits.
 */
export async function settleIntent(
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
  // Only an intent still waiting takes an answer: one announced `failed` never flips (issue 34,
  // finding 2); a charge of it that lands late is reversed by the second watch (reconcile/reverse-late.ts).
  if (!inFlight) return { intent: current, revoke: [] };

  const base = {
    ...current,
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
  if (t.status !== 'requires_action') await settleIntentCard(r, deps, next, t, attemptId, billingAddress, now);

  const session = next.sessionId ? await r.sessions.get(next.sessionId) : undefined;
  let revoke: string[] = [];
  if (session && t.status !== 'requires_action') {
    const after = sessionAfterIntentCharge(session, next, t, attemptId, now);
    if (after) await saveSession(r, session, after);
    // Paid: the session's open browser forms are closed, so no other tab can pay it too.
    if (t.status === 'approved' && !next.amountMismatch) revoke = await closeForms(r, session.id, now);
  }
  await emitCharge(r, deps, merchant, next, t, session);
  return { intent: next, revoke };
}

/**
 * The outbox events of an intent's charge outcome. `payment_intent.succeeded` and `charge.succeeded`
 * fire when money is captured, not for an authorization that is only held.
 */
export async function emitCharge(r: Repos, deps: Pick<EngineDeps, 'clock'>, merchant: Merchant, intent: PaymentIntentRecord, t: ProcessorTransaction, session: SessionRecord | undefined) {
  const events: Events = [];
  const data = chargeEventData(intent, t, session);
  if (intent.status === 'succeeded' || intent.status === 'captured') {
    events.push(['payment_intent.succeeded', { ...data, status: intent.status }], ['charge.succeeded', data]);
    // Captured: the store order it describes (or its session does) is made now, once.
    await queueStoreOrder(r, intent, session, intent.updatedAt);
  } else if (intent.status === 'failed') {
    const failure = failureEventData(data, intent.declineCode!, { ruleCode: intent.ruleCode ?? null, networkDeclineCode: t.networkDeclineCode });
    events.push(['charge.failed', failure], ['payment_intent.failed', { ...failure, status: 'failed' }]);
  }
  for (const [type, d] of events) await emit(r, deps.clock, merchant.id, intent.livemode, type, d);
}

/**
 * What `payment_intent.failed` says of a charge the processor did not show after the grace period.
 * "Nothing was charged" only where the processor refused the reference first (`fencesLateCalls.charge`:
 * the sandbox's fence, Stripe's PaymentIntent canceled before its confirmation); elsewhere
 * (Braintree) a late charge is still possible, and is reversed if it lands (issue 34, finding 2 and
 * "No false final state").
 */
const unseenReason = (fenced: boolean) =>
  fenced
    ? 'The processor never received the charge; nothing was charged.'
    : 'The processor did not confirm the charge in time; if it arrives later it is reversed automatically, so the buyer keeps no charge of this payment.';

/**
 * The processor did not show the charge of an intent answered `payment_outcome_unknown`: the
 * intent fails (`processing_error`), its card and session are freed, and the merchant hears
 * `payment_intent.failed`, worded by whether the processor fenced the reference (`fenced`).
 */
export async function failUnseenCharge(deps: Pick<EngineDeps, 'store' | 'clock'>, merchant: Merchant, intentId: string, attemptId: string, fenced: boolean) {
  await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    if (!(await closeAttempt(r, attemptId, 'failed', now))) return;
    const p = (await r.payments.get(intentId))!;
    if (p.status !== 'requires_action' || p.processorRef !== null) return;
    const statusReason = fenced ? 'not_received_by_processor' : 'not_confirmed_by_processor';
    const next: PaymentIntentRecord = { ...p, status: 'failed', declineCode: 'processing_error', statusReason, updatedAt: now };
    await r.payments.update(next);
    if (p.paymentMethodId) {
      const card = await r.paymentMethods.get(p.paymentMethodId);
      if (card?.usedBy === attemptId) await r.paymentMethods.update({ ...card, usedBy: null, updatedAt: now });
    }
    const session = p.sessionId ? await r.sessions.get(p.sessionId) : undefined;
    if (session?.chargeLock === attemptId) await saveSession(r, session, moveTo(session, 'pending', { chargeLock: null }, now));
    const data = chargeEventData(next, null, session);
    await emit(r, deps.clock, merchant.id, p.livemode, 'payment_intent.failed', {
      ...failureEventData(data, 'processing_error', { reason: unseenReason(fenced) }),
      status: 'failed',
    });
  });
}
