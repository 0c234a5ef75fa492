/** What the idempotency layer hands a keyed request (Doc 1, Idempotency). */
import type { Repos } from '../store/types.ts';

export interface IdempotencyHandle {
  /** The service's id for this reservation; money paths use it as the attempt's reference. */
  readonly id: string;
  /** Stores the answer inside the route's own transaction, atomically with what it wrote. */
  complete(r: Repos, status: number, body: unknown): Promise<void>;
}
