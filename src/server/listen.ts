/** Listening on a port: the service's, and the sandbox processor's three origins (beside it or alone). */
import { serve, type ServerType } from '@hono/node-server';
import { EnvError, type Config } from './env.ts';
import type { SandboxProcessor } from '../../sandbox-processor/index.ts';

type Fetch = (req: Request) => Response | Promise<Response>;

/** The variables that choose each listener's port, named when it cannot be had. */
export type PortVariable = 'PORT' | 'PROCESSOR_PORT' | 'STRIPE_PORT' | 'BRAINTREE_PORT' | 'DEMO_PORT';

export function listen(fetch: Fetch, port: number, hostname: string, variable: PortVariable = 'PORT'): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => resolve(server));
    server.once('error', (err) => reject(portProblem(err, port, variable)));
  });
}

/**
 * A port another program holds (or one below 1024 without the right) as the one line that says
 * which variable to change (issue 36: the old message named the port, not what chose it).
 */
export function portProblem(err: unknown, port: number, variable: PortVariable): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return new EnvError(`svcpay: port ${port} (${variable}) is in use: set ${variable} to a free port`);
  if (code === 'EACCES') return new EnvError(`svcpay: port ${port} (${variable}) needs privileges this process lacks: set ${variable} to 1024 or above`);
  return err;
}

/**
 * The processor's API and fields page on its origin, and the Stripe and Braintree stand-ins
 * (issue 19) each on an origin of its own, as the providers' hosts are.
 */
export async function serveProcessor(sandbox: SandboxProcessor, config: Pick<Config, 'processorPort' | 'processorUrl' | 'stripePort' | 'stripeUrl' | 'braintreePort' | 'braintreeUrl'>): Promise<ServerType[]> {
  return [
    await listen(sandbox.app.fetch, config.processorPort, new URL(config.processorUrl).hostname, 'PROCESSOR_PORT'),
    await listen(sandbox.stripe.fetch, config.stripePort, new URL(config.stripeUrl).hostname, 'STRIPE_PORT'),
    await listen(sandbox.braintree.fetch, config.braintreePort, new URL(config.braintreeUrl).hostname, 'BRAINTREE_PORT'),
  ];
}

export const closeAll = (servers: ServerType[]) => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
