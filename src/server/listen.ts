/** Listening on a port: the service's, and the sandbox processor's three origins (beside it or alone). */
import { serve, type ServerType } from '@hono/node-server';
import type { Config } from './env.ts';
import type { SandboxProcessor } from '../../sandbox-processor/index.ts';

type Fetch = (req: Request) => Response | Promise<Response>;

export function listen(fetch: Fetch, port: number, hostname: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => resolve(server));
    server.once('error', reject);
  });
}

/**
 * The processor's API and fields page on its origin, and the Stripe and Braintree stand-ins
 * (issue 19) each on an origin of its own, as the providers' hosts are.
 */
export async function serveProcessor(sandbox: SandboxProcessor, config: Pick<Config, 'processorPort' | 'processorUrl' | 'stripePort' | 'stripeUrl' | 'braintreePort' | 'braintreeUrl'>): Promise<ServerType[]> {
  return [
    await listen(sandbox.app.fetch, config.processorPort, new URL(config.processorUrl).hostname),
    await listen(sandbox.stripe.fetch, config.stripePort, new URL(config.stripeUrl).hostname),
    await listen(sandbox.braintree.fetch, config.braintreePort, new URL(config.braintreeUrl).hostname),
  ];
}

export const closeAll = (servers: ServerType[]) => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
