/**
 * A payment intent's charge the processor refused before moving money (Doc 2: 422, nothing kept).
 * The reservation is undone only while no one has seen it (issue 34, finding 3): an intent the
 * service acknowledged is never deleted, since its id then answers key replays, events and reads.
 */
import type { EngineDeps } from '../../deps.ts';
import type { IdempotencyReservation } from '../../../domain/operations.ts';
import type { Merchant, PaymentIntentRecord, PaymentMethodRecord, SessionRecord } from '../../../domain/index.ts';
import { forgetAttempt } from '../../attempts/attempts.ts';
import { moveTo, saveSession } from '../../sessions/session-status.ts';
import { failUnseenCharge } from '../charge/settle.ts';

export interface Before {
  card?: PaymentMethodRecord;
  session?: SessionRecord;
}

/** An acknowledged intent, kept: as it now stands, and whether another request now owns the key. */
export interface Kept {
  intent: PaymentIntentRecord;
  keyTakenOver: boolean;
}

/**
 * Undoes the reservation (intent, attempt, card and session locks) when it is exactly as this
 * request left it: the intent unchanged, its attempt still pending, the Idempotency-Key still this
 * request's. Anything else means someone was told of the intent: the reconciler moved it (and sent
 * its event), or a request that took the key over answered it. Decided in the transaction that
 * deletes, so a reconciler pass or a take-over cannot slip in between. A kept intent still at its
 * reservation ends `failed` as a charge the processor never made (card and session released);
 * undefined when the reservation was undone.
 */
export async function undoReservation(
  deps: Pick<EngineDeps, 'store' | 'clock'>,
  merchant: Merchant,
  intent: PaymentIntentRecord,
  attemptId: string,
  idem: IdempotencyReservation | undefined,
  before: Before,
): Promise<Kept | undefined> {
  const seen = await deps.store.tx(async (r) => {
    const now = await r.payments.get(intent.id);
    const attempt = await r.attempts.get(attemptId);
    const key = idem ? await r.idempotency.get(idem.scope) : undefined;
    const keyTakenOver = idem !== undefined && key?.id !== idem.id;
    if (!now) return undefined;
    if (keyTakenOver || now.updatedAt !== intent.updatedAt || now.status !== intent.status || attempt?.state !== 'pending') return { keyTakenOver };
    await forgetAttempt(r, attemptId);
    await r.payments.delete(intent.id);
    if (intent.paymentMethodId && before.card) {
      const card = await r.paymentMethods.get(intent.paymentMethodId);
      if (card?.usedBy === attemptId) await r.paymentMethods.update({ ...card, usedBy: before.card.usedBy ?? null, updatedAt: before.card.updatedAt });
    }
    if (intent.sessionId && before.session) {
      const s = await r.sessions.get(intent.sessionId);
      if (s?.chargeLock === attemptId) {
        const b = before.session;
        // The session reads as it did before the reservation, its time included.
        await saveSession(r, s, moveTo(s, b.status, { chargeLock: null, latestAttemptId: b.latestAttemptId ?? null }, b.updatedAt));
      }
    }
    return undefined;
  });
  if (!seen) return undefined;
  // Still at its reservation (a take-over answered it as processing): it fails now; one the
  // reconciler already settled stays as it is.
  // The processor refused this very call: for this reference nothing was charged, fence or not.
  await failUnseenCharge(deps, merchant, intent.id, attemptId, true);
  return { intent: (await deps.store.read.payments.get(intent.id))!, keyTakenOver: seen.keyTakenOver };
}
