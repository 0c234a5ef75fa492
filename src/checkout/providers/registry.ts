/**
 * The providers whose card fields a checkout mounts, one entry per folder beside this file (as
 * Adyen web keeps one registry of its payment-method components): an `init` answer's type picks
 * the entry, the entry reads the answer into its spec. Only this file imports a provider's folder
 * (lint:structure's checkout-providers-through-the-registry), so a new provider is a folder and a
 * line here.
 */
import type { InitResponse } from '../../api/checkout.ts';
import { braintree } from './braintree/index.ts';
import { unsupported, type FieldsContext, type Provider, type ProviderSpec, type Unsupported } from './provider.ts';
import { sandbox } from './sandbox/index.ts';
import { stripe } from './stripe/index.ts';

export const providers: readonly Provider[] = [sandbox, stripe, braintree];

/** The fields a checkout mounts: the provider's entry and the spec its `Fields` is given. */
export interface MountedFields {
  kind: 'fields';
  provider: Provider;
  spec: ProviderSpec;
}

/** What to mount for an `init` answer, or why not (an unknown type, or what its provider cannot mount safely). */
export function fieldsFor(init: InitResponse, ctx: FieldsContext): MountedFields | Unsupported {
  const provider = providers.find((p) => p.modes.includes(init.type));
  if (!provider) return unsupported({ type: init.type });
  const spec = provider.spec(init, ctx);
  return 'kind' in spec ? spec : { kind: 'fields', provider, spec };
}
