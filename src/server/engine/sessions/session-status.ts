/**
 * The session state machine of Doc 1, "Session status": every move the table allows, and no
 * other. Every status change in the engine goes through `moveTo`, so a move the table does not
 * list is an internal error rather than a silently corrupted session.
 */
import { DomainError } from '../../domain/errors.ts';
import type { SessionRecord, SessionStatus } from '../../domain/index.ts';

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
