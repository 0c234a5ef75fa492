/** Addresses an `init` answer names, taken only when they are http(s): never a `javascript:` or `data:` one. */
import type { InitResponse } from '../../api/checkout.ts';

export function httpOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The sandbox's stand-in of a provider's browser script, loaded in place of the provider's own;
 * null in production (the provider's own script) or when the answer names no http(s) address.
 */
export function standInScript(init: Pick<InitResponse, 'environment' | 'scriptUrl'>): string | null {
  return init.environment === 'sandbox' && init.scriptUrl && httpOrigin(init.scriptUrl) ? init.scriptUrl : null;
}
