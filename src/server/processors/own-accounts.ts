/**
 * Adapters for merchants' own provider accounts (issue 19, "Configuration for real accounts"): the
 * same Stripe and Braintree adapters the platform's account uses, made with the keys a merchant set
 * (domain/provider-account.ts) and pointed at the real provider (`environment: production`). One
 * adapter per merchant and set of keys, made on first use and dropped when the keys change.
 *
 * A sandbox merchant's keys are test keys: Stripe's test mode, Braintree's sandbox gateway. A live
 * merchant's are live keys: Stripe's live mode, Braintree's production gateway.
 */
import braintree from 'braintree';
import { providerOfKind, type Merchant, type ProviderSecrets } from '../domain/index.ts';
import type { Processor } from './types.ts';
import { StripeProcessorAdapter } from './stripe/adapter.ts';
import { StripeAgentAdapter } from './stripe/agent-adapter.ts';
import { BraintreeProcessorAdapter } from './braintree/adapter.ts';

export interface OwnAccountOptions {
  /** The service's public address: the agent path's charge endpoint is its `/api/checkout/complete`. */
  publicUrl: string;
  timeoutMs: number;
  /** Opens a merchant's sealed secrets (engine/merchants/provider-accounts.ts). */
  open(merchant: Merchant): ProviderSecrets;
  /** Tests only: where the Stripe SDK's calls go instead of api.stripe.com. */
  stripeFetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Tests only: the Braintree gateway to reach instead of Braintree's own, by the merchant's mode. */
  braintreeEnvironment?: (live: boolean) => braintree.Environment;
}

const MAX_ADAPTERS = 10_000;

/** A merchant's Braintree gateway by its mode: a sandbox merchant's keys are Braintree sandbox keys. */
export const braintreeEnvironmentOf = (live: boolean) => (live ? braintree.Environment.Production : braintree.Environment.Sandbox);

/** The adapter for a merchant's own account; null for a merchant on the platform's account. */
export function ownAccountAdapters(opts: OwnAccountOptions): (merchant: Merchant) => Processor | null {
  const made = new Map<string, { keys: string; adapter: Processor }>();
  return (merchant) => {
    const account = merchant.providerAccount;
    if (!account || providerOfKind(merchant.processor) !== account.provider) return null;
    // The keys as of their last change, for this processor kind: new keys make a new adapter.
    const keys = `${account.updatedAt}:${merchant.processor}:${merchant.environment}`;
    const hit = made.get(merchant.id);
    if (hit?.keys === keys) return hit.adapter;
    const adapter = make(merchant, opts);
    made.delete(merchant.id);
    if (made.size >= MAX_ADAPTERS) made.delete(made.keys().next().value!);
    made.set(merchant.id, { keys, adapter });
    return adapter;
  };
}

function make(merchant: Merchant, opts: OwnAccountOptions): Processor {
  const account = merchant.providerAccount!;
  const secrets = opts.open(merchant);
  const live = merchant.environment === 'live';
  if ('secretKey' in secrets) {
    const stripe = {
      secretKey: secrets.secretKey,
      publishableKey: account.publishableKey!,
      environment: 'production' as const,
      ownAccount: true,
      timeoutMs: opts.timeoutMs,
      ...(opts.stripeFetch ? { fetch: opts.stripeFetch } : {}),
    };
    return merchant.processor === 'agent_hosted_fields'
      ? new StripeAgentAdapter({ ...stripe, chargeEndpoint: `${opts.publicUrl}/api/checkout/complete` })
      : new StripeProcessorAdapter(stripe);
  }
  return new BraintreeProcessorAdapter({
    merchantId: account.merchantId!,
    publicKey: account.publicKey!,
    privateKey: secrets.privateKey,
    environment: (opts.braintreeEnvironment ?? braintreeEnvironmentOf)(live),
    mode: 'production',
    timeoutMs: opts.timeoutMs,
    ownAccount: { ...(account.merchantAccounts ? { merchantAccounts: account.merchantAccounts } : {}) },
  });
}
