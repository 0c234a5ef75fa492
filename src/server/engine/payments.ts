/**
 * Every payment, whichever surface started it, settles here (ARCHITECTURE.md, data flow 4):
 * reservation -> processor call -> state transition + outbox events, each durable before the next.
 */
import type { ChargeCard, WalletCharge } from '../../api/checkout.ts';
import type { Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import { processorOf } from './binder.ts';
import { newId } from '../ids.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type ProcessorTransaction, type VaultedCard } from '../processors/types.ts';
import { browserDeclineCode, declineMessage } from './declines.ts';
import { emit, type EventType } from './events.ts';
import { moveTo } from './session-status.ts';
import { expireIfDue } from './sessions.ts';
import { closeAttempt, forgetAttempt, newAttempt } from './attempts.ts';
import type { Merchant, PaymentIntentRecord, PaymentMethodRecord, SessionRecord } from './types.ts';
import { linkChargeBuyer } from './buyers.ts';
import { chargeEventData, failureEventData, sessionAfterApproval, settlementOf } from './charge-records.ts';
import type { Repos } from '../store/types.ts';

export type PaymentDeps = Pick<Deps, 'store' | 'clock' | 'processorFor' | 'signer' | 'log'>;

export interface Outcome {
  session: SessionRecord;
  intent: PaymentIntentRecord;
}

/** Money was approved: captured (`succeeded`) or held for a manual capture (`authorized`). */
export const isApproved = (intent: PaymentIntentRecord) => intent.status === 'succeeded' || intent.status === 'authorized';

/** The buyer-safe error a browser sees for a declined attempt. */
export function buyerError(intent: PaymentIntentRecord) {
  const code = intent.declineCode ?? 'card_declined';
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
    if (attempt) await closeAttempt(r, attempt.id, 'done', now);
    const existing = await r.payments.byProcessorRef(t.id);
    const current = await r.sessions.get(sessionId);
    if (!current) throw new ApiError('session_not_found');
    // What the payment brings to the session it paid, once, even when a provider event settled
    // the payment before the browser's `complete` arrived.
    const paidWith = async (o: Outcome): Promise<Outcome> => {
      if (!onPaid || o.session.status !== 'succeeded' || o.session.transactionId !== t.id) return o;
      const session = onPaid(o.session);
      if (session !== o.session) await r.sessions.update(session);
      return { ...o, session };
    };
    if (existing) return { outcome: await paidWith({ session: current, intent: existing }), revoke: [] as string[] };
    const open = current.status !== 'succeeded' && current.status !== 'expired';
    const card = saved && t.status === 'approved' && open ? await saveForBuyer(r, merchant, current, saved, now) : undefined;
    const result = await paidWith(await settle(r, deps, merchant, current, t, attempt?.id ?? null, now, card));
    // Browser forms still open for a session that will not take another payment are closed.
    const revoke = result.session.status === 'succeeded' || result.session.status === 'expired' ? await closeForms(r, sessionId, now) : [];
    return { outcome: result, revoke };
  });
  await revokeForms(deps, merchant, revoke);
  return outcome;
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
const savesCard = (s: SessionRecord) => s.setupForFutureUse !== null && s.buyerId !== null;

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
export async function revokeForms(deps: Pick<Deps, 'processorFor' | 'log'>, merchant: Merchant, tokens: string[]) {
  const processor = deps.processorFor(merchant.processor);
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
    avsResultCode: t.avsResult,
    cvvResultCode: t.cvvResult,
    processorRef: t.id,
    vpTxId: approved && !held ? newId.transaction(current.livemode) : null,
    metadata: {},
    createdAt: now,
    updatedAt: now,
    paymentMethodId: saved?.id ?? null,
    buyerRecordId: saved?.buyerRecordId ?? null,
  };
  await r.payments.insert(intent);
  if (intent.vpTxId) await r.settlements.insert(settlementOf(intent, t, now));
  const events: [EventType, Record<string, unknown>][] = [];

  let session: SessionRecord;
  if (approved) {
    // Doc 1: success takes precedence (a failed session paid on retry becomes succeeded); on a paid
    // or closed session the payment is recorded as a second one.
    const second = current.status === 'succeeded' || current.status === 'expired';
    session = sessionAfterApproval(current, intent, t, attemptId, now);
    const data = chargeEventData(intent, t, session);
    // An authorization only held for a manual capture is not a success yet: its events wait for the capture.
    if (!held) {
      if (!second) events.push(['payment_intent.succeeded', { ...data, status: intent.status }]);
      events.push(['charge.succeeded', data]);
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
export type ChargeSource = { card: ChargeCard } | { wallet: WalletCharge };

/**
 * `POST /v1/public/sessions/{id}/charge` (Doc 3): charge at submit on an elements session, with a
 * card or (README, Wallets) a wallet token: the same reservation, lock and settlement for both.
 * `attemptId` is the service's own id for this attempt (the idempotency reservation or a fresh
 * one), never a client-sent value. The attempt is committed with the charge lock before the
 * processor is called; the lock is released only when the processor is known not to have charged.
 */
export async function chargeAtSubmit(
  deps: PaymentDeps,
  merchant: Merchant,
  found: SessionRecord,
  source: ChargeSource,
  expectedAmount: number | undefined,
  attemptId: string,
  /** Where a bank challenge returns the buyer, and the page that may frame it (Doc 2, `next_action`). */
  challenge: { returnUrl?: string; frameAncestor?: string } = {},
) {
  const processor = processorOf(deps, merchant);
  // Reservation: one transaction decides which request may charge (Doc 1, Idempotency 5).
  const { locked, superseded } = await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    const s = await expireIfDue(r, now, (await r.sessions.get(found.id))!);
    if (!(s.integrationMode === 'elements' && s.chargeAtSubmit && s.mode === 'payment')) throw new ApiError('charge_at_submit_not_enabled');
    if (s.status === 'succeeded') throw new ApiError('session_already_completed');
    if (s.status === 'expired') throw new ApiError('session_expired');
    if (s.chargeLock !== null) throw new ApiError('charge_in_progress');
    if (s.status === 'failed') throw new ApiError('session_wrong_state', 'This session was declined and cannot be charged again; create a new session.');
    // Doc 1, PATCH: the approved total must still be the session's.
    if (expectedAmount !== undefined && expectedAmount !== s.amount) throw new ApiError('expected_amount_mismatch');
    const forms = await r.attempts.pendingForSession(s.id, 'client');
    for (const a of forms) await closeAttempt(r, a.id, 'failed', now);
    await r.attempts.insert(
      newAttempt({ id: attemptId, merchantId: merchant.id, livemode: s.livemode, kind: 'charge', sessionId: s.id, amount: s.amount, currency: s.currency }, deps.clock.nowMs()),
    );
    const next = moveTo(s, 'processing', { chargeLock: attemptId, latestAttemptId: attemptId }, now);
    await r.sessions.update(next);
    return { locked: next, superseded: forms.map((a) => a.reference) };
  });
  await revokeForms(deps, merchant, superseded);
  let t: ProcessorTransaction | null;
  try {
    t = 'card' in source ? await processor.charge(merchant, locked, source.card, { reference: attemptId, ...challenge }) : await processor.chargeWallet(merchant, locked, source.wallet, { reference: attemptId });
  } catch (err) {
    if (err instanceof ProcessorRejectedError || (err instanceof ProcessorUnavailableError && err.nothingMoved)) {
      // Nothing moved: the session goes back as it was, so the buyer can submit again.
      await releaseCharge(deps, found, attemptId);
      if (err instanceof ProcessorRejectedError) throw new ApiError('validation_error', err.message);
      throw new ApiError('provider_unavailable');
    }
    // The outcome is unknown (a timeout, a lost answer, a fault of ours): ask once now; if the
    // processor cannot say, the lock stays and the reconciler settles it (Doc 1: `processing`).
    deps.log.warn('charge outcome unknown; asking the processor', { attempt: attemptId, error: err instanceof Error ? err.message : String(err) });
    t = await processor.lookup(merchant, attemptId).catch(() => null);
    if (!t) return { status: 'processing' as const, sessionId: found.id, retry: null };
  }
  // The bank wants the buyer: the lock and the attempt stay (the reconciler and the provider's
  // event settle it if the browser never comes back); `complete` asks for the answer.
  if (t.status === 'requires_action') return awaitingChallenge(found.id, t);
  // Saving is best effort: a vault that fails leaves the payment as it is, with nothing saved.
  // A wallet token pays once and cannot be vaulted: a wallet keeps the buyer's cards itself.
  const saved =
    t.status === 'approved' && savesCard(locked) && 'card' in source ? await processor.vault(merchant, { card: source.card, livemode: locked.livemode }).catch(() => undefined) : undefined;
  const { session, intent } = await recordOutcome(deps, merchant, found.id, t, attemptId, saved);
  return submitAnswer(session, intent);
}

/** The charge-at-submit answer for a settled attempt (Doc 3, public charge endpoint). */
export function submitAnswer(session: SessionRecord, intent: PaymentIntentRecord) {
  const ok = isApproved(intent);
  return {
    status: ok ? ('succeeded' as const) : ('failed' as const),
    sessionId: session.id,
    paymentIntentId: intent.id,
    ...(ok ? {} : { error: buyerError(intent) }),
    retry: session.retry,
  };
}

/** `requires_action` with the challenge page (Doc 2 `next_action`); with no page yet, still `processing`. */
export function awaitingChallenge(sessionId: string, t: ProcessorTransaction) {
  if (!t.challengeUrl) return { status: 'processing' as const, sessionId, retry: null };
  return { status: 'requires_action' as const, sessionId, retry: null, next_action: { type: 'redirect_to_url', redirect_to_url: { url: t.challengeUrl } } };
}

/**
 * Undoes a charge reservation the processor is known not to have acted on: the attempt fails (or,
 * with `drop`, for a request refused on the spot, is removed) and, if the session still holds this
 * attempt's lock, it goes back to the status it had, so a refused request leaves no trace
 * (compare-and-set on the lock, inside the transaction).
 */
export async function releaseCharge(deps: Pick<Deps, 'store' | 'clock'>, before: SessionRecord, attemptId: string, how: 'refused' | 'gave_up' = 'refused') {
  await deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    // A refusal leaves no trace; an attempt given up on by the reconciler stays on record as failed.
    if (how === 'refused') await forgetAttempt(r, attemptId);
    else await closeAttempt(r, attemptId, 'failed', now);
    const s = await r.sessions.get(before.id);
    if (!s || s.chargeLock !== attemptId) return;
    await r.sessions.update({
      ...s,
      status: before.status === 'processing' ? 'pending' : before.status,
      chargeLock: null,
      latestAttemptId: before.latestAttemptId ?? null,
      updatedAt: before.updatedAt,
    });
  });
}
