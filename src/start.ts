/**
 * Process entry (`npm start`, `npx svcpay`): parse env, start the service with the sandbox
 * processor beside it (src/server/main.ts), then the demo shop (demo/shop) on the third origin,
 * print what a newcomer needs and write the ready file. The one module that starts all three; the
 * service imports no demo code.
 */
import { writeFileSync } from 'node:fs';
import type { Config } from './server/env.ts';
import { checkedConfig, exitOnStartFailure } from './server/env-check.ts';
import { portProblem } from './server/listen.ts';
import { startService } from './server/main.ts';
import { redactUrl } from './platform/redact-url.ts';

async function start(config: Config) {
  const service = await startService(config);
  const { demo, checkoutUrl } = service;
  let closeDemo: (() => Promise<void>) | undefined;
  if (config.demo) {
    // Loaded only when it runs: a start without the demo (bench, tests) does not load its code.
    const { startDemoShop } = await import('../demo/shop/server.ts');
    const shop = await startDemoShop({
      port: config.demoPort,
      host: new URL(config.demoUrl).hostname,
      publicUrl: config.demoUrl,
      serviceUrl: config.publicUrl,
      publicServiceUrl: config.publicUrl,
      secretKey: demo.keys.secret,
      publishableKey: demo.keys.publishable,
    }).catch((err: unknown) => {
      throw portProblem(err, config.demoPort, 'DEMO_PORT');
    });
    closeDemo = shop.close;
  }

  const rows: [string, string][] = [
    ['service', config.publicUrl],
    ['sandbox processor', redactUrl(config.processorUrl)],
    ['stripe stand-in', config.stripeUrl],
    ['braintree stand-in', config.braintreeUrl],
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
        stripeUrl: config.stripeUrl,
        braintreeUrl: config.braintreeUrl,
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
    // The reverse of the start: the shop (a client of the service) first, then the service.
    await closeDemo?.();
    await service.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// Inside the promise, so a bad variable is the one line exitOnStartFailure prints, not a stack trace.
Promise.resolve()
  .then(() => start(checkedConfig()))
  .catch(exitOnStartFailure('svcpay'));
