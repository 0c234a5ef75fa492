/**
 * Keeps a keyed request's outcome under its reservation (Doc 1, Idempotency 2), in the caller's
 * transaction, atomically with what the request wrote: a retry after a crash or a lost answer reads
 * the outcome back and acts no second time. The outcome is domain data; the route renders it for
 * the wire, on the first answer and on every replay (middleware/idempotency.ts, `replayKept`).
 */
import { DomainError } from '../domain/errors.ts';
import type { IdempotencyReservation } from '../domain/operations.ts';
import type { Repos } from '../store/types.ts';
import type { EngineDeps } from './deps.ts';

/** Doc 1, Idempotency 6: how soon a request whose reservation could not be written may come again. */
export const RESERVATION_RETRY_AFTER_SECONDS = 2;

/**
 * A reservation the store could not write (down, or failing) ran nothing and reached no processor:
 * the 503 `code` to retry with the same key (Doc 1, Idempotency 6), logged for the operator. A
 * refusal the transaction itself chose (a DomainError) is passed on as it is.
 */
export function reservationFailed(deps: Pick<EngineDeps, 'log'>, err: unknown, code: 'charge_reservation_unavailable' | 'service_unavailable', message?: string): never {
  if (err instanceof DomainError) throw err;
  deps.log.error('a reservation could not be written', { code, error: err instanceof Error ? err.message : String(err) });
  throw new DomainError(code, message).retryAfter(RESERVATION_RETRY_AFTER_SECONDS);
}

/** The transaction that reserves a charge before the processor is called (the attempt, the session's lock). */
export const reserveCharge = <T>(deps: Pick<EngineDeps, 'store' | 'log'>, fn: (r: Repos) => Promise<T>): Promise<T> =>
  deps.store.tx(fn).catch((err: unknown) => reservationFailed(deps, err, 'charge_reservation_unavailable'));

/**
 * `afterProcessor`: the request already called the processor, which may have moved money; named
 * by the record to read back (`{ payment_intent }` or `{ refund }`). A request taken over then
 * answers `payment_outcome_unknown` with that name: never 503, which says nothing reached the
 * processor. What it wrote here is undone; the processor's record reaches the service through the
 * reconciler, by the attempt's reference.
 */
export async function keepOutcome(r: Repos, idem: IdempotencyReservation | undefined, outcome: unknown, afterProcessor?: Record<string, string>): Promise<void> {
  if (!idem) return;
  // Taken over after the reservation's lock ran out: another request now owns the key; undo this one's writes.
  if (await r.idempotency.keep(idem.scope, idem.id, JSON.stringify(outcome))) return;
  if (afterProcessor) {
    throw new DomainError(
      'payment_outcome_unknown',
      'This request outlived its idempotency reservation after the processor was called: money may have moved. Do not retry; read the record back, it is settled from the processor’s own.',
      afterProcessor,
    );
  }
  throw new DomainError('service_unavailable', 'This request outlived its idempotency reservation; retry with the same key.');
}

/**
 * Whether an object found under this request's Idempotency-Key was made by the same request (the
 * same fingerprint): a reservation taken over after a crash, or the same request once the key's
 * stored answer expired, gets that object back. Another request reaches here only after the
 * key's stored answer expired (the idempotency layer refuses it before): the key is then free, and
 * the caller takes it from the old object. An object kept from before fingerprints counts as the same.
 */
export function madeBySameRequest(earlier: { idemFingerprint?: string | null }, idem: IdempotencyReservation | undefined): boolean {
  return !earlier.idemFingerprint || !idem || earlier.idemFingerprint === idem.fingerprint;
}
