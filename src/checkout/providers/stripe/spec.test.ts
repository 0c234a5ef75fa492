/** What a checkout mounts for a `card_element` or `agent_hosted_fields` answer: Stripe's card element, or nothing it can trust. */
import { describe, expect, it } from 'vitest';
import { stripeSpec } from './spec.ts';

const ctx = { parentOrigin: 'http://localhost:4242', locale: 'fr-FR', key: 7 };
const stripeInit = { type: 'card_element' as const, token: 'pi_1_secret_abc', environment: 'sandbox' as const, publishableKey: 'pk_test_1', accountId: 'mer_1', scriptUrl: 'http://127.0.0.1:4245/v3/' };

describe('Stripe’s card element', () => {
  it('mounts Stripe for card_element: the stand-in script in the sandbox, Stripe’s own in production', () => {
    expect(stripeSpec(stripeInit, ctx)).toEqual({ publishableKey: 'pk_test_1', accountId: 'mer_1', clientSecret: 'pi_1_secret_abc', confirms: 'browser', scriptUrl: 'http://127.0.0.1:4245/v3/', key: 7 });
    // agent_hosted_fields: the same element; the service confirms with the PaymentMethod it makes.
    expect(stripeSpec({ ...stripeInit, type: 'agent_hosted_fields', token: 'agent_form_1', chargeEndpoint: 'http://localhost:4242/api/checkout/complete' }, ctx)).toMatchObject({ confirms: 'service', clientSecret: 'agent_form_1' });
    // Production never loads a script the answer names: stripe.js comes from Stripe.
    expect(stripeSpec({ ...stripeInit, environment: 'production' }, ctx)).toMatchObject({ scriptUrl: null });
  });

  it('refuses what it cannot mount safely: no key or account, a sandbox without its script, a script that is not http(s)', () => {
    for (const init of [
      { ...stripeInit, publishableKey: undefined },
      { ...stripeInit, accountId: undefined },
      { ...stripeInit, scriptUrl: undefined },
      { ...stripeInit, scriptUrl: 'javascript:alert(1)' },
    ]) {
      expect(stripeSpec(init, ctx)).toEqual({ kind: 'unsupported', context: { type: 'card_element', environment: 'sandbox' } });
    }
    expect(stripeSpec({ type: 'agent_hosted_fields', token: 't', environment: 'sandbox' }, ctx)).toEqual({ kind: 'unsupported', context: { type: 'agent_hosted_fields', environment: 'sandbox' } });
  });
});
