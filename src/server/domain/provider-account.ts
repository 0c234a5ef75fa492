/**
 * A merchant's own account at its payment provider (issue 19, "Configuration for real accounts"):
 * the keys a merchant migrating from Stripe or Braintree brings, set through `/_sandbox/merchants`.
 * With them the merchant's payments go to the real provider (`environment: production`) through the
 * same adapter code the sandbox's stand-ins answer; without them, to the platform's account (the
 * stand-ins offline). The secret half is sealed at rest and never returned; what the browser or a
 * dashboard may see (publishable key, account and merchant ids) is kept in the clear.
 */
import { z } from 'zod';
import type { ProcessorKind } from '../../vocab/processor-kinds.ts';

const key = (re: RegExp, what: string) => z.string().max(255).regex(re, `must be ${what}`);

export const StripeAccountKeys = z.strictObject({
  provider: z.literal('stripe'),
  secretKey: key(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'a Stripe secret or restricted key (sk_… or rk_…)'),
  publishableKey: key(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'a Stripe publishable key (pk_…)'),
  /** The signing secret of the webhook endpoint the merchant made at Stripe for `webhookUrl`. */
  webhookSecret: key(/^whsec_[A-Za-z0-9+/=]{8,}$/, 'a Stripe webhook signing secret (whsec_…)'),
  /** Optional: the account the keys belong to, shown back to tell accounts apart. */
  accountId: key(/^acct_[A-Za-z0-9]{1,64}$/, 'a Stripe account id (acct_…)').optional(),
});

const braintreeId = (what: string) => key(/^[A-Za-z0-9_-]{1,64}$/, what);

export const BraintreeAccountKeys = z.strictObject({
  provider: z.literal('braintree'),
  merchantId: braintreeId('a Braintree merchant id'),
  publicKey: braintreeId('a Braintree public key'),
  privateKey: braintreeId('a Braintree private key'),
  /** The merchant account to charge in each currency (`{ "usd": "shop_usd" }`); others use the gateway's default. */
  merchantAccounts: z.record(z.string().regex(/^[a-z]{3}$/, 'a lower-case ISO currency code'), braintreeId('a Braintree merchant account id')).optional(),
});

/** What `providerAccount` takes: one provider's keys, or null to go back to the platform's account. */
export const ProviderAccountKeys = z.discriminatedUnion('provider', [StripeAccountKeys, BraintreeAccountKeys]);
export type ProviderAccountKeys = z.infer<typeof ProviderAccountKeys>;
export type ProviderName = ProviderAccountKeys['provider'];

/** The secret half, sealed in `secretsSealed`. */
export type ProviderSecrets = { secretKey: string; webhookSecret: string } | { privateKey: string };

/** As kept on the merchant. */
export interface ProviderAccount {
  provider: ProviderName;
  /** Stripe: publishableKey, accountId. Braintree: merchantId, publicKey, merchantAccounts. */
  publishableKey?: string;
  accountId?: string;
  merchantId?: string;
  publicKey?: string;
  merchantAccounts?: Record<string, string>;
  /** ProviderSecrets, sealed at `sealedIn.providerAccount(merchant id)`. */
  secretsSealed: string;
  /** The secret key's last four characters: which key is set, without the key. */
  secretLast4: string;
  updatedAt: string;
}

/** The provider a processor kind pays through; null for the sandbox and `none`. */
export function providerOfKind(kind: ProcessorKind): ProviderName | null {
  if (kind === 'card_element' || kind === 'agent_hosted_fields') return 'stripe';
  if (kind === 'hosted_fields' || kind === 'vault_hosted_fields') return 'braintree';
  return null;
}

/** Where a merchant's own account posts its webhooks: `/api/webhooks/<provider>_<merchant id>`. */
export const accountGatewayId = (provider: ProviderName, merchantId: string) => `${provider}_${merchantId}`;

/** The provider and merchant a gateway id names, for an own account's gateway; null otherwise. */
export function parseAccountGatewayId(gatewayId: string): { provider: ProviderName; merchantId: string } | null {
  const m = /^(stripe|braintree)_([0-9a-f-]{36})$/.exec(gatewayId);
  return m ? { provider: m[1] as ProviderName, merchantId: m[2]! } : null;
}
