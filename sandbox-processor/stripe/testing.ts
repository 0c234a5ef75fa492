/**
 * The `stripe` SDK over a sandbox's Stripe stand-in, without the network: the SDK's own fetch
 * client handed the stand-in's `request`. Tests of the stand-in and of the Stripe adapter use it
 * for what a merchant's server, or stripe.js, would call. Apart from ../testing.ts so tests that do
 * not speak Stripe never load the SDK.
 */
import Stripe from 'stripe';
import type { SandboxProcessor } from '../index.ts';
import { SECRET } from '../testing.ts';

/** The stand-in as a fetch (StripeCalls' `fetch` option). */
export const standInFetch = (processor: SandboxProcessor) => async (url: string, init: RequestInit) => processor.stripe.request(url, init);

export function stripeOverStandIn(processor: SandboxProcessor, secret = SECRET): Stripe {
  const fetch = standInFetch(processor);
  return new Stripe(secret, {
    httpClient: Stripe.createFetchHttpClient(async (url, init) => fetch(String(url), init as RequestInit)),
    host: 'stripe.sandbox.invalid',
    maxNetworkRetries: 0,
  });
}
