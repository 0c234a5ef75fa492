/**
 * How the Stripe adapter reads each failure (issue 34, finding 1): the SDK's own errors, made as
 * the SDK makes them from Stripe's status and body (`generateV1Error`), then translated. Only an
 * answer that proves Stripe did nothing is a refusal; the rest are unknown outcomes.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ProcessorConflictError, ProcessorRejectedError, ProcessorUnavailableError } from '../types.ts';
import { translate } from './stripe-errors.ts';

/** A Stripe answer as the SDK throws it. */
const answer = (statusCode: number, error: { type: string; code?: string; param?: string; message?: string }) =>
  Stripe.errors.generateV1Error({ statusCode, message: error.message ?? 'Stripe said no.', ...error } as never);

const caught = (err: unknown) => {
  try {
    return translate(err);
  } catch (e) {
    return e;
  }
};

describe('proves nothing moved: a refusal', () => {
  it.each([
    ['a declined card (402 card_error)', answer(402, { type: 'card_error', code: 'card_declined' }), 'card_declined'],
    ['a parameter that failed validation', answer(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount' }), 'parameter_invalid_integer'],
    ['a parameter named without a code', answer(400, { type: 'invalid_request_error', param: 'payment_intent' }), 'invalid_request'],
    ['a refusal with its own code before acting (the stand-in’s sandbox rules)', answer(400, { type: 'invalid_request_error', code: 'missing_redirect_url' }), 'missing_redirect_url'],
    ['an object that does not exist (404)', answer(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id' }), 'resource_missing'],
  ])('%s', (_, err, reason) => {
    expect(caught(err)).toMatchObject({ constructor: ProcessorRejectedError, reason });
  });

  it.each([
    ['a wrong key (401)', answer(401, { type: 'invalid_request_error' })],
    ['a key without the permission (403)', answer(403, { type: 'invalid_request_error' })],
    ['too many requests (429)', answer(429, { type: 'invalid_request_error', code: 'rate_limit' })],
    ['an object locked by another request (429 lock_timeout)', answer(429, { type: 'invalid_request_error', code: 'lock_timeout' })],
  ])('%s: Stripe refused the caller before reading the request', (_, err) => {
    expect(caught(err)).toMatchObject({ constructor: ProcessorUnavailableError, nothingMoved: true });
  });
});

describe('proves nothing: an unknown outcome', () => {
  it.each([
    ['the retry of a capture that landed ("has a status of succeeded")', answer(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' }), 'payment_intent_unexpected_state'],
    ['a state error naming a parameter', answer(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', param: 'payment_method' }), 'payment_intent_unexpected_state'],
    ['a charge already captured', answer(400, { type: 'invalid_request_error', code: 'charge_already_captured' }), 'charge_already_captured'],
    ['a charge already refunded', answer(400, { type: 'invalid_request_error', code: 'charge_already_refunded', param: 'payment_intent' }), 'charge_already_refunded'],
    ['the key used before with other parameters (400 idempotency_error)', answer(400, { type: 'idempotency_error' }), 'idempotency_error'],
    ['the key in use by a request still running (409)', answer(409, { type: 'invalid_request_error', code: 'idempotency_key_in_use' }), 'idempotency_key_in_use'],
    ['a 409 without a code', answer(409, { type: 'api_error' }), 'api_error'],
    ['the stand-in’s sandbox state refusal', answer(400, { type: 'invalid_request_error', code: 'invalid_state' }), 'invalid_state'],
    ['an invalid request that names nothing', answer(400, { type: 'invalid_request_error', message: 'Charge ch_1 has already been captured.' }), 'invalid_request'],
  ])('%s: read back, or asked again', (_, err, reason) => {
    const failure = caught(err);
    expect(failure).toMatchObject({ constructor: ProcessorConflictError, reason, nothingMoved: false });
    // Every caller that does not know conflicts reads one as an unknown outcome, never as a refusal.
    expect(failure).toBeInstanceOf(ProcessorUnavailableError);
  });

  it.each([
    ['a 500', answer(500, { type: 'api_error' })],
    ['a 503', answer(503, { type: 'api_error' })],
    ['a broken connection', new Stripe.errors.StripeConnectionError({ message: 'socket hang up' } as never)],
    ['something else thrown', new Error('boom')],
  ])('%s: no usable answer', (_, err) => {
    expect(caught(err)).toMatchObject({ constructor: ProcessorUnavailableError, nothingMoved: false });
  });
});
