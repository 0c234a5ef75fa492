/**
 * Where a provider's browser code runs from and talks to, for the hosted page's CSP (issue 19): the
 * sandbox's stand-in (one origin) for merchants on the platform's account, the provider's own hosts
 * (as each provider lists them for a CSP) for merchants with their own keys. A page allows only its
 * merchant's provider: a provider's script loads only for its merchants.
 */
import type { Merchant } from '../../domain/index.ts';
import { providerOfKind, type ProviderName } from '../../domain/provider-account.ts';

export interface ProviderHosts {
  script: string[];
  connect: string[];
  frame: string[];
  img: string[];
}

/** Stripe's, from Stripe's CSP guide: stripe.js and its frames, the API, the 3-D Secure redirect. */
const STRIPE: ProviderHosts = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  img: [],
};

/**
 * Braintree's, from its CSP guide: braintree-web is bundled (no script host), its Hosted Fields
 * frames and assets, both gateways' client APIs and analytics, and the 3-D Secure challenge (Cardinal).
 */
const BRAINTREE: ProviderHosts = {
  script: ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com'],
  connect: [
    'https://api.braintreegateway.com',
    'https://api.sandbox.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://client-analytics.sandbox.braintreegateway.com',
    'https://*.braintree-api.com',
  ],
  frame: ['https://assets.braintreegateway.com', 'https://*.cardinalcommerce.com'],
  img: ['https://assets.braintreegateway.com'],
};

export const PRODUCTION_HOSTS: Readonly<Record<ProviderName, ProviderHosts>> = { stripe: STRIPE, braintree: BRAINTREE };

const standIn = (origin: string): ProviderHosts => ({ script: [origin], connect: [origin], frame: [origin], img: [] });

/**
 * The hosts pages may use, given the stand-ins' origins: `of(merchant)` for a merchant's hosted
 * page (none for the sandbox processor), `all` for the embedded checkout frame, which does not know
 * its merchant. Each is one object, so a policy made from it can be kept by it.
 */
export function providerHosts(standIns: Record<ProviderName, string>) {
  const sandbox: Record<ProviderName, ProviderHosts> = { stripe: standIn(standIns.stripe), braintree: standIn(standIns.braintree) };
  const every = [sandbox.stripe, sandbox.braintree, STRIPE, BRAINTREE];
  const join = (k: keyof ProviderHosts) => [...new Set(every.flatMap((h) => h[k]))];
  return {
    of(merchant: Pick<Merchant, 'processor' | 'providerAccount'> | undefined): ProviderHosts | null {
      const provider = merchant ? providerOfKind(merchant.processor) : null;
      if (!provider) return null;
      return merchant?.providerAccount?.provider === provider ? PRODUCTION_HOSTS[provider] : sandbox[provider];
    },
    all: { script: join('script'), connect: join('connect'), frame: join('frame'), img: join('img') } as ProviderHosts,
  };
}
