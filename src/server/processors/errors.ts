/** The errors a processor call ends in (re-exported by types.ts, where callers find them). */

/**
 * A provider event naming a payment, intent or refund of another merchant than the one it speaks for
 * (issue 32, finding 2: a merchant's own Stripe account signing an event about another's payment).
 * Nothing of it is applied; the inbound path keeps it as ignored and logs it.
 */
export class ForeignRecordError extends Error {
  constructor(id: string) {
    super(`The event names ${id}, another merchant's: nothing applied`);
  }
}

/**
 * The provider gave no usable answer. `nothingMoved` is true only when the request cannot have
 * been acted on: the provider said so itself (it answered that it is unavailable and processed
 * nothing), or the connection was refused before the request was sent. A timeout, a reset, a lost
 * answer or an unreadable one leaves the outcome unknown, and the engine must ask (`lookup`).
 */
export class ProcessorUnavailableError extends Error {
  constructor(
    message?: string,
    readonly nothingMoved = false,
  ) {
    super(message);
  }
}

/**
 * The provider refused the call in a way that does not prove nothing moved (issue 34, finding 1):
 * the object is no longer in the state the call needs (something moved it: an earlier try of this
 * very call whose answer was lost, a late call, the provider itself), or the idempotency key is in
 * use or was used before. The outcome is unknown: read the object back (`verifyTransaction`,
 * `lookup`) and see. It is a ProcessorUnavailableError that is never `nothingMoved`, so a caller
 * that does not know it reads it as an unknown outcome, never as a refusal.
 */
export class ProcessorConflictError extends ProcessorUnavailableError {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message, false);
  }
}

/** The provider refused the request before any money moved (bad card data, bad token). */
export class ProcessorRejectedError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}
