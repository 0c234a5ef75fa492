/**
 * Stripe's entry in the provider registry (issue 19): `card_element` (stripe.js confirms in
 * Stripe's own fields) and `agent_hosted_fields` (the service confirms the PaymentIntent;
 * docs/merchant.md, Payment providers: the decision). On the platform's account its calls go to
 * the sandbox's Stripe stand-in; with a merchant's own keys, to Stripe.
 */
import { z } from 'zod';
import type { Merchant } from '../../domain/index.ts';
import type { SentDescriptor } from '../charge-extras.ts';
import type { KindForwarding, PlatformWiring, ProviderEntry } from '../provider-entry.ts';
import { BROAD_SETTLEMENT } from '../provider-entry.ts';
import { StripeProcessorAdapter } from './adapter.ts';
import { StripeAgentAdapter } from './agent-adapter.ts';
import { parseStripeEvent, STRIPE_SIGNATURE_HEADER, verifyStripeEvent } from './stripe-events.ts';

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
type StripeAccountKeys = z.infer<typeof StripeAccountKeys>;

/** The SDK reaches the stand-in by its host settings, or (in-process) through the processor's own app. */
function standInTransport({ config, inProcess }: PlatformWiring) {
  if (inProcess) return { fetch: async (url: string, init: RequestInit) => inProcess.stripe.request(url, init) };
  const at = new URL(config.stripeUrl);
  const https = at.protocol === 'https:';
  return { host: at.hostname, port: Number(at.port || (https ? 443 : 80)), protocol: https ? ('https' as const) : ('http' as const) };
}

/**
 * Stripe's `statement_descriptor_suffix` rules (its "Statement descriptors" guide): at least one
 * letter, and room after the shortest prefix an account may register (2 characters) and `* `.
 * A suffix Stripe would refuse is not sent (`invalid_for_provider`: the account default prints).
 */
function stripeSuffix(resolved: SentDescriptor): SentDescriptor | null {
  return resolved.kind === 'suffix' && /[A-Za-z]/.test(resolved.suffix) && resolved.suffix.length <= 18 ? resolved : null;
}

/**
 * What a PaymentIntent carries: the descriptor as `statement_descriptor_suffix`, rule tags as its
 * `metadata` (Radar rules match `::key::`; a metadata key has at most 40 characters). Stripe's PaymentIntent takes no buyer IP and no
 * cardholder name for a saved card: neither is sent.
 */
const PAYMENT_INTENT: KindForwarding = { ruleTags: true, ruleTagKeyMax: 40, names: false, buyerIp: false, descriptor: stripeSuffix };

export const stripeProvider: ProviderEntry = {
  name: 'stripe',
  kinds: ['card_element', 'agent_hosted_fields'],
  platform(w) {
    const platform = {
      secretKey: w.secrets.apiSecret,
      publishableKey: w.secrets.stripePublishableKey,
      environment: 'sandbox' as const,
      scriptUrl: `${w.config.stripeUrl}/v3/`,
      timeoutMs: w.config.processorTimeoutMs,
      ...standInTransport(w),
    };
    return {
      card_element: new StripeProcessorAdapter(platform),
      agent_hosted_fields: new StripeAgentAdapter({ ...platform, chargeEndpoint: `${w.config.publicUrl}/api/checkout/complete` }),
    };
  },
  // `Stripe-Signature`, checked by the `stripe` SDK.
  inbound: {
    async verify(raw, ctx) {
      const header = ctx.header(STRIPE_SIGNATURE_HEADER);
      if (!header) return 'missing';
      const event = ctx.secret ? verifyStripeEvent(raw, header, ctx.secret, ctx.nowSeconds) : null;
      return typeof event === 'object' && event !== null ? event : 'invalid';
    },
    parse: parseStripeEvent,
  },
  capabilities: {
    // Separate capture with partial amounts, MIT, network tokens, 3-D Secure 2, US bank debits and
    // a payouts API; refunds always reference a charge.
    card_element: {
      operations: { auth_capture_separation: true, partial_capture: true, partial_refund: true, unreferenced_refund: false, mit: true, network_tokens: true, three_d_secure_2: true, ach: true, payouts_api: true },
      settlementCurrencies: BROAD_SETTLEMENT,
    },
    // An agent that charges through its own endpoint (`chargeEndpoint` at init): the page's card
    // is confirmed on a Stripe PaymentIntent (agent-adapter.ts), so separate and partial capture
    // and the currencies are Stripe's (issue 34: the row said sale only, USD only, which was never
    // true of the adapter); it reports 3-D Secure and accepts refunds of its own charges.
    agent_hosted_fields: {
      operations: { auth_capture_separation: true, partial_capture: true, partial_refund: true, unreferenced_refund: false, mit: false, network_tokens: false, three_d_secure_2: true, ach: false, payouts_api: false },
      settlementCurrencies: BROAD_SETTLEMENT,
    },
  },
  forwards: { card_element: PAYMENT_INTENT, agent_hosted_fields: PAYMENT_INTENT },
  // From Stripe's CSP guide: stripe.js and its frames, the API, the 3-D Secure redirect.
  hosts: {
    production: {
      script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      connect: ['https://api.stripe.com'],
      frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      img: [],
    },
    standInUrl: (config) => config.stripeUrl,
  },
  account: {
    keys: StripeAccountKeys,
    problem(merchant: Pick<Merchant, 'environment'>, given) {
      const keys = given as StripeAccountKeys;
      // Keys are mode-scoped: a sandbox merchant's payments must never reach a live Stripe account.
      const mode = merchant.environment === 'live' ? 'live' : 'test';
      const wrong = [keys.secretKey, keys.publishableKey].some((k) => k.split('_')[1] !== mode);
      return wrong ? `A ${merchant.environment} merchant takes Stripe ${mode}-mode keys (sk_${mode}_…, pk_${mode}_…).` : null;
    },
    kept(given) {
      const keys = given as StripeAccountKeys;
      return {
        shown: { publishableKey: keys.publishableKey, ...(keys.accountId ? { accountId: keys.accountId } : {}) },
        secrets: { secretKey: keys.secretKey, webhookSecret: keys.webhookSecret },
        last4: keys.secretKey.slice(-4),
      };
    },
    adapter(merchant, account, secrets, opts) {
      const own = {
        secretKey: secrets.secretKey!,
        publishableKey: account.publishableKey as string,
        environment: 'production' as const,
        ownAccount: true,
        timeoutMs: opts.timeoutMs,
        ...(opts.stripeFetch ? { fetch: opts.stripeFetch } : {}),
      };
      return merchant.processor === 'agent_hosted_fields'
        ? new StripeAgentAdapter({ ...own, chargeEndpoint: `${opts.publicUrl}/api/checkout/complete` })
        : new StripeProcessorAdapter(own);
    },
  },
};
