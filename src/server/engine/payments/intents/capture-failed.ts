/**
 * A capture that fails (Doc 2, payment intent states): `authorized` → `failed` when the processor
 * refuses the capture, `captured` → `failed` when it rejects the settlement of one it took. The
 * intent is terminal (`failed`, `processing_error`), the merchant hears `charge.failed` and
 * `payment_intent.failed`, and a session the payment was held for reads `cancelled`: nothing will
 * be captured of it. Issue 35.
 */
import type { EngineDeps } from '../../deps.ts';
import { ProcessorRejectedError, type Processor } from '../../../processors/types.ts';
import type { Repos } from '../../../store/types.ts';
import type { Merchant, PaymentIntentRecord } from '../../../domain/index.ts';
import { newId } from '../../../ids.ts';
import { closeAttempt } from '../../attempts/attempts.ts';
import { emit } from '../../events.ts';
import { saveSession } from '../../sessions/session-status.ts';
import { chargeEventData, failureEventData } from '../charge/charge-records.ts';

type FailDeps = Pick<EngineDeps, 'store' | 'clock' | 'log'>;

/**
 * The processor refused the capture (a proven refusal: it did nothing). Its authorization, if it
 * still holds one, is released first, best effort (a void moves no money; one that fails lapses at
 * the issuer), so a failed intent keeps no hold on the buyer's money.
 */
export async function failCapture(
  deps: FailDeps,
  merchant: Merchant,
  processor: Processor,
  intent: PaymentIntentRecord,
  attemptId: string,
  err: ProcessorRejectedError,
): Promise<PaymentIntentRecord> {
  if (intent.processorRef) {
    await processor.void(merchant, { transactionId: intent.processorRef, reference: newId.attempt() }).catch((e: unknown) => {
      deps.log.warn('release after a refused capture failed', { intent: intent.id, error: e instanceof Error ? e.message : String(e) });
    });
  }
  const reason = `The processor refused the capture (${err.reason}); nothing was captured and the authorization is released.`;
  return deps.store.tx(async (r) => {
    await closeAttempt(r, attemptId, 'done', deps.clock.iso());
    const current = (await r.payments.get(intent.id))!;
    // Only the capture that holds the intent fails it.
    if (current.status !== 'authorized' || current.pendingOp !== attemptId) return current;
    return applyCaptureFailure(r, deps, merchant, current, 'capture_refused', reason);
  });
}

/**
 * Writes the failure of a capture in the caller's transaction: the intent, its session's hold, and
 * the two failure events. `statusReason` says which (`capture_refused`, `settlement_rejected`).
 */
export async function applyCaptureFailure(
  r: Repos,
  deps: Pick<EngineDeps, 'clock'>,
  merchant: Merchant,
  current: PaymentIntentRecord,
  statusReason: string,
  reason: string,
): Promise<PaymentIntentRecord> {
  const now = deps.clock.iso();
  const next: PaymentIntentRecord = { ...current, status: 'failed', declineCode: 'processing_error', statusReason, pendingOp: null, updatedAt: now };
  await r.payments.update(next);
  const session = next.sessionId ? await r.sessions.get(next.sessionId) : undefined;
  const own = session && (session.paymentIntentId === next.id || session.transactionId === next.processorRef);
  // A rejected settlement takes back what the capture counted: no money of it is the session's.
  const uncounted = current.vpTxId && session ? { vpTxId: null, vpTxCount: Math.max(0, session.vpTxCount - 1) } : {};
  const after = own && session.paymentStatus !== 'cancelled' ? await saveSession(r, session, { ...session, ...uncounted, paymentStatus: 'cancelled', updatedAt: now }) : session;
  const failure = failureEventData(chargeEventData(next, null, after), 'processing_error', { reason });
  await emit(r, deps.clock, merchant.id, next.livemode, 'charge.failed', failure);
  await emit(r, deps.clock, merchant.id, next.livemode, 'payment_intent.failed', { ...failure, status: 'failed' });
  return next;
}
