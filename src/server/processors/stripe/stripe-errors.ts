/**
 * Stripe's failures as the engine's errors (issue 34, finding 1: adapters that never guess). Only
 * an answer that proves Stripe did nothing is a refusal; every other one leaves the outcome
 * unknown, and the engine reads the object back or the reconciler looks it up by its reference.
 *
 * What proves it, from Stripe's API reference ("Errors", "Idempotent requests"):
 * - a `card_error` (402): the card was declined, no charge was made;
 * - an `invalid_request_error` that names what was wrong (a `code` or a `param`) or a missing
 *   object (404): "if incoming parameters fail validation ... no API endpoint initiates the
 *   execution", and nothing acts on an object that does not exist;
 * - 401, 403 and 429: Stripe refused the caller before reading the request.
 * What does not:
 * - an idempotency error (400 `idempotency_error`: the key was used with other parameters; 409
 *   `idempotency_key_in_use`: a request with the key is still running): a request with the
 *   engine's reference ran or runs, and what it did is unknown: ask again;
 * - a state error (`payment_intent_unexpected_state`, `charge_already_captured`, ...): the object
 *   moved since the engine last read it, maybe by this very call's lost first try (the SDK resends
 *   a dropped connection once with the same key): read it back;
 * - an `invalid_request_error` that names nothing, a 5xx, a broken connection or a timeout.
 */
import Stripe from 'stripe';
import { ProcessorConflictError, ProcessorRejectedError, ProcessorUnavailableError } from '../types.ts';

/**
 * The codes that say the object or the key is not where the call expected: Stripe's, and the
 * stand-in's sandbox refusals of the same kind (`invalid_state`, `reference_reused`).
 */
const CONFLICT_CODES = /_unexpected_state$|^charge_already_(captured|refunded)$|^charge_expired_for_capture$|^idempotency_key_in_use$|^invalid_state$|^reference_reused$/;

/** A Stripe failure as one of the engine's errors; never returns. */
export function translate(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) throw new ProcessorRejectedError(err.code ?? 'card_declined', err.message);
  if (err instanceof Stripe.errors.StripeError && (err instanceof Stripe.errors.StripeIdempotencyError || err.statusCode === 409 || CONFLICT_CODES.test(err.code ?? ''))) {
    throw new ProcessorConflictError(err.code ?? err.rawType ?? 'conflict', err.message);
  }
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    if (err.statusCode === 404 || err.code || err.param) throw new ProcessorRejectedError(err.code ?? 'invalid_request', err.message);
    throw new ProcessorConflictError('invalid_request', err.message);
  }
  if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError || err instanceof Stripe.errors.StripeRateLimitError) {
    throw new ProcessorUnavailableError(err.message, true);
  }
  throw new ProcessorUnavailableError(err instanceof Error ? err.message : 'Stripe did not answer', false);
}
