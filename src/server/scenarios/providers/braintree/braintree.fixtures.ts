/**
 * Shared set-up of braintree-merchant.test.ts and braintree-dropin.test.ts: the app's Braintree modes
 * served by a stand-in listening for the test. The service's own adapter points at 127.0.0.1:4246;
 * this one is made the way the wiring makes it, by Braintree's entry in the registry, with the
 * stand-in's address in place of that one.
 */
import { httpTransport } from '../../../../platform/http-transport.ts';
import type { ProcessorKind } from '../../../domain/index.ts';

import type { testApp } from '../../../testing.ts';
import { listenBraintree } from '../../../../../sandbox-processor/braintree/testing.ts';
import { SANDBOX_GATEWAY_ID } from '../../../../../sandbox-processor/braintree/app.ts';

type T = Awaited<ReturnType<typeof testApp>>;

/** Serves `kinds` with Braintree's platform adapter at a stand-in of `t`'s processor; `close` stops the stand-in. */
export async function braintreeStandIn(t: T, kinds: readonly ProcessorKind[]) {
  const { port, close } = await listenBraintree(t.sandbox);
  const at = `http://127.0.0.1:${port}`;
  const entry = t.deps.providers.forKind('hosted_fields')!;
  const made = entry.platform({
    config: { ...t.deps.config, braintreeUrl: at },
    // The stand-in takes the processor secret as the gateway's private key; the other secrets are not Braintree's.
    secrets: { apiSecret: t.processorSecret, webhookSecret: '', stripePublishableKey: '' },
    transport: httpTransport(),
    inProcess: null,
  });
  const adapter = made.hosted_fields!;
  const chosen = t.deps.processorFor;
  t.deps.processorFor = (kind) => (kinds.includes(kind) ? adapter : chosen(kind));
  return { port, close };
}

/** The authorization fingerprint of a Braintree client token (base64 JSON), which names its customer. */
export const fingerprintOf = (clientToken: string) => JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint as string;

/** What Drop-in does with a client token: list the saved cards of the customer it is bound to (each with a nonce to pay with). */
export async function dropinCards(port: number, clientToken: string) {
  const res = await fetch(`http://127.0.0.1:${port}/merchants/${SANDBOX_GATEWAY_ID}/client_api/v1/payment_methods?${new URLSearchParams({ authorizationFingerprint: fingerprintOf(clientToken) })}`);
  return ((await res.json()) as { paymentMethods: { nonce: string; details: { lastFour: string } }[] }).paymentMethods;
}
