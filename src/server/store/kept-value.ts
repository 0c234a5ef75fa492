/**
 * A value made once and kept in the store's meta table (a signing secret, the processor's shared
 * secret): read it, or make and store it, in one transaction, so two first starts agree on it.
 */
import type { Store } from './types.ts';

export function keptValue(store: Store, key: string, make: () => string): Promise<string> {
  return store.tx(async (r) => {
    const saved = await r.meta.get(key);
    if (saved) return saved;
    const fresh = make();
    await r.meta.set(key, fresh);
    return fresh;
  });
}
