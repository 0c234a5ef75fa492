/**
 * The `braintree` Node SDK over a sandbox's Braintree stand-in, on a loopback port of its own (the
 * SDK speaks plain Node http to its Environment's host and port; it takes no fetch). Tests of the
 * stand-in and of the Braintree adapter use it. Apart from ../testing.ts so tests that do not speak
 * Braintree never load the SDK.
 */
import { serve, type ServerType } from '@hono/node-server';
import braintree from 'braintree';
import type { SandboxProcessor } from '../index.ts';
import { SECRET, testProcessor } from '../testing.ts';
import { SANDBOX_GATEWAY_ID, SANDBOX_PUBLIC_KEY } from './app.ts';

/** The stand-in listening on a free loopback port; `close` stops it. */
export async function listenBraintree(processor: SandboxProcessor): Promise<{ port: number; close: () => Promise<void> }> {
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: processor.braintree.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The SDK's gateway for the stand-in at `port`: its Environment is the stand-in's host and port, no TLS. */
export function braintreeGateway(port: number, privateKey = SECRET): braintree.BraintreeGateway {
  return new braintree.BraintreeGateway({
    // GraphQL is not used by the adapter: its host is the stand-in's too, never reached.
    environment: new braintree.Environment('127.0.0.1', String(port), 'http://127.0.0.1/auth-unused', false, '127.0.0.1', String(port)),
    merchantId: SANDBOX_GATEWAY_ID,
    publicKey: SANDBOX_PUBLIC_KEY,
    privateKey,
  });
}

/** A sandbox with its Braintree stand-in listening and the SDK's gateway to it; `close` stops the stand-in. */
export async function braintreeWorld() {
  const sandbox = testProcessor();
  const { port, close } = await listenBraintree(sandbox.processor);
  return { sandbox, port, gateway: braintreeGateway(port), close };
}

/** `transaction.search` by order id within merchant accounts, as the adapter looks a reference up: every match. */
export function searchByOrderId(gateway: braintree.BraintreeGateway, orderId: string, accounts: string[]): Promise<braintree.Transaction[]> {
  return new Promise((resolve, reject) => {
    const found: braintree.Transaction[] = [];
    const stream = gateway.transaction.search((s) => {
      s.orderId().is(orderId);
      s.merchantAccountId().in(accounts);
    });
    stream.on('data', (t: braintree.Transaction) => found.push(t));
    stream.on('end', () => resolve(found));
    stream.on('error', reject);
  });
}
