/**
 * What the shared layers of every keyed route answer whatever the route itself declares (issue 35:
 * an outside validator found them undescribed): the 503s of a store or limiter that is down, and
 * the Idempotency-Key layer of every keyed POST (middleware/idempotency.ts, Doc 1, Idempotency).
 */
import type { ErrorCode } from '../../domain/errors.ts';
import { httpStatus } from '../../middleware/error-status.ts';
import type { Operation } from './shapes.ts';
import type { KeyRule } from './security.ts';

const envelope = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });

/**
 * The 503s an operation answers whatever it declares (Doc 1, Errors): the keys' store down on a
 * keyed route (`auth_service_unavailable`), the limiter down on a rate-limited one, on a keyed
 * POST its Idempotency-Key reservation not written (`service_unavailable`, or
 * `charge_reservation_unavailable` where the route declares it: payment creation), and on every
 * write (`write`: POST, PUT, PATCH, DELETE) the maintenance write-freeze (`service_unavailable`
 * with `Retry-After: 30`, middleware/write-freeze.ts). Each gets its 503 response in the envelope
 * when the route did not describe one.
 */
export function withUnavailable(op: Operation, rule: KeyRule, method: string, write: boolean): void {
  const own = op['x-error-codes'] ?? [];
  const limited = Boolean(op.responses['429']) || own.some((c) => c.startsWith('rate_limit_exceeded'));
  const reserves = rule !== 'none' && method === 'post' && !own.includes('charge_reservation_unavailable');
  const added: ErrorCode[] = [...(limited ? ['rate_limit_service_unavailable' as const] : []), ...(reserves || write ? ['service_unavailable' as const] : [])];
  const all = [...new Set([...own, ...added])];
  op['x-error-codes'] = all;
  if (!op.responses['503'] && all.some((c) => httpStatus[c as ErrorCode] === 503)) {
    op.responses['503'] = envelope('Temporarily unavailable (also a maintenance write-freeze, `Retry-After: 30`); nothing was done: retry after Retry-After');
  }
}

/** Doc 1, Idempotency: the optional key of every keyed POST. */
export const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description: 'Makes the POST safe to retry: the same key with the same request answers the stored result (a 201 replays as 200) and moves nothing again; with another request it is 422 `idempotency_replay_incompatible`; while the first is running, 409 `charge_already_in_flight`. Kept 24 hours.',
};

const IDEMPOTENCY_CODES: ErrorCode[] = ['validation_error', 'charge_already_in_flight', 'idempotency_replay_incompatible'];

/**
 * A keyed POST passes the Idempotency-Key layer: a key of the wrong length is 400, a key still
 * running 409, a key used for another request 422, and a replayed 201 answers 200 with the stored
 * body. Adds what the route did not describe; says whether the operation takes the key.
 */
export function withIdempotency(op: Operation, rule: KeyRule, method: string): boolean {
  if (rule === 'none' || method !== 'post') return false;
  op['x-error-codes'] = [...new Set([...(op['x-error-codes'] ?? []), ...IDEMPOTENCY_CODES])];
  op.responses['400'] ??= envelope('Invalid request (an `Idempotency-Key` of the wrong length included)');
  op.responses['409'] ??= envelope('A request with this Idempotency-Key is still running (`charge_already_in_flight`): retry with the same key');
  op.responses['422'] ??= envelope('This Idempotency-Key was used for another request (`idempotency_replay_incompatible`)');
  const created = op.responses['201'];
  if (created && !op.responses['200']) op.responses['200'] = { ...created, description: 'An idempotent replay: the stored answer, nothing done again' };
  return true;
}
