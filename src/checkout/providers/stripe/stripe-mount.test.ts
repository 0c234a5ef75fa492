/** How the checkout reads what stripe.js answers a confirmation (stripe-mount.ts). */
import { describe, expect, it } from 'vitest';
import { errorResult, resultOf } from './stripe-mount.ts';

describe('a Stripe confirmation as the checkout reads it', () => {
  it('money held or moved is approved; the bank waiting is requires_action; anything else declined', () => {
    for (const status of ['succeeded', 'requires_capture', 'processing'] as const) expect(resultOf({ id: 'pi_1', status })).toEqual({ status: 'approved', transactionId: 'pi_1' });
    expect(resultOf({ id: 'pi_1', status: 'requires_action' })).toEqual({ status: 'requires_action', transactionId: 'pi_1' });
    for (const status of ['requires_payment_method', 'canceled', 'requires_confirmation'] as const) expect(resultOf({ id: 'pi_1', status })).toEqual({ status: 'declined', transactionId: 'pi_1' });
  });

  it('a card the element refuses is invalid; a decline carries its PaymentIntent and code; a failure without one is an error', () => {
    expect(errorResult({ type: 'validation_error', code: 'incomplete_number' })).toEqual({ status: 'invalid' });
    expect(errorResult({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', payment_intent: { id: 'pi_2' } })).toEqual({ status: 'declined', transactionId: 'pi_2', declineCode: 'insufficient_funds' });
    expect(errorResult({ type: 'invalid_request_error', code: 'payment_intent_authentication_failure', payment_intent: { id: 'pi_3' } })).toEqual({ status: 'declined', transactionId: 'pi_3', declineCode: 'payment_intent_authentication_failure' });
    expect(errorResult({ type: 'api_connection_error' })).toEqual({ status: 'error' });
  });
});
