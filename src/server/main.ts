/**
 * The service's start: open the store, listen on the service's origin and on the sandbox
 * processor's (which it starts beside itself, src/server/deps.ts), keep a demo merchant, recover
 * what a crash left and start the scheduler. The process entry (src/start.ts) calls it, then
 * starts the demo shop, prints the banner and writes the ready file; this module knows nothing of
 * the demo shop but its address.
 */
import type { ServerType } from '@hono/node-server';
import { closeAll, listen, serveProcessor } from './listen.ts';
import { createApp } from './app.ts';
import { buildDeps } from './deps.ts';
import type { Deps } from './context.ts';
import type { Config } from './env.ts';
import { createMerchant, type MerchantKeys } from './engine/merchants/merchants.ts';
import { createSession } from './engine/sessions/sessions.ts';
import { metaSealedAt } from './engine/sealed.ts';
import { startScheduler } from './jobs/index.ts';
import { drainInbound } from './engine/webhooks/inbound-events.ts';
import { reconcile } from './engine/payments/reconcile/reconcile.ts';
import { pushClock } from './jobs/clock-push.ts';

/** The demo merchant survives restarts: its keys are kept in the store, sealed, so the banner can print them. */
async function demoMerchant(deps: Deps): Promise<{ id: string; keys: MerchantKeys }> {
  const saved = await deps.store.read.meta.get('demo_merchant');
  if (saved) {
    const demo = JSON.parse(deps.sealer.open(saved, metaSealedAt('demo_merchant')) as string) as { id: string; keys: MerchantKeys };
    const key = await deps.store.read.merchants.findKey(demo.keys.secret);
    // A demo merchant kept from before signed redirects had no redirect key: it is made afresh.
    const current = key && key.expiresAt === null && (await deps.store.read.merchants.get(demo.id))?.status === 'active';
    if (current && (await deps.store.read.merchants.redirectKey(demo.id))) return demo;
  }
  const { merchant, keys } = await createMerchant(deps, { settings: { displayName: 'Svc Demo Shop', sameSessionRetry: 2 } });
  const demo = { id: merchant.id, keys };
  await deps.store.tx((r) => r.meta.set('demo_merchant', deps.sealer.seal(JSON.stringify(demo), metaSealedAt('demo_merchant'))));
  return demo;
}

/** The running service, as the process entry needs it for the banner and the ready file. */
export interface RunningService {
  deps: Deps;
  /** The demo merchant: kept in the store across restarts so the banner can print its keys. */
  demo: { id: string; keys: MerchantKeys };
  /** A hosted checkout of the demo merchant, made at each start for the banner. */
  checkoutUrl: string;
  /** Stops the scheduler, closes the listeners, the store and the sandbox processor. */
  stop(): Promise<void>;
}

export async function startService(config: Config): Promise<RunningService> {
  const { deps, sandbox } = await buildDeps(config);
  const app = createApp(deps);
  const servers: ServerType[] = [];

  if (config.host) servers.push(await listen(app.fetch, config.port, config.host));
  else {
    // `localhost` may resolve to either loopback family; answer on both, never on other interfaces.
    servers.push(await listen(app.fetch, config.port, '127.0.0.1'));
    await listen(app.fetch, config.port, '::1').then((s) => servers.push(s), () => undefined);
  }
  if (sandbox) servers.push(...(await serveProcessor(sandbox, config)));
  // A processor that runs alone may have missed a clock move while it was down.
  else await pushClock(deps);

  const demo = await demoMerchant(deps);
  const merchant = (await deps.store.read.merchants.get(demo.id))!;
  const session = await createSession(deps, { merchant, keyType: 'secret', livemode: false, keyId: 'banner' }, {
      amount: 2500,
      currency: 'usd',
      description: 'Svc Tee',
      lineItems: [{ name: 'Svc Tee', quantity: 1, unitAmount: 2500 }],
      successUrl: `${config.demoUrl}/success`,
      cancelUrl: `${config.demoUrl}/`,
      expiresIn: 86400,
  });
  const checkoutUrl = `${config.publicUrl}/pay/${session.id}`;
  // Provider events acknowledged before a crash and not yet applied come first: they carry outcomes.
  await drainInbound(deps);
  // A crash may have left attempts between the processor call and their outcome: ask about all of them.
  const recovered = await reconcile(deps, { all: true });
  if (recovered.recorded || recovered.failed || recovered.waiting) deps.log.info('start-up reconciliation', { ...recovered });
  const stopScheduler = startScheduler(deps);

  const stop = async () => {
    stopScheduler();
    await closeAll(servers);
    await deps.store.close();
    sandbox?.close();
  };
  return { deps, demo, checkoutUrl, stop };
}
