/**
 * Closing a session's live browser forms before the session closes (expire, the expiry sweep;
 * issue 17, finding 4). Each form (a pending `client` attempt) is revoked at the processor, then
 * its reference is looked up once more: a charge made in between is recorded (the session is then
 * paid and will not close). A form the processor could not be told about, or one at the bank
 * challenge, keeps the session open: closing it then would let a charge land on a closed session.
 */
import type { EngineDeps } from '../../deps.ts';
import { ProcessorRejectedError } from '../../../processors/types.ts';
import type { Merchant } from '../../../domain/index.ts';
import { recordOutcome } from '../payments.ts';

export interface ClosedForms {
  /** Every live form is revoked (or never existed): the session may close. */
  closed: boolean;
  /** The forms revoked now, by reference: a close in the next transaction may mark them failed. */
  revoked: Set<string>;
}

export async function revokeLiveForms(deps: Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'signer' | 'log'>, merchant: Merchant, sessionId: string): Promise<ClosedForms> {
  const revoked = new Set<string>();
  const forms = await deps.store.tx((r) => r.attempts.pendingForSession(sessionId, 'client'));
  const processor = deps.processorFor(merchant.processor);
  for (const form of forms) {
    if (!processor) return { closed: false, revoked };
    try {
      await processor.revokeClientToken(merchant, form.reference);
    } catch (err) {
      // A token the processor does not know cannot charge; any other failure leaves it live.
      if (!(err instanceof ProcessorRejectedError)) return { closed: false, revoked };
    }
    const t = await processor.lookup(merchant, form.reference).catch(() => undefined);
    if (t === undefined || t?.status === 'requires_action') return { closed: false, revoked };
    if (t) await recordOutcome(deps, merchant, sessionId, t, form.id);
    revoked.add(form.reference);
  }
  return { closed: true, revoked };
}

/**
 * The expiry sweep's first step: the live forms of every session due to expire are revoked (and
 * looked up once more), so none can pay after the session closes. Answers the sessions whose form
 * stays open: one that could not be revoked, or one at the bank challenge; the sweep leaves those
 * forms pending for the reconciler, which revokes again and records what they paid.
 */
export async function revokeFormsOfDueSessions(deps: Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'signer' | 'log'>): Promise<Set<string>> {
  const now = deps.clock.iso();
  const blocked = new Set<string>();
  const due = await deps.store.tx((r) => r.sessions.dueForExpiry(now, 500));
  for (const s of due) {
    const forms = await deps.store.tx((r) => r.attempts.pendingForSession(s.id, 'client'));
    if (forms.length === 0) continue;
    const merchant = await deps.store.read.merchants.get(s.merchantId);
    const closed = merchant ? (await revokeLiveForms(deps, merchant, s.id)).closed : false;
    if (!closed) blocked.add(s.id);
  }
  return blocked;
}
