/** Which provider's fields a checkout mounts for each `init` type, and what it refuses. */
import { describe, expect, it } from 'vitest';
import { initTypes } from '../../vocab/processors.ts';
import { fieldsFor, providers } from './registry.ts';

const ctx = { parentOrigin: 'http://localhost:4242', locale: 'fr-FR', key: 7 };
const init = { token: 't', environment: 'sandbox' as const, fieldsUrl: 'http://127.0.0.1:4243/fields', scriptUrl: 'http://127.0.0.1:4245/v3/', publishableKey: 'pk_test_1', accountId: 'mer_1' };

describe('fieldsFor', () => {
  it('gives each init type to the one provider that names it, with that provider’s spec', () => {
    const named = new Map<string, string>();
    for (const p of providers) for (const mode of p.modes) {
      expect(named.get(mode), `${mode} named twice`).toBeUndefined();
      named.set(mode, p.name);
      const f = fieldsFor({ ...init, type: mode }, ctx);
      expect(f).toEqual({ kind: 'fields', provider: p, spec: p.spec({ ...init, type: mode }, ctx) });
    }
    // Every type the vocabulary names is mounted by someone.
    expect([...named.keys()].sort()).toEqual([...initTypes].sort());
    expect(Object.fromEntries(named)).toEqual({ sandbox: 'sandbox', card_element: 'stripe', agent_hosted_fields: 'stripe', hosted_fields: 'braintree', vault_hosted_fields: 'braintree' });
  });

  it('passes on what a provider refuses, and refuses a type no provider mounts', () => {
    expect(fieldsFor({ type: 'hosted_fields', token: 't', environment: 'sandbox' }, ctx)).toEqual({ kind: 'unsupported', context: { type: 'hosted_fields', environment: 'sandbox' } });
    expect(fieldsFor({ type: 'sandbox', token: 't', environment: 'sandbox', fieldsUrl: 'data:text/html,x' }, ctx)).toEqual({ kind: 'unsupported', context: { type: 'sandbox' } });
    // A type the service learned before this page did (an older cached page): nothing is mounted.
    expect(fieldsFor({ ...init, type: 'paypal_buttons' as string as (typeof initTypes)[number] }, ctx)).toEqual({ kind: 'unsupported', context: { type: 'paypal_buttons' } });
  });
});
