/** What a checkout mounts for each `init` answer: the sandbox fields frame, Stripe's card element, or nothing it can trust. */
import { describe, expect, it } from 'vitest';
import { fieldsFor } from './frame-spec.ts';

const ctx = { parentOrigin: 'http://localhost:4242', locale: 'fr-FR', key: 7 };
const stripeInit = { type: 'card_element' as const, token: 'pi_1_secret_abc', environment: 'sandbox' as const, publishableKey: 'pk_test_1', accountId: 'mer_1', scriptUrl: 'http://127.0.0.1:4245/v3/' };

describe('fieldsFor', () => {
  it('mounts the sandbox fields frame with the token, the page origin and the locale in its hash', () => {
    const f = fieldsFor({ type: 'sandbox', token: 'sbx_tok_1', environment: 'sandbox', fieldsUrl: 'http://127.0.0.1:4243/fields#old' }, ctx);
    expect(f).toEqual({ kind: 'frame', spec: { url: 'http://127.0.0.1:4243/fields#token=sbx_tok_1&parentOrigin=http%3A%2F%2Flocalhost%3A4242&locale=fr-FR', origin: 'http://127.0.0.1:4243', key: 7 } });
  });

  it('mounts Stripe for card_element: the stand-in script in the sandbox, Stripe’s own in production', () => {
    expect(fieldsFor(stripeInit, ctx)).toEqual({ kind: 'stripe', spec: { publishableKey: 'pk_test_1', accountId: 'mer_1', clientSecret: 'pi_1_secret_abc', confirms: 'browser', scriptUrl: 'http://127.0.0.1:4245/v3/', key: 7 } });
    // agent_hosted_fields: the same element; the service confirms with the PaymentMethod it makes.
    expect(fieldsFor({ ...stripeInit, type: 'agent_hosted_fields', token: 'agent_form_1', chargeEndpoint: 'http://localhost:4242/api/checkout/complete' }, ctx)).toMatchObject({ kind: 'stripe', spec: { confirms: 'service', clientSecret: 'agent_form_1' } });
    // Production never loads a script the answer names: stripe.js comes from Stripe.
    expect(fieldsFor({ ...stripeInit, environment: 'production' }, ctx)).toMatchObject({ kind: 'stripe', spec: { scriptUrl: null } });
  });

  it('mounts Braintree with the client token: Hosted Fields for hosted_fields, Drop-in for vault_hosted_fields', () => {
    for (const [type, ui] of [['hosted_fields', 'hosted_fields'], ['vault_hosted_fields', 'dropin']] as const) {
      expect(fieldsFor({ type, token: 'ct_1', environment: 'sandbox', scriptUrl: 'http://127.0.0.1:4246/web/braintree.js' }, { ...ctx, session: { amount: 2500, currency: 'USD' } })).toEqual({ kind: 'braintree', spec: { clientToken: 'ct_1', amount: '25.00', ui, scriptUrl: 'http://127.0.0.1:4246/web/braintree.js', key: 7 } });
      expect(fieldsFor({ type, token: 'ct_1', environment: 'production', scriptUrl: 'http://127.0.0.1:4246/web/braintree.js' }, ctx)).toMatchObject({ kind: 'braintree', spec: { scriptUrl: null } });
      expect(fieldsFor({ type, token: 'ct_1', environment: 'sandbox', scriptUrl: 'ftp://x/braintree.js' }, ctx).kind).toBe('unsupported');
    }
  });

  it('refuses what it cannot mount safely: no key or account, a sandbox without its script, a script that is not http(s)', () => {
    for (const init of [
      { ...stripeInit, publishableKey: undefined },
      { ...stripeInit, accountId: undefined },
      { ...stripeInit, scriptUrl: undefined },
      { ...stripeInit, scriptUrl: 'javascript:alert(1)' },
    ]) {
      expect(fieldsFor(init, ctx).kind).toBe('unsupported');
    }
    expect(fieldsFor({ type: 'hosted_fields', token: 't', environment: 'sandbox' }, ctx)).toEqual({ kind: 'unsupported', context: { type: 'hosted_fields', environment: 'sandbox' } });
    expect(fieldsFor({ type: 'agent_hosted_fields', token: 't', environment: 'sandbox' }, ctx)).toEqual({ kind: 'unsupported', context: { type: 'agent_hosted_fields', environment: 'sandbox' } });
    expect(fieldsFor({ type: 'sandbox', token: 't', environment: 'sandbox', fieldsUrl: 'data:text/html,x' }, ctx).kind).toBe('unsupported');
  });
});
