/**
 * Braintree's entry in the provider registry (issue 19): `hosted_fields` and `vault_hosted_fields`
 * (the card stored before the charge). On the platform's account its calls go to the sandbox's
 * Braintree stand-in, reached by the SDK's Environment (its host and port, no TLS); with a
 * merchant's own keys, to Braintree's sandbox or production gateway by the merchant's mode.
 */
import braintree from 'braintree';
import { z } from 'zod';
import { BRAINTREE_SANDBOX_GATEWAY, BRAINTREE_SANDBOX_PUBLIC_KEY } from '../../../../sandbox-processor/index.ts';
import type { KindCapabilities, KindForwarding, ProviderEntry } from '../provider-entry.ts';
import { BROAD_SETTLEMENT } from '../provider-entry.ts';
import { BraintreeProcessorAdapter } from './adapter.ts';
import { braintreeDescriptor } from './braintree-extras.ts';
import { keptNotification, notificationForm, parseBraintreeNotification } from './braintree-events.ts';
import { gatewayMerchantAccounts } from './merchant-accounts.ts';

const id = (what: string) => z.string().max(255).regex(/^[A-Za-z0-9_-]{1,64}$/, `must be ${what}`);

export const BraintreeAccountKeys = z.strictObject({
  provider: z.literal('braintree'),
  merchantId: id('a Braintree merchant id'),
  publicKey: id('a Braintree public key'),
  privateKey: id('a Braintree private key'),
  /** The merchant account to charge in each currency (`{ "usd": "shop_usd" }`); absent: the gateway's active accounts, asked of Braintree. */
  merchantAccounts: z.record(z.string().regex(/^[a-z]{3}$/, 'a lower-case ISO currency code'), id('a Braintree merchant account id')).optional(),
});
type BraintreeAccountKeys = z.infer<typeof BraintreeAccountKeys>;

/** A merchant's Braintree gateway by its mode: a sandbox merchant's keys are Braintree sandbox keys. */
export const braintreeEnvironmentOf = (live: boolean) => (live ? braintree.Environment.Production : braintree.Environment.Sandbox);

/**
 * Authorize then submit for (partial) settlement, vaulted MIT, network tokens, 3-D Secure 2 and US
 * bank debits; no payouts API, and detached credits are off on an ordinary account. Vault-first
 * has the same operations.
 */
const GATEWAY: KindCapabilities = {
  operations: { auth_capture_separation: true, partial_capture: true, partial_refund: true, unreferenced_refund: false, mit: true, network_tokens: true, three_d_secure_2: true, ach: true, payouts_api: false },
  settlementCurrencies: BROAD_SETTLEMENT,
};

/**
 * What a sale carries (Transaction: Sale): the descriptor object, the charge's names as
 * `billing.firstName` / `lastName`, the buyer's IP as `riskData.customerIp`. Braintree's rules have
 * nothing to match rule tags on: a charge with them is refused before any call.
 */
const SALE: KindForwarding = { ruleTags: false, names: true, buyerIp: true, descriptor: braintreeDescriptor };

export const braintreeProvider: ProviderEntry = {
  name: 'braintree',
  kinds: ['hosted_fields', 'vault_hosted_fields'],
  platform({ config, secrets }) {
    const at = new URL(config.braintreeUrl);
    const https = at.protocol === 'https:';
    const port = at.port || (https ? '443' : '80');
    const adapter = new BraintreeProcessorAdapter({
      merchantId: BRAINTREE_SANDBOX_GATEWAY,
      publicKey: BRAINTREE_SANDBOX_PUBLIC_KEY,
      privateKey: secrets.apiSecret,
      environment: new braintree.Environment(at.hostname, port, `${config.braintreeUrl}/auth-unused`, https, at.hostname, port),
      mode: 'sandbox',
      scriptUrl: `${config.braintreeUrl}/web/braintree.js`,
      timeoutMs: config.processorTimeoutMs,
    });
    return { hosted_fields: adapter, vault_hosted_fields: adapter };
  },
  // `bt_signature` and `bt_payload` in a form, checked by the `braintree` SDK with the gateway's private key.
  inbound: {
    mediaType: 'application/x-www-form-urlencoded',
    async verify(raw, ctx) {
      const form = notificationForm(raw);
      if (!form) return 'missing';
      const gateway = ctx.gateway;
      const n = gateway instanceof BraintreeProcessorAdapter ? await gateway.notification(form.signature, form.payload) : null;
      return n ? keptNotification(form.payload, n) : 'invalid';
    },
    parse: parseBraintreeNotification,
  },
  capabilities: { hosted_fields: GATEWAY, vault_hosted_fields: GATEWAY },
  forwards: { hosted_fields: SALE, vault_hosted_fields: SALE },
  // From its CSP guide: braintree-web is bundled (no script host), its Hosted Fields frames and
  // assets, both gateways' client APIs and analytics, and the 3-D Secure challenge (Cardinal).
  hosts: {
    production: {
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
    },
    standInUrl: (config) => config.braintreeUrl,
  },
  account: {
    keys: BraintreeAccountKeys,
    // Without merchant accounts named, the gateway's own (merchant-accounts.ts): a sale naming none
    // would go to the default account, in its currency whatever the sale's (issue 34, finding 4).
    async complete(merchant, given, reach) {
      const keys = given as BraintreeAccountKeys;
      if (keys.merchantAccounts) return { value: keys };
      const environment = (reach.braintreeEnvironment ?? braintreeEnvironmentOf)(merchant.environment === 'live');
      const found = await gatewayMerchantAccounts(keys, environment, reach);
      return 'value' in found ? { value: { ...keys, merchantAccounts: found.value } } : found;
    },
    kept(given) {
      const keys = given as BraintreeAccountKeys;
      return {
        shown: { merchantId: keys.merchantId, publicKey: keys.publicKey, ...(keys.merchantAccounts ? { merchantAccounts: keys.merchantAccounts } : {}) },
        secrets: { privateKey: keys.privateKey },
        last4: keys.privateKey.slice(-4),
      };
    },
    // A sale goes to the merchant account of its currency: only theirs settle (issue 34, finding 4).
    // Keys kept before the gateway was asked (none named): the gateway's default account, the kind's row.
    settlementCurrencies(account) {
      const named = account.merchantAccounts as Record<string, string> | undefined;
      return named ? Object.keys(named).map((c) => c.toUpperCase()) : null;
    },
    adapter(merchant, account, secrets, opts) {
      const merchantAccounts = account.merchantAccounts as Record<string, string> | undefined;
      return new BraintreeProcessorAdapter({
        merchantId: account.merchantId as string,
        publicKey: account.publicKey as string,
        privateKey: secrets.privateKey!,
        environment: (opts.braintreeEnvironment ?? braintreeEnvironmentOf)(merchant.environment === 'live'),
        mode: 'production',
        timeoutMs: opts.timeoutMs,
        ownAccount: { ...(merchantAccounts ? { merchantAccounts } : {}) },
      });
    },
  },
};
