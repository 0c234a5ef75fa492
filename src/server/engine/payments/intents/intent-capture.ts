/**
 * Capture and void of an authorized payment intent (Doc 2): the same money path as a charge,
 * reservation (the intent's `pendingOp` and an attempt) -> processor call -> outcome applied once.
 */
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { newId } from '../../../ids.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type Processor, type ProcessorTransaction } from '../../../processors/types.ts';
import type { Repos } from '../../../store/types.ts';
import { closeAttempt, forgetAttempt, newAttempt } from '../../attempts/attempts.ts';
import { settlementOf } from '../charge/charge-records.ts';
import { processorOf } from '../../binder.ts';
import { intentForKey, type IntentDeps } from './intents.ts';
import { checkPartial } from '../../merchants/capabilities.ts';
import type { AuthContext, Merchant, PaymentIntentRecord } from '../../../domain/index.ts';
import { emitCharge, isCaptured } from '../charge/settle.ts';
import { saveSession } from '../../sessions/session-status.ts';
import { failCapture } from './capture-failed.ts';

/** `POST /v1/payment_intents/{id}/capture`: full, or partial with `amount_to_capture`. */
export async function captureIntent(deps: IntentDeps, auth: AuthContext, id: string, amountToCapture: number | undefined): Promise<PaymentIntentRecord> {
  const processor = processorOf(deps, auth.merchant);
  const attemptId = newId.attempt();
  const intent = await deps.store.tx(async (r) => {
    const p = await intentForKey(r, auth, id);
    if (p.status !== 'authorized' || p.pendingOp) throw new DomainError('invalid_transition', `A payment intent in status ${p.status}${p.pendingOp ? ' with a capture or void in flight' : ''} cannot be captured.`);
    const authorized = p.authorizedAmount ?? p.amount;
    const amount = amountToCapture ?? authorized;
    if (amount > authorized) throw new DomainError('capture_amount_exceeds_authorized', `amount_to_capture ${amount} is above the authorized ${authorized}.`, { authorized_amount: authorized });
    if (amount < authorized) checkPartial(deps, auth.merchant, 'partial_capture');
    await r.attempts.insert(
      newAttempt({ id: attemptId, merchantId: p.merchantId, livemode: p.livemode, kind: 'capture', sessionId: p.sessionId, intentId: p.id, amount, currency: p.currency }, deps.clock.nowMs()),
    );
    const locked = { ...p, pendingOp: attemptId, updatedAt: deps.clock.iso() };
    await r.payments.update(locked);
    return { ...locked, captureAmount: amount, before: p };
  });
  let t: ProcessorTransaction;
  try {
    t = await processor.capture(auth.merchant, { transactionId: intent.processorRef!, amount: intent.captureAmount, reference: attemptId });
  } catch (err) {
    const shown = await afterFailure(deps, auth.merchant, processor, intent, attemptId, err, 'capture');
    if (shown.status === 'voided') throw new DomainError('invalid_transition', 'The authorization was already released at the processor; it cannot be captured.');
    return shown;
  }
  return deps.store.tx((r) => applyCapture(r, deps, auth.merchant, intent.id, attemptId, t));
}

/** Applies a capture the processor made (or, for an async settlement, started), once. */
export async function applyCapture(r: Repos, deps: Pick<EngineDeps, 'clock'>, merchant: Merchant, intentId: string, attemptId: string | null, t: ProcessorTransaction) {
  const now = deps.clock.iso();
  if (attemptId) await closeAttempt(r, attemptId, 'done', now);
  const current = (await r.payments.get(intentId))!;
  if (current.status !== 'authorized' || !isCaptured(t)) {
    if (current.pendingOp === attemptId && attemptId) await r.payments.update({ ...current, pendingOp: null, updatedAt: now });
    return current;
  }
  const next: PaymentIntentRecord = {
    ...current,
    status: t.capture === 'pending' ? 'captured' : 'succeeded',
    capturedAmount: t.capturedAmount ?? current.authorizedAmount ?? current.amount,
    vpTxId: newId.transaction(current.livemode),
    pendingOp: null,
    updatedAt: now,
  };
  await r.payments.update(next);
  await r.settlements.insert(settlementOf(next, t, now));
  const session = next.sessionId ? await r.sessions.get(next.sessionId) : undefined;
  if (session) {
    // The session's own hold becomes `paid`; a second payment of the session (Doc 1: recorded,
    // never discarded) still counts in `vp_tx_count` once its money is captured.
    const own = session.paymentIntentId === next.id || session.transactionId === next.processorRef;
    await saveSession(r, session, { ...session, ...(own ? { paymentStatus: 'paid' as const, vpTxId: next.vpTxId } : {}), vpTxCount: session.vpTxCount + 1, updatedAt: now });
  }
  await emitCharge(r, deps, merchant, next, t, session);
  return next;
}

/** `POST /v1/payment_intents/{id}/void`: releases an authorization; after capture it is a refund's job. */
export async function voidIntent(deps: IntentDeps, auth: AuthContext, id: string): Promise<PaymentIntentRecord> {
  const processor = processorOf(deps, auth.merchant);
  const attemptId = newId.attempt();
  const intent = await deps.store.tx(async (r) => {
    const p = await intentForKey(r, auth, id);
    if (p.status !== 'authorized' || p.pendingOp) throw new DomainError('invalid_transition', `A payment intent in status ${p.status}${p.pendingOp ? ' with a capture or void in flight' : ''} cannot be voided; after capture use a refund.`);
    await r.attempts.insert(
      newAttempt({ id: attemptId, merchantId: p.merchantId, livemode: p.livemode, kind: 'void', sessionId: p.sessionId, intentId: p.id, amount: p.amount, currency: p.currency }, deps.clock.nowMs()),
    );
    const locked = { ...p, pendingOp: attemptId, updatedAt: deps.clock.iso() };
    await r.payments.update(locked);
    return { ...locked, before: p };
  });
  let t: ProcessorTransaction;
  try {
    t = await processor.void(auth.merchant, { transactionId: intent.processorRef!, reference: attemptId });
  } catch (err) {
    const shown = await afterFailure(deps, auth.merchant, processor, intent, attemptId, err, 'void');
    if (shown.status !== 'voided') throw new DomainError('invalid_transition', 'The payment was already captured at the processor; refund it instead of voiding.');
    return shown;
  }
  return deps.store.tx((r) => applyVoid(r, deps, intent.id, attemptId, t));
}

export async function applyVoid(r: Repos, deps: Pick<EngineDeps, 'clock'>, intentId: string, attemptId: string | null, t: ProcessorTransaction) {
  const now = deps.clock.iso();
  if (attemptId) await closeAttempt(r, attemptId, 'done', now);
  const current = (await r.payments.get(intentId))!;
  if (current.status !== 'authorized' || t.capture !== 'voided') {
    if (current.pendingOp === attemptId && attemptId) await r.payments.update({ ...current, pendingOp: null, updatedAt: now });
    return current;
  }
  const next: PaymentIntentRecord = { ...current, status: 'voided', pendingOp: null, updatedAt: now };
  await r.payments.update(next);
  const session = next.sessionId ? await r.sessions.get(next.sessionId) : undefined;
  if (session && (session.paymentIntentId === next.id || session.transactionId === next.processorRef)) await saveSession(r, session, { ...session, paymentStatus: 'cancelled', updatedAt: now });
  return next;
}

/** A capture or void the processor never made: the intent stays authorized and can be captured again. */
export async function releaseOp(deps: Pick<EngineDeps, 'store' | 'clock'>, intentId: string, attemptId: string, before?: PaymentIntentRecord) {
  await deps.store.tx(async (r) => {
    // Refused (`before` given): no trace. Given up on by the reconciler: kept on record as failed.
    if (before) await forgetAttempt(r, attemptId);
    else await closeAttempt(r, attemptId, 'failed', deps.clock.iso());
    const p = (await r.payments.get(intentId))!;
    if (p.pendingOp === attemptId) await r.payments.update({ ...p, pendingOp: null, updatedAt: before?.updatedAt ?? p.updatedAt });
  });
}

/** Whether a failed capture or void proves this call did nothing: a refusal, or an unavailable processor that acted on nothing. */
const provenRefusal = (err: unknown): err is ProcessorRejectedError | ProcessorUnavailableError =>
  err instanceof ProcessorRejectedError || (err instanceof ProcessorUnavailableError && err.nothingMoved);

/**
 * A capture or void that failed (issue 34, finding 1). Anything but a refusal proving nothing
 * moved is read back first (the answer may be lost, or the call a retry of one that landed), and so
 * is the sandbox's `invalid_state` refusal (something else moved the transaction): what the
 * transaction shows is applied, closing this attempt, and the intent is answered as it now stands.
 * Showing nothing to apply: a proven refusal is released without a trace with Doc 2's refusal;
 * anything else (or a transaction not readable now) keeps the attempt pending for the reconciler,
 * which reads captures and voids back, and answers `payment_outcome_unknown`, never a refusal
 * that claims nothing happened.
 */
async function afterFailure(
  deps: IntentDeps,
  merchant: Merchant,
  processor: Processor,
  intent: PaymentIntentRecord & { before: PaymentIntentRecord },
  attemptId: string,
  err: unknown,
  op: 'capture' | 'void',
): Promise<PaymentIntentRecord> {
  const readBack = !provenRefusal(err) || (err instanceof ProcessorRejectedError && err.reason === 'invalid_state');
  const t = readBack && intent.processorRef ? await processor.verifyTransaction(merchant, intent.processorRef).catch(() => undefined) : null;
  if (t && isCaptured(t)) return deps.store.tx((r) => applyCapture(r, deps, merchant, intent.id, attemptId, t));
  if (t && t.capture === 'voided') return deps.store.tx((r) => applyVoid(r, deps, intent.id, attemptId, t));
  if (provenRefusal(err) && t !== undefined) {
    // Doc 2: `authorized` → `failed` when the capture fails: the processor refused it.
    if (op === 'capture' && err instanceof ProcessorRejectedError) return failCapture(deps, merchant, processor, intent, attemptId, err);
    await releaseOp(deps, intent.id, attemptId, intent.before);
    if (err instanceof ProcessorUnavailableError) throw new DomainError('provider_unavailable');
    throw new DomainError('provider_request_rejected', err.message, { reason: err.reason });
  }
  deps.log.warn(`${op} outcome unknown`, { intent: intent.id, error: err instanceof Error ? err.message : String(err) });
  throw new DomainError('payment_outcome_unknown', undefined, { payment_intent: intent.id });
}
