/**
 * Closing a session's live browser forms before the session closes (expire, the expiry sweep;
 * issue 17, finding 4). Each form (a pending `client` attempt) is revoked at the processor, then
 * its reference is looked up once more: a charge made in between is recorded (the session is then
 * paid and will not close). A form the processor could not be told about, or one at the bank
 * challenge, keeps the session open: closing it then would let a charge land on a closed session.
 */
import type { EngineDeps } from '../../deps.ts';
import { DomainError } from '../../../domain/errors.ts';
import { ProcessorRejectedError } from '../../../processors/types.ts';
import type { AttemptRecord, Repos } from '../../../store/types.ts';
import type { Merchant } from '../../../domain/index.ts';
import { closeAttempt } from '../../attempts/attempts.ts';
import { processorOrNull } from '../../binder.ts';
import { settleFormTransaction } from './setup.ts';

export interface ClosedForms {
  /** Every live form is revoked (or never existed): the session may close. */
  closed: boolean;
  /** Not closed because a form's charge is at the bank challenge (rather than the processor unreachable). */
  atChallenge?: boolean;
  /** Not closed because a form already paid: its payment is recorded by `complete`, the provider's event or the reconciler. */
  paid?: boolean;
  /** The forms revoked now, by reference: a close in the next transaction may mark them failed. */
  revoked: Set<string>;
}

export async function revokeLiveForms(
  deps: Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log' | 'sealer'>,
  merchant: Merchant,
  sessionId: string,
  /** The session's pending `client` attempts, when the caller has just read them. */
  live?: AttemptRecord[],
): Promise<ClosedForms> {
  const revoked = new Set<string>();
  const forms = live ?? (await deps.store.tx((r) => r.attempts.pendingForSession(sessionId, 'client')));
  const processor = processorOrNull(deps, merchant);
  for (const form of forms) {
    if (!processor) return { closed: false, revoked };
    // A form that already charged is left as it is: the request that asked is refused and changes
    // nothing; the payment reaches the session the way every browser payment does.
    const before = await processor.lookup(merchant, form.reference).catch(() => undefined);
    if (before === undefined) return { closed: false, revoked };
    if (before?.status === 'approved') return { closed: false, paid: true, revoked };
    if (before?.status === 'requires_action') return { closed: false, atChallenge: true, revoked };
    try {
      await processor.revokeClientToken(merchant, form.reference);
    } catch (err) {
      // A token the processor does not know cannot charge; any other failure leaves it live.
      if (!(err instanceof ProcessorRejectedError)) return { closed: false, revoked };
    }
    // Asked once more: a charge that landed while the form was being revoked is recorded, never lost.
    const t = await processor.lookup(merchant, form.reference).catch(() => undefined);
    if (t === undefined) return { closed: false, revoked };
    if (t?.status === 'requires_action') return { closed: false, atChallenge: true, revoked };
    if (t) await settleFormTransaction(deps, merchant, sessionId, t, form.id);
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
export async function revokeFormsOfDueSessions(deps: Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'signer' | 'log' | 'sealer'>): Promise<Set<string>> {
  const now = deps.clock.iso();
  const blocked = new Set<string>();
  const due = await deps.store.tx((r) => r.sessions.dueForExpiry(now, 500));
  for (const s of due) {
    const forms = await deps.store.tx((r) => r.attempts.pendingForSession(s.id, 'client'));
    if (forms.length === 0) continue;
    const merchant = await deps.store.read.merchants.get(s.merchantId);
    const closed = merchant ? (await revokeLiveForms(deps, merchant, s.id, forms)).closed : false;
    if (!closed) blocked.add(s.id);
  }
  return blocked;
}

/**
 * Before a new form or a charge of a session goes ahead (issue 17, finding 3): the session's live
 * forms are revoked and looked up once more (a payment one made is recorded, and the caller's
 * reservation then finds the session paid). Refused, with nothing changed, when one could not be
 * revoked (502 provider_unavailable) or is at the bank challenge (409 charge_in_progress): two
 * live ways to pay one session never exist at once. Answers the references revoked.
 */
export async function revokeOlderForms(deps: Parameters<typeof revokeLiveForms>[0], merchant: Merchant, sessionId: string): Promise<ReadonlySet<string>> {
  const res = await revokeLiveForms(deps, merchant, sessionId);
  if (res.closed) return res.revoked;
  if (res.atChallenge) throw new DomainError('charge_in_progress', 'A payment of this session is at the bank challenge; wait for its outcome.');
  if (res.paid) throw new DomainError('charge_in_progress', 'A payment of this session was made and is being recorded; read the session before paying again.');
  throw new DomainError('provider_unavailable', 'An earlier payment form of this session could not be closed at the processor; nothing was charged. Try again shortly.');
}

/**
 * In the transaction after `revokeOlderForms` (or expire's `revokeLiveForms`): closes the forms it
 * revoked, and refuses (`refusal`, 409 charge_in_progress by default) when a form it did not revoke
 * opened meanwhile (another tab): that one is still live.
 */
export async function closeRevokedForms(
  r: Repos,
  sessionId: string,
  revoked: ReadonlySet<string>,
  now: string,
  refusal = () => new DomainError('charge_in_progress', 'Another payment form of this session was opened meanwhile; try again.'),
): Promise<void> {
  const open = await r.attempts.pendingForSession(sessionId, 'client');
  if (open.some((a) => !revoked.has(a.reference))) throw refusal();
  for (const a of open) await closeAttempt(r, a.id, 'failed', now);
}
