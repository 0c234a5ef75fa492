/**
 * A merchant's own account at its payment provider (issue 19, "Configuration for real accounts"):
 * the keys a merchant migrating to svcpay brings, set through `/_sandbox/merchants`. With them the
 * merchant's payments go to the real provider (`environment: production`) through the same adapter
 * code the sandbox's stand-ins answer; without them, to the platform's account (the stand-ins
 * offline). The secret half is sealed at rest and never returned; what the browser or a dashboard
 * may see (publishable key, account and merchant ids) is kept in the clear.
 *
 * Which keys each provider takes, and what of them is secret, is the provider's own
 * (src/server/processors/registry.ts): here the record is opaque past its provider's name.
 */

/** What `providerAccount` takes: one provider's keys (checked by that provider's schema). */
export type ProviderAccountKeys = { provider: string } & Readonly<Record<string, unknown>>;

/** The secret half, sealed in `secretsSealed`: the provider's own fields. */
export type ProviderSecrets = Readonly<Record<string, string>>;

/** As kept on the merchant: beside these, what the provider keeps in the clear (publishable key, account ids). */
export interface ProviderAccount {
  provider: string;
  /** ProviderSecrets, sealed at `sealedIn.providerAccount(merchant id)`. */
  secretsSealed: string;
  /** The secret key's last four characters: which key is set, without the key. */
  secretLast4: string;
  updatedAt: string;
  readonly [shown: string]: unknown;
}

/** Where a merchant's own account posts its webhooks: `/api/webhooks/<provider>_<merchant id>`. */
export const accountGatewayId = (provider: string, merchantId: string) => `${provider}_${merchantId}`;
