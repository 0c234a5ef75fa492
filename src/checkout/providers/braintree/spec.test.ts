/** What a checkout mounts for a `hosted_fields` or `vault_hosted_fields` answer: Braintree's fields, or nothing it can trust. */
import { describe, expect, it } from 'vitest';
import { braintreeSpec } from './spec.ts';

const ctx = { parentOrigin: 'http://localhost:4242', locale: 'fr-FR', key: 7 };

describe('Braintree’s fields', () => {
  it('mounts Braintree with the client token: Hosted Fields for hosted_fields, Drop-in for vault_hosted_fields', () => {
    for (const [type, ui] of [['hosted_fields', 'hosted_fields'], ['vault_hosted_fields', 'dropin']] as const) {
      expect(braintreeSpec({ type, token: 'ct_1', environment: 'sandbox', scriptUrl: 'http://127.0.0.1:4246/web/braintree.js' }, { ...ctx, session: { amount: 2500, currency: 'USD' } })).toEqual({ clientToken: 'ct_1', amount: '25.00', ui, scriptUrl: 'http://127.0.0.1:4246/web/braintree.js', key: 7 });
      expect(braintreeSpec({ type, token: 'ct_1', environment: 'production', scriptUrl: 'http://127.0.0.1:4246/web/braintree.js' }, ctx)).toMatchObject({ scriptUrl: null });
      expect(braintreeSpec({ type, token: 'ct_1', environment: 'sandbox', scriptUrl: 'ftp://x/braintree.js' }, ctx)).toEqual({ kind: 'unsupported', context: { type, environment: 'sandbox' } });
    }
  });

  it('refuses a sandbox answer without its stand-in script', () => {
    expect(braintreeSpec({ type: 'hosted_fields', token: 't', environment: 'sandbox' }, ctx)).toEqual({ kind: 'unsupported', context: { type: 'hosted_fields', environment: 'sandbox' } });
  });
});
