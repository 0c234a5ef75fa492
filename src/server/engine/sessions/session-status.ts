/**
 * The session state machine of Doc 1, "Session status": every move the table allows, and no
 * other. Every status change in the engine goes through `moveTo`, so a move the table does not
 * list is an internal error rather than a silently corrupted session.
 */
import { DomainError } from '../../domain/errors.ts';
import type { SessionRecord, SessionStatus } from '../../domain/index.ts';
import type { Repos } from '../../store/types.ts';

/** From → the statuses it may become (Doc 1 status table; `succeeded` and `expired` are terminal). */
export const TRANSITIONS: Record<SessionStatus, readonly SessionStatus[]> = {
  // init or submit; capture; rejection; sweep or expire
  pending: ['processing', 'succeeded', 'failed', 'expired'],
  // a re-init race, a released reservation or a decline with retry re-opens; capture; rejection; sweep
  processing: ['pending', 'succeeded', 'failed', 'expired'],
  // a successful retry; a decline that re-opens with retry.allowed; expire (expiredFrom failed)
  failed: ['succeeded', 'pending', 'expired'],
  succeeded: [],
  expired: [],
};

export const canMove = (from: SessionStatus, to: SessionStatus) => from === to || TRANSITIONS[from].includes(to);

/** The session with its new status (and the other fields that change with it), checked against the table. */
export function moveTo(s: SessionRecord, to: SessionStatus, changes: Partial<SessionRecord>, now: string): SessionRecord {
  if (!canMove(s.status, to)) {
    throw new DomainError('session_wrong_state', `A session cannot go from ${s.status} to ${to}.`);
  }
  return { ...s, ...changes, status: to, updatedAt: now };
}

/**
 * The engine's one write of a session that exists: `next` is `before` changed, its status moved by
 * `moveTo` or kept. A status the table does not allow from `before`'s is refused here too, so no
 * path can write a move that bypassed the table (session-writes.test.ts keeps every write here).
 */
export async function saveSession(r: Pick<Repos, 'sessions'>, before: SessionRecord, next: SessionRecord): Promise<SessionRecord> {
  if (!canMove(before.status, next.status)) moveTo(before, next.status, {}, next.updatedAt);
  await r.sessions.update(next);
  return next;
}

/**
 * Card testing (issue 18, finding 2): a session takes at most this many declined payments, on any
 * surface (hosted page, embed, charge at submit, an intent with `session_id`); after that it takes no
 * card, whatever its own retry settings say, and the buyer starts a new checkout.
 */
export const MAX_DECLINES = 6;

/** Refuses a new card for a session that was declined `MAX_DECLINES` times. */
export function refuseDeclinedOut(s: SessionRecord) {
  if ((s.declines ?? 0) >= MAX_DECLINES) {
    throw new DomainError('session_wrong_state', `This session was declined ${MAX_DECLINES} times and takes no more cards; create a new session.`);
  }
}

/**
 * Doc 1, `retry` `{ allowed: false, attempts_remaining > 0 }` ("next card form still preparing;
 * read again in about a second"): a session re-opened by a decline its page did not wait for
 * (charge/settle-session.ts preparingNextForm) reads ready once its page is back, or at the latest
 * this long after the decline, so the state never outlives a page that does not come back.
 */
export const NEXT_FORM_MS = 5_000;

/** The session as a read shows it now: a next card form still preparing after NEXT_FORM_MS reads ready. */
export function retryAsRead(s: SessionRecord, nowMs: number): SessionRecord {
  const r = s.retry;
  if (s.status !== 'pending' || !r || r.allowed || r.attempts_remaining === 0 || nowMs - Date.parse(s.updatedAt) < NEXT_FORM_MS) return s;
  return { ...s, retry: { allowed: true, attempts_remaining: r.attempts_remaining } };
}
