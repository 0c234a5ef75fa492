/**
 * The provider registry, and the worked example of docs/contributing.md ("Adding a processor"): a
 * provider of the tests' own, `echo` (echo.fixtures.ts), added through the registry alone (its entry
 * and a list holding it). The app reading every field of it from that list is
 * src/server/scenarios/providers/registry.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { initTypes } from '../../vocab/processors.ts';
import { echoProvider } from './echo.fixtures.ts';
import { PROVIDERS, providerRegistry } from './registry.ts';

/** The service's own list, read as the app reads it when no test gives one. */
const service = providerRegistry(PROVIDERS);

describe('the provider registry', () => {
  it('serves every UI mode of the vocabulary by exactly one provider, each named once', () => {
    const served = PROVIDERS.flatMap((p) => p.kinds);
    expect([...served].sort()).toEqual([...initTypes].sort());
    expect(new Set(PROVIDERS.map((p) => p.name)).size).toBe(PROVIDERS.length);
    for (const kind of initTypes) expect(service.capabilities(kind)).toBe(service.forKind(kind)!.capabilities[kind]);
  });

  it('names a provider’s gateway, and a merchant’s own account’s only for a provider that takes keys', () => {
    const id = '0b5e5a1c-2f7d-4a43-9a43-5c7f9f1e2b3a';
    expect(service.inbound('stripe')).toMatchObject({ provider: { name: 'stripe' }, owner: null });
    expect(service.inbound(`braintree_${id}`)).toMatchObject({ provider: { name: 'braintree' }, owner: id });
    expect(service.inbound(`sandbox_${id}`)).toBeNull();
    expect(service.inbound('paypal')).toBeNull();
  });

  it('says per UI mode what a charge carries beyond the money: one row each, nothing for none or a provider without one (issue 34)', () => {
    for (const kind of initTypes) expect(service.forwarding(kind)).toBe(service.forKind(kind)!.forwards![kind]);
    const rows = Object.fromEntries(initTypes.map((k) => [k, (({ ruleTags, names, buyerIp }) => ({ ruleTags, names, buyerIp }))(service.forwarding(k))]));
    expect(rows).toEqual({
      sandbox: { ruleTags: true, names: true, buyerIp: true },
      card_element: { ruleTags: true, names: false, buyerIp: false },
      agent_hosted_fields: { ruleTags: true, names: false, buyerIp: false },
      hosted_fields: { ruleTags: false, names: true, buyerIp: true },
      vault_hosted_fields: { ruleTags: false, names: true, buyerIp: true },
    });
    expect(service.forwarding('none')).toEqual({ ruleTags: false, names: false, buyerIp: false });
    expect(providerRegistry([echoProvider()]).forwarding('sandbox')).toEqual({ ruleTags: false, names: false, buyerIp: false });
  });

  it('lets a list add a provider that takes a UI mode over, with its gateway and capabilities', () => {
    const echo = echoProvider();
    const withEcho = providerRegistry([...PROVIDERS, echo]);
    expect(withEcho.forKind('sandbox')).toBe(echo);
    expect(withEcho.forKind('card_element')!.name).toBe('stripe');
    expect(withEcho.inbound('echo')!.gateway).toBe(echo.inbound);
    expect(withEcho.capabilities('sandbox').operations.mit).toBe(false);
    expect(service.capabilities('sandbox').operations.mit).toBe(true);
  });
});
