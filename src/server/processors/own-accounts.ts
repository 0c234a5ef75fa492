/**
 * Adapters for merchants' own provider accounts (issue 19, "Configuration for real accounts"): the
 * same adapters the platform's account uses, made by the provider's entry (registry.ts) with the
 * keys a merchant set and pointed at the real provider (`environment: production`). One adapter
 * per merchant and set of keys, made on first use and dropped when the keys change.
 *
 * A sandbox merchant's keys are test keys (a provider's test mode or sandbox gateway); a live
 * merchant's are live keys.
 */
import type { Merchant } from '../domain/index.ts';
import type { OwnAccountOptions } from './provider-entry.ts';
import type { ProviderRegistry } from './registry.ts';
import type { Processor } from './types.ts';

const MAX_ADAPTERS = 10_000;

/** The adapter for a merchant's own account (its provider's, in `providers`); null for a merchant on the platform's account. */
export function ownAccountAdapters(providers: Pick<ProviderRegistry, 'forKind'>, opts: OwnAccountOptions): (merchant: Merchant) => Processor | null {
  const made = new Map<string, { keys: string; adapter: Processor }>();
  return (merchant) => {
    const account = merchant.providerAccount;
    const provider = providers.forKind(merchant.processor);
    if (!account || !provider?.account || provider.name !== account.provider) return null;
    // The keys as of their last change, for this processor kind: new keys make a new adapter.
    const keys = `${account.updatedAt}:${merchant.processor}:${merchant.environment}`;
    const hit = made.get(merchant.id);
    if (hit?.keys === keys) return hit.adapter;
    const adapter = provider.account.adapter(merchant, account, opts.open(merchant), opts);
    made.delete(merchant.id);
    if (made.size >= MAX_ADAPTERS) made.delete(made.keys().next().value!);
    made.set(merchant.id, { keys, adapter });
    return adapter;
  };
}
