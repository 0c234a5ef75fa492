/**
 * What one payment provider brings to the service, in one place (docs/contributing.md, "Adding a
 * processor"): the UI modes it serves, how its adapters are made, how its webhooks are checked and
 * read, what it can do, where its browser code loads from, and the keys a merchant may bring to it.
 * Each provider's entry is its folder's `index.ts`; `registry.ts` lists them. The service reads
 * providers only through the registry, so a provider is added without editing the engine, the
 * routes or the wiring (scripts/structure/rules.ts, `providers-through-the-registry`).
 */
import type { z } from 'zod';
import type braintree from 'braintree';
import type { Capabilities } from '../../api/capabilities.ts';
import type { FetchLike } from '../../platform/http-transport.ts';
import type { ProcessorSecrets, SandboxProcessor } from '../../../sandbox-processor/index.ts';
import type { Config } from '../env.ts';
import type { Merchant, ProcessorKind, ProviderAccount, ProviderAccountKeys, ProviderSecrets } from '../domain/index.ts';
import type { InboundGateway } from './inbound.ts';
import type { Processor } from './types.ts';
import type { SentDescriptor } from './charge-extras.ts';

/** The UI modes a provider can serve: every processor kind but `none`. */
export type ProviderKind = Exclude<ProcessorKind, 'none'>;

/** What the process wiring (deps.ts) hands every entry to make the platform's adapters. */
export interface PlatformWiring {
  config: Config;
  /** The stand-ins' secrets: the platform's keys at each of them, and the one their events are signed with. */
  secrets: ProcessorSecrets;
  /** How the sandbox processor's HTTP API is reached: over the network, or its app's own `request`. */
  transport: FetchLike;
  /** The processor running in this process when it is reached without sockets (unit tests); null otherwise. */
  inProcess: SandboxProcessor | null;
}

/** Tests only: where merchants' own accounts are reached instead of the real providers. */
export interface OwnAccountTestHosts {
  /** Where the Stripe SDK's calls go instead of api.stripe.com. */
  stripeFetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** The Braintree gateway to reach instead of Braintree's own, by the merchant's mode. */
  braintreeEnvironment?: (live: boolean) => braintree.Environment;
}

/** How a merchant's own account is reached: where (tests), and how long a call may take. */
export interface OwnAccountReach extends OwnAccountTestHosts {
  timeoutMs: number;
}

/** How a merchant's own account's adapter is made (processors/own-accounts.ts). */
export interface OwnAccountOptions extends OwnAccountReach {
  /** The service's public address: the agent path's charge endpoint is its `/api/checkout/complete`. */
  publicUrl: string;
  /** Opens a merchant's sealed secrets (engine/merchants/provider-accounts.ts). */
  open(merchant: Merchant): ProviderSecrets;
}

/** One UI mode's row of the capability matrix (Doc 1); the merchant's settings fill in the rest. */
export interface KindCapabilities {
  operations: Omit<Capabilities['supported_operations'], 'dispute_reporting' | 'void_after_capture'>;
  settlementCurrencies: readonly string[];
}

/**
 * What a charge of one UI mode carries to the provider beyond the money (issue 34, "What the spec
 * says to send"; docs/merchant.md, "What each provider receives"): the one table the engine fills
 * a charge's extras from and `buyer_ip_address_forwarded` reads. The descriptor's form (suffix or
 * whole) is the kind's connection (engine/descriptors/descriptors.ts).
 */
export interface KindForwarding {
  /** `rule_tags` reach the provider's rules; false: a charge with them is 422 `capability_not_supported`. */
  ruleTags: boolean;
  /** The longest tag key the provider keeps (Stripe's metadata keys: 40); a longer one is 422 too. Absent: Doc 2's 64. */
  ruleTagKeyMax?: number;
  /** The charge's `first_name` / `last_name` (Doc 2: "only if the account forwards the billing block"). */
  names: boolean;
  /** The buyer's IP address (never for a merchant-initiated charge). */
  buyerIp: boolean;
  /**
   * The resolved descriptor as this provider takes it: fields it has no place for, or whose format
   * it refuses, dropped (null); null when it cannot be expressed at all (`invalid_for_provider`).
   * Absent: sent as resolved.
   */
  descriptor?(resolved: SentDescriptor): SentDescriptor | null;
}

/** A UI mode that sends nothing beyond the money. */
export const FORWARDS_NOTHING: KindForwarding = { ruleTags: false, names: false, buyerIp: false };

/** Where a provider's browser code runs from and talks to, for a page's CSP. */
export interface ProviderHosts {
  script: string[];
  connect: string[];
  frame: string[];
  img: string[];
}

/** What the hosted page may load for this provider (issue 19). */
export interface ProviderPageHosts {
  /** The provider's own hosts, as it lists them for a CSP: for merchants with their own keys. */
  production: ProviderHosts;
  /** The sandbox's stand-in of its browser code (one origin), for merchants on the platform's account. */
  standInUrl(config: Config): string;
}

/**
 * What a provider answered when asked about a merchant's keys: what it said, or that it refused
 * the keys (the merchant's to fix), or that it could not be asked (try again); nothing is kept then.
 */
export type ProviderAccountCompletion<T> = { value: T } | { refused: string } | { unreachable: string };

/** The keys a merchant brings to this provider (issue 19, "Configuration for real accounts"). */
export interface ProviderAccountSpec {
  /** The zod schema of the keys, `provider` being the entry's name. */
  keys: z.ZodObject;
  /** Why these (schema-valid) keys cannot be this merchant's, beyond their provider; null when they can. */
  problem?(merchant: Pick<Merchant, 'environment'>, keys: ProviderAccountKeys): string | null;
  /**
   * The keys as the provider completes them, asked with them before they are kept (a Braintree
   * gateway's merchant accounts, when none are named; issue 34); absent: kept as given.
   */
  complete?(merchant: Pick<Merchant, 'environment'>, keys: ProviderAccountKeys, reach: OwnAccountReach): Promise<ProviderAccountCompletion<ProviderAccountKeys>>;
  /** What is kept of the keys: in the clear (shown back), sealed, and the secret's last four. */
  kept(keys: ProviderAccountKeys): { shown: Record<string, unknown>; secrets: ProviderSecrets; last4: string };
  /**
   * The currencies this merchant's own account settles, when its keys say (a Braintree account's
   * merchant accounts); absent or null: the kind's row (Doc 1, `settlement_currencies`).
   */
  settlementCurrencies?(account: ProviderAccount): readonly string[] | null;
  /** The adapter for a merchant with its own account here, pointed at the real provider. */
  adapter(merchant: Merchant, account: ProviderAccount, secrets: ProviderSecrets, opts: OwnAccountOptions): Processor;
}

export interface ProviderEntry {
  /** Its webhook gateway id (`/api/webhooks/<name>`) and the `provider` of a merchant's own keys. */
  name: string;
  /** The UI modes (`init.type`, src/vocab/processors.ts) this provider serves. */
  kinds: readonly ProviderKind[];
  /** The platform's adapter for each of its UI modes. */
  platform(w: PlatformWiring): Partial<Record<ProviderKind, Processor>>;
  /** How its events posted to `/api/webhooks/<name>` (or an own account's gateway) are checked and read. */
  inbound: InboundGateway;
  /** Doc 1, Capability matrix: one row per UI mode it serves. */
  capabilities: Partial<Record<ProviderKind, KindCapabilities>>;
  /** What a charge of each of its UI modes carries to it beyond the money; absent: nothing. */
  forwards?: Partial<Record<ProviderKind, KindForwarding>>;
  /** Its browser code's hosts; absent when its fields are the sandbox processor's own page. */
  hosts?: ProviderPageHosts;
  /** The keys a merchant may bring; absent when merchants cannot bring their own account. */
  account?: ProviderAccountSpec;
}

/** The settlement currencies of every provider here: what a real account of each settles. */
export const BROAD_SETTLEMENT = ['AUD', 'CAD', 'CHF', 'DKK', 'EUR', 'GBP', 'HKD', 'JPY', 'NOK', 'NZD', 'SEK', 'SGD', 'USD'] as const;
