/**
 * What the engine is given: the store, the clock, the processors and the services every part
 * shares. Built once by the process wiring (`deps.ts`) or a test; the HTTP edge's `Deps`
 * (context.ts) adds what only the edge uses, such as the rate limiter.
 */
import type { Clock } from '../clock.ts';
import type { Config } from '../env.ts';
import type { Logger } from '../log.ts';
import type { Merchant, ProcessorKind } from '../domain/index.ts';
import type { Processor } from '../processors/types.ts';
import type { ProviderRegistry } from '../processors/registry.ts';
import type { OwnAccountReach } from '../processors/provider-entry.ts';
import type { StoreClients } from '../processors/stores/store-clients.ts';
import type { Store } from '../store/types.ts';
import type { RedirectSigner } from './redirect.ts';
import type { Sealer } from './sealed.ts';
import type { LookupAddress } from 'node:dns';

export interface EngineDeps {
  config: Config;
  clock: Clock;
  store: Store;
  log: Logger;
  signer: RedirectSigner;
  /** Encrypts what is stored but never returned (a saved card's billing address). */
  sealer: Sealer;
  /**
   * The payment providers (processors/registry.ts): every reader of a provider's entry (webhook
   * gateways, capabilities, CSP hosts, account keys) asks this one, so a list a test builds with a
   * provider of its own (`BuildOptions.providers`) serves it everywhere, not only its adapters.
   */
  providers: ProviderRegistry;
  /** The adapter for a merchant's processor; null for `none` (Doc 3: binder_unavailable). */
  processorFor(kind: ProcessorKind): Processor | null;
  /** The adapter for a merchant's own provider keys (Merchant.providerAccount); null on the platform's account. */
  ownProcessor(merchant: Merchant): Processor | null;
  /** How a merchant's own provider account is reached when its keys are registered (engine/merchants/provider-accounts.ts). */
  ownAccountReach: OwnAccountReach;
  /** Where webhooks may go, and the resolver that says where a host name points (webhooks/webhook-network.ts). */
  webhookNet: WebhookNetwork;
  /** The store platforms' APIs, where mirrored orders are made (engine/mirror/store-orders.ts). */
  stores: StoreClients;
  /** The secret the sandbox processor signs its webhooks with (`/api/webhooks/sandbox` verifies with it). */
  providerWebhookSecret: string;
}

/** Resolves a host name to every address it has (node's `dns.lookup`, all of them). */
export type HostResolver = (host: string) => Promise<LookupAddress[]>;

export interface WebhookNetwork {
  /** Host names a test-mode subscription may reach whatever they resolve to (lower case, IPv6 bracketed). */
  allowHosts: string[];
  resolve: HostResolver;
  /** The service's own listeners (webhooks/webhook-network.ts `ownListeners`), never a webhook's target (issue 32, finding 1). */
  own: OwnListeners;
}

/**
 * Every port this process or its siblings listen on (the instance, the other instances, the
 * processor, the demo shop, the stand-ins, and the ports of their public URLs), and the host names
 * of those URLs (lower case, no trailing dot).
 */
export interface OwnListeners {
  ports: number[];
  hosts: string[];
}
