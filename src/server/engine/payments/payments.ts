/**
 * Every payment, whichever surface started it, settles here (ARCHITECTURE.md, data flow 4):
 * reservation -> processor call -> state transition + outbox events, each durable before the next.
 */
import { queueStoreOrder } from '../mirror/store-orders.ts';
import type { EngineDeps } from '../deps.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../ids.ts';
import { type ProcessorTransaction, type VaultedCard } from '../../processors/types.ts';
import { browserDeclineCode, declineMessage } from './declines.ts';
import { emit, type EventType } from '../events.ts';
import { moveTo } from '../sessions/session-status.ts';
import { closeAttempt } from './attempts.ts';
import type { Merchant, PaymentIntentRecord, PaymentMethodRecord, SessionRecord } from '../../domain/index.ts';
import { linkChargeBuyer } from '../buyers/buyers.ts';
import { amountMismatchOf, chargeEventData, failureEventData, sessionAfterApproval, settlementOf } from './charge-records.ts';
import type { AttemptRecord, Repos } from '../../store/types.ts';
import { processorOrNull } from '../binder.ts';
import type { WalletType } from '../../../vocab/wallets.ts';

export type PaymentDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log'>;

export interface Outcome {
  session: SessionRecord;
  intent: PaymentIntentRecord;
}

/**
 * The payment paid what was asked: captured (`succeeded`) or held for a manual capture
 * (`authorized`), for the amount and currency requested. A partial approval moved money but did
 * not pay (issue 17, finding 7).
 */
export const isApproved = (intent: PaymentIntentRecord) => (intent.status === 'succeeded' || intent.status === 'authorized') && !intent.amountMismatch;

/** The buyer-safe error a browser sees for a declined attempt (a partial approval reads as a processing error). */
export function buyerError(intent: PaymentIntentRecord) {
  const code = intent.amountMismatch ? 'processing_error' : (intent.declineCode ?? 'card_declined');
  return { code: 'card_declined', decline_code: browserDeclineCode(code), message: declineMessage(code) };
}


/**
 * Applies a processor transaction to its session, once: a transaction already recorded
 * returns the recorded outcome unchanged (a retried `complete` never settles twice). Every
 * decision reads the session inside the transaction that changes it (compare-and-set), and the
 * attempt that made the charge is closed in the same transaction. When the session settles, the
 * browser forms still open for it are revoked at the processor, so no other tab can pay.
 */
export async function recordOutcome(
  deps: PaymentDeps,
  merchant: Merchant,
  sessionId: string,
  t: ProcessorTransaction,
  attemptId?: string,
  /** The card vaulted alongside an approved charge of a session that saves it for its buyer. */
  saved?: VaultedCard,
  /**
   * What else the payment brings to the session it paid (the hosted page's buyer details); returns
   * the session itself when there is nothing to change.
   */
  onPaid?: (s: SessionRecord) => SessionRecord,
): Promise<Outcome> {
  const { outcome, revoke } = await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    const attempt = attemptId ? await r.attempts.get(attemptId) : t.reference ? await r.attempts.byReference(merchant.id, t.reference) : undefined;
    const closed = attempt ? await closeAttempt(r, attempt.id, 'done', now) : false;
    const existing = await r.payments.byProcessorRef(t.id);
    const found = await r.sessions.get(sessionId);
    if (!found) throw new DomainError('session_not_found');
    const current = closed ? await withFormDeclines(r, found, t, now) : found;
    const spent = closed && attempt && spentForm(attempt, t) ? [attempt.reference] : [];
    // What the payment brings to the session it paid, once, even when a provider event settled
    // the payment before the browser's `complete` arrived.
    const paidWith = async (o: Outcome): Promise<Outcome> => {
      if (!onPaid || o.session.status !== 'succeeded' || o.session.transactionId !== t.id) return o;
      const session = onPaid(o.session);
      if (session !== o.session) await r.sessions.update(session);
      return { ...o, session };
    };
    if (existing) return { outcome: await paidWith({ session: current, intent: existing }), revoke: spent };
    const open = current.status !== 'succeeded' && current.status !== 'expired';
    const card = saved && t.status === 'approved' && open ? await saveForBuyer(r, merchant, current, saved, now) : undefined;
    const result = await paidWith(await settle(r, deps, merchant, current, t, attempt?.id ?? null, now, card, attempt?.walletType ?? null));
    // Browser forms still open for a session that will not take another payment are closed.
    const revoke = result.session.status === 'succeeded' || result.session.status === 'expired' ? await closeForms(r, sessionId, now) : [];
    return { outcome: result, revoke: [...revoke, ...spent] };
  });
  await revokeForms(deps, merchant, revoke);
  return outcome;
}

/**
 * A form that takes several tries (a Stripe client secret, which reports its `declines`) whose
 * declines were counted as its attempt closed (the reconciler, the next init): closed at the provider
 * too, or the cards it takes from now on would count nowhere (issue 32, finding 3).
 */
const spentForm = (a: AttemptRecord, t: ProcessorTransaction) => a.kind === 'client' && t.status === 'declined' && t.declines !== undefined;

/**
 * A browser form that took several tries at the provider (a Stripe client secret; issue 32, finding
 * 3): the declines beyond the one its payment record counts reach the session's cap (MAX_DECLINES)
 * too. Added when the form's attempt closes, so once, whichever path reads the form first.
 */
async function withFormDeclines(r: Repos, s: SessionRecord, t: ProcessorTransaction, now: string): Promise<SessionRecord> {
  const extra = (t.declines ?? 0) - (t.status === 'declined' ? 1 : 0);
  if (extra <= 0) return s;
  const next = { ...s, declines: (s.declines ?? 0) + extra, updatedAt: now };
  await r.sessions.update(next);
  return next;
}

/**
 * Doc 1: "a buyer on the session makes a charge-and-save flow vault a reusable `vp_pmt_*`
 * alongside the charge". The token is the buyer's, saved as the session says, and the intent
 * names it (`payment_method_id` on GET). A guest session charges once and vaults nothing.
 */
async function saveForBuyer(r: Repos, merchant: Merchant, session: SessionRecord, saved: VaultedCard, now: string): Promise<PaymentMethodRecord> {
  const link = await linkChargeBuyer(r, { merchantId: merchant.id, livemode: session.livemode }, { buyer_id: session.buyerId! }, now);
  const token: PaymentMethodRecord = {
    id: newId.paymentMethod(session.livemode),
    merchantId: merchant.id,
    livemode: session.livemode,
    status: 'active',
    vaultId: saved.vaultId,
    card: saved.card,
    buyerRecordId: link.buyer?.id ?? null,
    setupForFutureUse: session.setupForFutureUse,
    allowRedisplay: null,
    storedCredentialUse: session.storedCredentialUse,
    sessionId: session.id,
    walletType: null,
    billingAddressSealed: null,
    metadata: {},
    // Spent by this payment only when it is single-use; saved for later use here, so never.
    usedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await r.paymentMethods.insert(token);
  return token;
}

/** Whether an approved charge at submit also saves the card for the session's buyer. */
export const savesCard = (s: SessionRecord) => s.setupForFutureUse !== null && s.buyerId !== null;

/**
 * Closes the browser forms still open for a session (its pending `client` attempts) and returns
 * their client tokens, for the caller to revoke at the processor once its transaction committed.
 */
export async function closeForms(r: Repos, sessionId: string, now: string): Promise<string[]> {
  const refs: string[] = [];
  for (const open of await r.attempts.pendingForSession(sessionId, 'client')) {
    await closeAttempt(r, open.id, 'failed', now);
    refs.push(open.reference);
  }
  return refs;
}

/** Best effort: a form the processor could not be told about is still single-use and expires within the hour. */
export async function revokeForms(deps: Pick<EngineDeps, 'processorFor' | 'ownProcessor' | 'log'>, merchant: Merchant, tokens: string[]) {
  const processor = processorOrNull(deps, merchant);
  for (const token of tokens) {
    try {
      await processor?.revokeClientToken(merchant, token);
    } catch (err) {
      deps.log.warn('could not revoke a checkout form at the processor', { error: err instanceof Error ? err.message : String(err) });
    }
  }
}

async function settle(
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
): Promise<Outcome> {
  const approved = t.status === 'approved';
  const held = approved && current.captureMethod === 'manual';
  // A partial approval: the money it moved is recorded and flagged, and it does not pay the session.
  const mismatch = amountMismatchOf(current, t);
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
    buyerRecordId: saved?.buyerRecordId ?? null,
    amountMismatch: mismatch,
  };
  await r.payments.insert(intent);
  if (intent.vpTxId) await r.settlements.insert(settlementOf(intent, t, now));
  const events: [EventType, Record<string, unknown>][] = [];

  let session: SessionRecord;
  if (approved && mismatch && current.status !== 'succeeded' && current.status !== 'expired') {
    // The session stays unpaid, as after a decline (the buyer reads a processing error); the money
    // that moved is a payment of its own, in vp_tx_count and refundable, its event flagged.
    const asDecline = declined(current, merchant, { ...intent, declineCode: 'processing_error' }, current.chargeLock ?? attemptId ?? t.id, now);
    session = { ...asDecline, vpTxCount: current.vpTxCount + (intent.vpTxId ? 1 : 0) };
    if (!held) events.push(['charge.succeeded', chargeEventData(intent, t, session)]);
    if (session.status === 'failed') events.push(['session.failed', { session_id: session.id, retry: session.retry }]);
  } else if (approved) {
    // Doc 1: success takes precedence (a failed session paid on retry becomes succeeded); on a paid
    // or closed session the payment is recorded as a second one.
    const second = current.status === 'succeeded' || current.status === 'expired';
    session = sessionAfterApproval(current, intent, t, attemptId, now);
    const data = chargeEventData(intent, t, session);
    // An authorization only held for a manual capture is not a success yet: its events wait for the capture.
    if (!held) {
      if (!second) events.push(['payment_intent.succeeded', { ...data, status: intent.status }]);
      events.push(['charge.succeeded', data]);
      // Captured: the store order the session describes is made now (a second payment is refunded, not ordered).
      if (!second) await queueStoreOrder(r, intent, session, now);
    }
  } else if (current.status === 'succeeded' || current.status === 'expired') {
    // A late decline never overwrites a success.
    session = { ...current, ...(current.chargeLock === attemptId ? { chargeLock: null } : {}), updatedAt: now };
  } else {
    session = declined(current, merchant, intent, current.chargeLock ?? attemptId ?? t.id, now);
    const failure = failureEventData(chargeEventData(intent, t, session), intent.declineCode!, { ruleCode: t.ruleCode ?? null, retry: session.retry });
    events.push(['charge.failed', failure], ['payment_intent.failed', { ...failure, status: 'failed' }]);
    if (session.status === 'failed') events.push(['session.failed', { session_id: session.id, retry: session.retry }]);
  }
  await r.sessions.update(session);
  for (const [type, data] of events) await emit(r, deps.clock, merchant.id, current.livemode, type, data);
  return { session, intent };
}

/** Doc 1, `retry`: an elements + chargeAtSubmit session with same-session retry re-opens after a decline. */
function declined(current: SessionRecord, merchant: Merchant, intent: PaymentIntentRecord, attemptId: string, now: string): SessionRecord {
  const base = {
    declines: (current.declines ?? 0) + 1,
    lastPaymentError: { code: 'card_declined' as const, decline_code: intent.declineCode },
    chargeLock: null,
    declinedAttemptId: attemptId,
    latestAttemptId: current.chargeLock ?? attemptId,
  };
  const retries = merchant.settings.sameSessionRetry;
  if (current.integrationMode === 'elements' && current.chargeAtSubmit && retries > 0) {
    const remaining = current.retry ? current.retry.attempts_remaining - 1 : retries;
    const allowed = remaining > 0;
    return moveTo(current, allowed ? 'pending' : 'failed', { ...base, retry: { allowed, attempts_remaining: Math.max(remaining, 0) } }, now);
  }
  return moveTo(current, 'failed', { ...base, retry: null }, now);
}

/** What pays at submit: the card the card fields collected, or the token a wallet sheet returned. */
