/**
 * Merchants with their own provider keys (issue 19, "Configuration for real accounts"), without the
 * app: which own adapter a merchant gets, and which Braintree gateway its mode reaches. Through the
 * app (payments, pages and webhooks at the real providers' stand-ins) is
 * src/server/scenarios/providers/own-accounts.test.ts.
 */
import braintree from 'braintree';
import { describe, expect, it } from 'vitest';
import type { Merchant, ProviderAccount } from '../domain/index.ts';
import { ownAccountAdapters } from './own-accounts.ts';
import { PROVIDERS, providerRegistry } from './registry.ts';
import { braintreeEnvironmentOf } from './braintree/index.ts';

describe('a card_element merchant with its own Stripe keys', () => {
  it('is no own adapter when the keys are not its processor’s provider (the platform’s then)', () => {
    const adapters = ownAccountAdapters(providerRegistry(PROVIDERS), { publicUrl: 'http://x', timeoutMs: 1000, open: () => ({ privateKey: 'k' }) });
    const account: ProviderAccount = { provider: 'braintree', merchantId: 'g', publicKey: 'p', secretsSealed: 'x', secretLast4: 'k', updatedAt: 't' };
    const merchant = { id: 'm', environment: 'sandbox', processor: 'card_element', providerAccount: account } as Merchant;
    expect(adapters(merchant)).toBeNull();
    expect(adapters({ ...merchant, processor: 'hosted_fields' })).not.toBeNull();
    expect(adapters({ ...merchant, providerAccount: null })).toBeNull();
  });
});

describe('a hosted_fields merchant with its own Braintree keys', () => {
  it('reaches Braintree’s sandbox gateway for a sandbox merchant, its production gateway for a live one', () => {
    expect(braintreeEnvironmentOf(false)).toBe(braintree.Environment.Sandbox);
    expect((braintreeEnvironmentOf(false) as unknown as { server: string }).server).toBe('api.sandbox.braintreegateway.com');
    expect((braintreeEnvironmentOf(true) as unknown as { server: string }).server).toBe('api.braintreegateway.com');
  });
});
