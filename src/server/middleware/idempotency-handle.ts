/**
 * What the idempotency layer hands a keyed request (Doc 1, Idempotency): its reservation, as
 * data. A route passes it to the engine, which keeps its outcome under it with a store call in its
 * own transaction (engine/idempotency.ts); no closure crosses the layers.
 */
import type { IdempotencyReservation } from '../domain/operations.ts';

export type IdempotencyHandle = IdempotencyReservation;
