/**
 * Process entry (`npm start`): parse env, open the store, start the service, the sandbox
 * processor and the demo shop on their three origins, print what a newcomer needs.
 */
import { serve, type ServerType } from '@hono/node-server';
import { writeFileSync } from 'node:fs';
import { createApp } from './app.ts';
import { buildDeps } from './deps.ts';
import type { Deps } from './context.ts';
import { loadConfig, type Config } from './env.ts';
import { createMerchant, type MerchantKeys } from './engine/merchants/merchants.ts';
import { createSession } from './engine/sessions/sessions.ts';
import { startScheduler } from './jobs/index.ts';
import { drainInbound } from './engine/webhooks/inbound-events.ts';
import { reconcile } from './engine/payments/reconcile/reconcile.ts';

type Fetch = (req: Request) => Response | Promise<Response>;

function listen(fetch: Fetch, port: number, hostname: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => resolve(server));
    server.once('error', reject);
  });
}

/** The demo merchant survives restarts: its keys are kept in the store so the banner can print them. */
async function demoMerchant(deps: Deps): Promise<{ id: string; keys: MerchantKeys }> {
  const saved = await deps.store.read.meta.get('demo_merchant');
  if (saved) {
    const demo = JSON.parse(saved) as { id: string; keys: MerchantKeys };
    const key = await deps.store.read.merchants.findKey(demo.keys.secret);
    // A demo merchant kept from before signed redirects had no redirect key: it is made afresh.
    const current = key && key.expiresAt === null && (await deps.store.read.merchants.get(demo.id))?.status === 'active';
    if (current && (await deps.store.read.merchants.redirectKey(demo.id))) return demo;
  }
  const { merchant, keys } = await createMerchant(deps, { settings: { displayName: 'Svc Demo Shop', sameSessionRetry: 2 } });
  const demo = { id: merchant.id, keys };
  await deps.store.tx((r) => r.meta.set('demo_merchant', JSON.stringify(demo)));
  return demo;
}

async function start(config: Config) {
  const { deps, sandbox } = await buildDeps(config);
  const app = createApp(deps);
  const servers: ServerType[] = [];

  if (config.host) servers.push(await listen(app.fetch, config.port, config.host));
  else {
    // `localhost` may resolve to either loopback family; answer on both, never on other interfaces.
    servers.push(await listen(app.fetch, config.port, '127.0.0.1'));
    await listen(app.fetch, config.port, '::1').then((s) => servers.push(s), () => undefined);
  }
  servers.push(await listen(sandbox.app.fetch, config.processorPort, new URL(config.processorUrl).hostname));

  const demo = await demoMerchant(deps);
  let closeDemo: (() => Promise<void>) | undefined;
  if (config.demo) {
    const { startDemoShop } = await import('../../demo/shop/server.ts');
    const shop = await startDemoShop({
      port: config.demoPort,
      host: new URL(config.demoUrl).hostname,
      publicUrl: config.demoUrl,
      serviceUrl: config.publicUrl,
      publicServiceUrl: config.publicUrl,
      secretKey: demo.keys.secret,
      publishableKey: demo.keys.publishable,
    });
    closeDemo = shop.close;
  }
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

  const rows: [string, string][] = [
    ['service', config.publicUrl],
    ['sandbox processor', config.processorUrl],
    ['demo shop', config.demo ? config.demoUrl : '(off)'],
    ['database', config.dataPath],
    ['secret key', demo.keys.secret],
    ['publishable key', demo.keys.publishable],
    ['hosted checkout', checkoutUrl],
    ['test cards', '4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines (any future expiry, any CVC)'],
  ];
  process.stdout.write(['', 'svcpay reference server', ...rows.map(([k, v]) => `  ${k.padEnd(18)} ${v}`), ''].join('\n') + '\n');
  if (config.readyFile) {
    writeFileSync(
      config.readyFile,
      JSON.stringify({
        serviceUrl: config.publicUrl,
        processorUrl: config.processorUrl,
        demoUrl: config.demoUrl,
        merchantId: demo.id,
        secretKey: demo.keys.secret,
        publishableKey: demo.keys.publishable,
        checkoutUrl,
      }),
    );
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    stopScheduler();
    await closeDemo?.();
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    await deps.store.close();
    sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

start(loadConfig()).catch((err: unknown) => {
  process.stderr.write(`svcpay failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
