/**
 * Every payment, whichever surface started it, settles here (ARCHITECTURE.md, data flow 4):
 * reservation -> processor call -> state transition + outbox events, each durable before the next.
 */
import type { ChargeCard } from '../../api/checkout.ts';
import type { Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../ids.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type Processor, type ProcessorTransaction } from '../processors/types.ts';
import { actionOf, browserDeclineCode, declineMessage } from './declines.ts';
import { emit } from './events.ts';
import { expireIfDue } from './sessions.ts';
import type { Merchant, PaymentIntentRecord, SessionRecord } from './types.ts';

type PaymentDeps = Pick<Deps, 'store' | 'clock' | 'processorFor' | 'signer'>;

export interface Outcome {
  session: SessionRecord;
  intent: PaymentIntentRecord;
}

/** Money was approved: captured (`succeeded`) or held for a manual capture (`authorized`). */
const isApproved = (intent: PaymentIntentRecord) => intent.status === 'succeeded' || intent.status === 'authorized';

/** The buyer-safe error a browser sees for a declined attempt. */
export function buyerError(intent: PaymentIntentRecord) {
  const code = intent.declineCode ?? 'card_declined';
  return { code: 'card_declined', decline_code: browserDeclineCode(code), message: declineMessage(code) };
}

function processorOf(deps: PaymentDeps, merchant: Merchant): Processor {
  const p = deps.processorFor(merchant.processor);
  if (!p) throw new ApiError('binder_unavailable');
  return p;
}

/**
 * Applies a processor transaction to its session, once: a transaction already recorded
 * returns the recorded outcome unchanged (a retried `complete` never settles twice).
 */
export function recordOutcome(deps: PaymentDeps, merchant: Merchant, sessionId: string, t: ProcessorTransaction): Outcome {
  return deps.store.tx(() => {
    const existing = deps.store.payments.byProcessorRef(t.id);
    const current = deps.store.sessions.get(sessionId);
    if (!current) throw new ApiError('session_not_found');
    if (existing) return { session: current, intent: existing };

    const now = deps.clock.iso();
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
    };
    deps.store.payments.insert(intent);

    let session: SessionRecord;
    if (approved) {
      // Doc 1: success takes precedence; a failed session paid on retry becomes succeeded.
      session = {
        ...current,
        status: 'succeeded',
        expiredFrom: null,
        paymentStatus: held ? 'held' : 'paid',
        transactionId: t.id,
        vpTxId: intent.vpTxId,
        vpTxCount: held ? 0 : current.vpTxCount + 1,
        paymentIntentId: intent.id,
        retry: null,
        chargeLock: null,
        updatedAt: now,
      };
      const data = chargeData(session, intent, t);
      emit(deps, merchant.id, current.livemode, 'payment_intent.succeeded', { ...data, payment_intent_id: intent.id, status: intent.status });
      if (!held) emit(deps, merchant.id, current.livemode, 'charge.succeeded', data);
    } else {
      session = declined(current, merchant, intent, now);
      const d = intent.declineCode!;
      const failure = {
        ...chargeData(session, intent, t),
        vp_tx_id: null,
        failure_reason: `The card was declined (${d}).`,
        failure_code: d,
        decline_code: d,
        action: actionOf(d),
        decline_message: declineMessage(d),
        network_decline_code: null,
        rule_code: null,
        retry: session.retry,
      };
      emit(deps, merchant.id, current.livemode, 'charge.failed', failure);
      emit(deps, merchant.id, current.livemode, 'payment_intent.failed', { ...failure, status: 'failed' });
      if (session.status === 'failed') emit(deps, merchant.id, current.livemode, 'session.failed', { session_id: session.id, retry: session.retry });
    }
    deps.store.sessions.update(session);
    return { session, intent };
  });
}

/** Doc 1, `retry`: an elements + chargeAtSubmit session with same-session retry re-opens after a decline. */
function declined(current: SessionRecord, merchant: Merchant, intent: PaymentIntentRecord, now: string): SessionRecord {
  const base = {
    ...current,
    lastPaymentError: { code: 'card_declined' as const, decline_code: intent.declineCode },
    chargeLock: null,
    updatedAt: now,
  };
  const retries = merchant.settings.sameSessionRetry;
  if (current.integrationMode === 'elements' && current.chargeAtSubmit && retries > 0) {
    const remaining = current.retry ? current.retry.attempts_remaining - 1 : retries;
    const allowed = remaining > 0;
    return { ...base, status: allowed ? 'pending' : 'failed', retry: { allowed, attempts_remaining: Math.max(remaining, 0) } };
  }
  return { ...base, status: 'failed', retry: null };
}

function chargeData(session: SessionRecord, intent: PaymentIntentRecord, t: ProcessorTransaction) {
  return {
    session_id: session.id,
    payment_intent_id: intent.id,
    transaction_id: t.id,
    vp_tx_id: intent.vpTxId,
    amount: intent.amount,
    currency: intent.currency,
    card: intent.card,
    avs_result_code: intent.avsResultCode,
    cvv_result_code: intent.cvvResultCode,
    payment_method_id: null,
  };
}

/** The provider is reached over the network now: a call that gets no answer is Doc 1's provider_unavailable, not a 500. */
function unavailable(err: unknown): never {
  if (err instanceof ProcessorUnavailableError) throw new ApiError('provider_unavailable');
  throw err;
}

/** `POST /api/checkout/init`: validates the session and hands out the processor's client token. */
export async function initCheckout(deps: PaymentDeps, sessionId: string) {
  const found = deps.store.sessions.get(sessionId);
  if (!found) throw new ApiError('session_not_found');
  const merchant = deps.store.merchants.get(found.merchantId);
  if (!merchant || merchant.status !== 'active') throw new ApiError('session_not_found');
  const processor = processorOf(deps, merchant);
  const session = deps.store.tx(() => expireIfDue(deps, deps.store.sessions.get(sessionId)!));
  if (session.status === 'succeeded') throw new ApiError('session_already_completed');
  if (session.status === 'expired') throw new ApiError('session_expired');
  if (session.status === 'failed' && session.retry && session.retry.attempts_remaining === 0) {
    throw new ApiError('session_wrong_state', 'This session was declined and has no attempts left; create a new session.');
  }
  const init = await processor.clientInit(merchant, session).catch(unavailable);
  deps.store.tx(() => {
    const s = deps.store.sessions.get(sessionId)!;
    // A webhook or another tab may have settled it while the token was minted (Doc 1: 503 on init).
    if (s.status === 'succeeded' || s.status === 'expired') throw new ApiError('service_unavailable', 'The session changed while the payment form was prepared; try again.');
    if (s.status === 'pending') deps.store.sessions.update({ ...s, status: 'processing', updatedAt: deps.clock.iso() });
  });
  return init;
}

/** `POST /api/checkout/complete`: verifies the transaction with the processor, then settles. */
export async function completeCheckout(deps: PaymentDeps, sessionId: string, transactionId: string) {
  const session = deps.store.sessions.get(sessionId);
  if (!session) throw new ApiError('session_not_found');
  const merchant = deps.store.merchants.get(session.merchantId);
  if (!merchant) throw new ApiError('session_not_found');
  const t = await processorOf(deps, merchant).verifyTransaction(merchant, transactionId).catch(unavailable);
  if (!t || t.sessionId !== session.id) throw new ApiError('transaction_verification_failed');
  const recorded = deps.store.payments.byProcessorRef(t.id);
  if (!recorded) {
    if (session.status === 'succeeded') throw new ApiError('session_already_completed');
    if (session.status === 'expired') throw new ApiError('session_expired');
  }
  const { session: s, intent } = recordOutcome(deps, merchant, session.id, t);
  const ok = isApproved(intent);
  return {
    status: s.status,
    sessionId: s.id,
    transactionId: t.id,
    redirectUrl: ok ? deps.signer.url(s.successUrl, s.id) : null,
    ...(ok ? {} : { error: buyerError(intent) }),
  };
}

/** `POST /v1/public/sessions/{id}/charge` (Doc 3): charge at submit on an elements session. */
export async function chargeAtSubmit(
  deps: PaymentDeps,
  merchant: Merchant,
  found: SessionRecord,
  card: ChargeCard,
  expectedAmount: number | undefined,
  lockId: string,
) {
  const processor = processorOf(deps, merchant);
  // Reservation: one transaction decides which request may charge (Doc 1, Idempotency 5).
  const reserved = deps.store.tx(() => {
    const s = expireIfDue(deps, deps.store.sessions.get(found.id)!);
    if (!(s.integrationMode === 'elements' && s.chargeAtSubmit)) throw new ApiError('charge_at_submit_not_enabled');
    if (s.status === 'succeeded') throw new ApiError('session_already_completed');
    if (s.status === 'expired') throw new ApiError('session_expired');
    if (s.chargeLock !== null) throw new ApiError('charge_in_progress');
    if (s.status === 'failed') throw new ApiError('session_wrong_state', 'This session was declined and cannot be charged again; create a new session.');
    if (expectedAmount !== undefined && expectedAmount !== s.amount) throw new ApiError('expected_amount_mismatch');
    const locked: SessionRecord = { ...s, status: 'processing', chargeLock: lockId, updatedAt: deps.clock.iso() };
    deps.store.sessions.update(locked);
    return { before: s, locked };
  });
  let t: ProcessorTransaction;
  try {
    t = await processor.charge(merchant, reserved.locked, card);
  } catch (err) {
    // Nothing moved: release the reservation so the buyer can submit again.
    deps.store.tx(() => {
      const s = deps.store.sessions.get(found.id)!;
      if (s.chargeLock === lockId) deps.store.sessions.update({ ...s, status: reserved.before.status, chargeLock: null, updatedAt: deps.clock.iso() });
    });
    if (err instanceof ProcessorRejectedError) throw new ApiError('validation_error', err.message);
    if (err instanceof ProcessorUnavailableError) throw new ApiError('provider_unavailable');
    throw err;
  }
  const { session, intent } = recordOutcome(deps, merchant, found.id, t);
  const ok = isApproved(intent);
  return {
    status: ok ? ('succeeded' as const) : ('failed' as const),
    sessionId: session.id,
    paymentIntentId: intent.id,
    ...(ok ? {} : { error: buyerError(intent) }),
    retry: session.retry,
  };
}
