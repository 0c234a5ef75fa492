/**
 * The service's side of the two store platforms (issue 20): one client per platform
 * (./platform-a-client.ts, ./platform-b-client.ts; what they answer: ./store-api.ts), and the
 * stand-ins' QA routes the control API forwards.
 *
 * Offline and in every test the stores are the sandbox's stand-ins (sandbox-processor/stores/),
 * reached with the processor secret in place of a store connection's token.
 */
import type { StorePlatform } from '../../../api/mirror.ts';
import { platformAClient } from './platform-a-client.ts';
import { platformBClient } from './platform-b-client.ts';
import { call, type StoreClient, type StoreClientOptions } from './store-api.ts';

export type { StoreAnswer, StoreBasket, StoreClient, StoreOrderInput, StoreQuote, UnpaidAnswer } from './store-api.ts';

/**
 * The stand-ins' QA routes (sandbox-processor/stores/index.ts), which the control API forwards:
 * what a store holds, and its switches. Answers are passed on as they come.
 */
export interface StoreStandInControl {
  orders(platform: StorePlatform, store: string): Promise<{ status: number; body: unknown }>;
  switches(platform: StorePlatform, store: string, body: unknown): Promise<{ status: number; body: unknown }>;
}

export type StoreClients = Record<StorePlatform, StoreClient> & { standIns: StoreStandInControl };

export function storeClients(opts: StoreClientOptions & { standInsUrl: string }): StoreClients {
  const qa = (platform: StorePlatform, store: string) => `${opts.standInsUrl}/v1/stores/${platform}/${encodeURIComponent(store)}`;
  const passOn = (r: Awaited<ReturnType<typeof call>>) => ('body' in r ? { status: r.status, body: r.body } : { status: 502, body: { error: r.error } });
  return {
    platform_a: platformAClient(opts),
    platform_b: platformBClient(opts),
    standIns: {
      orders: async (platform, store) => passOn(await call(opts, `${qa(platform, store)}/orders`, { method: 'GET' })),
      switches: async (platform, store, body) => passOn(await call(opts, `${qa(platform, store)}/switches`, { method: 'PUT', body })),
    },
  };
}
