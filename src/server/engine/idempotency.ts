/**
 * Keeps a keyed request's outcome under its reservation (Doc 1, Idempotency 2), in the caller's
 * transaction, atomically with what the request wrote: a retry after a crash or a lost answer reads
 * the outcome back and acts no second time. The outcome is domain data; the route renders it for
 * the wire, on the first answer and on every replay (middleware/idempotency.ts, `replayKept`).
 */
import { DomainError } from '../domain/errors.ts';
import type { IdempotencyReservation } from '../domain/operations.ts';
import type { Repos } from '../store/types.ts';

export async function keepOutcome(r: Repos, idem: IdempotencyReservation | undefined, outcome: unknown): Promise<void> {
  if (!idem) return;
  // Taken over after the reservation's lock ran out: another request now owns the key; undo this one's writes.
  if (!(await r.idempotency.keep(idem.scope, idem.id, JSON.stringify(outcome)))) {
    throw new DomainError('service_unavailable', 'This request outlived its idempotency reservation; retry with the same key.');
  }
}
