/**
 * Where a provider's browser code runs from and talks to, for the hosted page's CSP (issue 19): the
 * sandbox's stand-in (one origin) for merchants on the platform's account, the provider's own hosts
 * (as each provider lists them for a CSP, in its registry entry) for merchants with their own keys.
 * A page allows only its merchant's provider: a provider's script loads only for its merchants.
 */
import type { Config } from '../../env.ts';
import type { Merchant } from '../../domain/index.ts';
import type { ProviderHosts } from '../../processors/provider-entry.ts';
import type { ProviderRegistry } from '../../processors/registry.ts';

export type { ProviderHosts };

/**
 * The hosts pages may use, given where the stand-ins are and the service's providers
 * (`deps.providers`): `of(merchant)` for a merchant's hosted page (none for a provider whose fields
 * are the sandbox processor's page), `all` for the embedded checkout frame, which does not know its
 * merchant. Each is one object, so a policy made from it can be kept by it.
 */
export function providerHosts(config: Config, providers: Pick<ProviderRegistry, 'hosts' | 'forKind'>) {
  const hosts = providers.hosts(config);
  const byName = new Map(hosts.map((h) => [h.provider, h]));
  const every = [...hosts.map((h) => h.standIn), ...hosts.map((h) => h.production)];
  const join = (k: keyof ProviderHosts) => [...new Set(every.flatMap((h) => h[k]))];
  return {
    of(merchant: Pick<Merchant, 'processor' | 'providerAccount'> | undefined): ProviderHosts | null {
      const provider = merchant ? providers.forKind(merchant.processor) : null;
      const at = provider && byName.get(provider.name);
      if (!at) return null;
      return merchant?.providerAccount?.provider === at.provider ? at.production : at.standIn;
    },
    all: { script: join('script'), connect: join('connect'), frame: join('frame'), img: join('img') } as ProviderHosts,
  };
}
