/**
 * Payment attempts (ARCHITECTURE.md, data flow 4): an attempt row is committed before every
 * processor call that can move money, carrying the reference the processor receives. Whatever
 * happens next (an answer, a lost answer, a crash) the attempt is resolved exactly once: by the
 * outcome, or by the reconciler asking the processor about the reference.
 */
import type { Repos, AttemptRecord } from '../../store/types.ts';
import { newId } from '../../ids.ts';
import type { WalletType } from '../../../vocab/wallets.ts';

/** A server-side call the processor does not know after this long never happened. */
export const SERVER_GRACE_MS = 2 * 60_000;
/** A browser form can charge for as long as its client token lives (one hour) and a margin. */
export const CLIENT_GRACE_MS = 65 * 60_000;
/**
 * A later init hands a live, unused form back for this long after it was made (issue 18, finding 8),
 * so a buyer handed one always has half its token's hour left; an older one is replaced.
 */
export const FORM_HANDBACK_MS = 30 * 60_000;
/**
 * The reconciler's first look at a pending attempt, and the longest wait between looks. The first
 * is soon: a merchant told `payment_outcome_unknown` reads the outcome within seconds (Doc 3's
 * card 0090: "the intent reads succeeded afterwards"), then the looks back off.
 */
const FIRST_CHECK_MS = 2_000;
/** After a look that found nothing: 30 s, then twice as long each time. */
const CHECK_GAP_BASE_MS = 15_000;
const MAX_CHECK_GAP_MS = 10 * 60_000;
/**
 * A failed attempt is watched for this long (service clock): a processor that cannot fence a
 * reference, or a call that slipped past the fence, may still act on it; what it did is recorded.
 */
export const RECHECK_MS = 72 * 3600_000;
/** The second watch looks after ten minutes, then twice as long each time, at most every twelve hours. */
const FIRST_RECHECK_MS = 10 * 60_000;
const MAX_RECHECK_GAP_MS = 12 * 3600_000;

export interface NewAttempt {
  merchantId: string;
  livemode: boolean;
  kind: AttemptRecord['kind'];
  /** Defaults to the attempt's own id (server-side calls). */
  reference?: string;
  id?: string;
  sessionId?: string | null;
  intentId?: string | null;
  refundId?: string | null;
  amount: number;
  currency: string;
  /** A charge of a wallet sheet's token: which wallet. */
  walletType?: WalletType | null;
}

export function newAttempt(a: NewAttempt, nowMs: number, form: AttemptRecord['form'] = null): AttemptRecord {
  const id = a.id ?? newId.attempt();
  const now = new Date(nowMs).toISOString();
  const grace = a.kind === 'client' ? CLIENT_GRACE_MS : SERVER_GRACE_MS;
  return {
    id,
    merchantId: a.merchantId,
    livemode: a.livemode,
    kind: a.kind,
    reference: a.reference ?? id,
    sessionId: a.sessionId ?? null,
    intentId: a.intentId ?? null,
    refundId: a.refundId ?? null,
    state: 'pending',
    amount: a.amount,
    currency: a.currency,
    resolveAfter: new Date(nowMs + grace).toISOString(),
    nextCheckAt: new Date(nowMs + FIRST_CHECK_MS).toISOString(),
    checks: 0,
    recheckUntil: null,
    form,
    walletType: a.walletType ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Closes a pending attempt (compare-and-set on `pending`): true when this call closed it, false
 * when it was already closed, so an outcome is applied once however many paths report it. An
 * attempt closes `failed` only when the processor never answered about it (given up on, a form
 * closed unused), so a failed one is watched for `RECHECK_MS` more (reconcile/recheck.ts), unless
 * `watch` is false (a refund already watched that long before it was canceled).
 */
export async function closeAttempt(r: Repos, id: string, state: 'done' | 'failed', now: string, watch = true): Promise<boolean> {
  const a = await r.attempts.get(id);
  if (!a || a.state !== 'pending') return false;
  const next =
    state === 'failed' && watch
      ? { recheckUntil: new Date(Date.parse(now) + RECHECK_MS).toISOString(), nextCheckAt: new Date(Date.parse(now) + FIRST_RECHECK_MS).toISOString(), checks: 0 }
      : { recheckUntil: null };
  await r.attempts.update({ ...a, state, ...next, updatedAt: now });
  return true;
}

/**
 * Forgets an attempt the processor refused before acting (bad card data, a refused request):
 * nothing moved and nothing of the request is kept. True when it was still pending.
 */
export async function forgetAttempt(r: Repos, id: string): Promise<boolean> {
  const a = await r.attempts.get(id);
  if (!a || a.state !== 'pending') return false;
  await r.attempts.delete(id);
  return true;
}

/** After a look that found nothing: the next one waits twice as long, up to ten minutes. */
export function backOff(a: AttemptRecord, nowMs: number): AttemptRecord {
  const gap = Math.min(CHECK_GAP_BASE_MS * 2 ** (a.checks + 1), MAX_CHECK_GAP_MS);
  return { ...a, checks: a.checks + 1, nextCheckAt: new Date(nowMs + gap).toISOString(), updatedAt: new Date(nowMs).toISOString() };
}

/**
 * After a second-watch look at a failed attempt that found nothing: the next one waits twice as
 * long (at most twelve hours), and the last one is made when the watch ends; a look at or after
 * that time ends the watch.
 */
export function recheckLater(a: AttemptRecord, nowMs: number): AttemptRecord {
  const updatedAt = new Date(nowMs).toISOString();
  const until = a.recheckUntil === null ? nowMs : Date.parse(a.recheckUntil);
  if (nowMs >= until) return { ...a, recheckUntil: null, updatedAt };
  const next = Math.min(nowMs + Math.min(FIRST_RECHECK_MS * 2 ** (a.checks + 1), MAX_RECHECK_GAP_MS), until);
  return { ...a, checks: a.checks + 1, nextCheckAt: new Date(next).toISOString(), updatedAt };
}

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
