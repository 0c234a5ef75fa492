import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.ts';
import type { Merchant, ProviderAccount } from '../../domain/index.ts';
import { PROVIDERS, providerRegistry } from '../../processors/registry.ts';
import { capabilitiesFor, checkPartial, checkPaymentAsk } from './capabilities.ts';

const deps = { providers: providerRegistry(PROVIDERS) };
const settings = { disputeReporting: 'tracked' } as Merchant['settings'];
const own = (keys: Record<string, unknown>) => ({ provider: 'braintree', secretsSealed: '', secretLast4: '0000', updatedAt: '', ...keys }) as ProviderAccount;
const codeOf = (f: () => void) => {
  try {
    f();
  } catch (err) {
    return err instanceof DomainError ? err.code : String(err);
  }
  return null;
};

describe('the capability row a merchant is held to', () => {
  it('narrows an own Braintree account to its merchant accounts’ currencies, and only that provider’s', () => {
    const braintree = { processor: 'hosted_fields', settings, providerAccount: own({ merchantAccounts: { eur: 'shop_eur' } }) } as const;
    expect(capabilitiesFor(deps, braintree).settlement_currencies).toEqual(['EUR']);
    expect(codeOf(() => checkPaymentAsk(deps, braintree, { currency: 'jpy' }))).toBe('capability_not_supported');
    expect(codeOf(() => checkPaymentAsk(deps, braintree, { currency: 'eur', captureMethod: 'manual' }))).toBeNull();
    // Keys of another provider than the kind's say nothing of its currencies.
    const stripe = { processor: 'card_element', settings, providerAccount: own({ merchantAccounts: { eur: 'x' } }) } as const;
    expect(capabilitiesFor(deps, stripe).settlement_currencies).toContain('JPY');
  });

  it('answers binder_unavailable without a processor, and passes what the row has', () => {
    expect(codeOf(() => checkPaymentAsk(deps, { processor: 'none' }, { currency: 'usd' }))).toBe('binder_unavailable');
    expect(codeOf(() => checkPartial(deps, { processor: 'sandbox' }, 'partial_capture'))).toBeNull();
    expect(codeOf(() => checkPartial(deps, { processor: 'agent_hosted_fields' }, 'partial_refund'))).toBeNull();
  });
});
