/**
 * Process entry for the sandbox processor alone (`npm run processor`, `npx svcpay processor`;
 * Doc 3, Several instances): its API and fields page on PROCESSOR_PORT and the Stripe and
 * Braintree stand-ins on theirs, its own SQLite file (SVCPAY_PROCESSOR_DATA), its provider events
 * sent to SVCPAY_SERVICE_URL. Instances reach it with SVCPAY_PROCESSOR_URL and the same
 * SVCPAY_PROCESSOR_SECRET; it keeps the service clock they push to it.
 */
import { writeFileSync } from 'node:fs';
import { checkedConfig, exitOnStartFailure } from './server/env-check.ts';
import { createLogger } from './server/log.ts';
import { closeAll, serveProcessor } from './server/listen.ts';
import { redactUrl } from './platform/redact-url.ts';
import { createSandboxProcessor, processorDataPath, processorSecrets } from '../sandbox-processor/index.ts';

async function start() {
  const config = checkedConfig();
  if (!config.processorSecret) throw new Error('set SVCPAY_PROCESSOR_SECRET (24 characters or more): the instances that use this processor set the same one');
  const dataPath = config.processorData ?? processorDataPath(config.dataPath);
  const log = createLogger(config.log);
  const { apiSecret, webhookSecret, stripePublishableKey } = processorSecrets(config.processorSecret);
  const sandbox = createSandboxProcessor({
    dataPath,
    apiSecret,
    webhookSecret,
    stripePublishableKey,
    braintreeUrl: config.braintreeUrl,
    serviceUrl: config.serviceUrl,
    publicUrl: config.processorUrl,
    distDir: config.distDir,
    log,
    rateLimits: config.rateLimits,
  });
  const servers = await serveProcessor(sandbox, config);
  const rows: [string, string][] = [
    ['sandbox processor', redactUrl(config.processorUrl)],
    ['stripe stand-in', config.stripeUrl],
    ['braintree stand-in', config.braintreeUrl],
    ['provider events to', config.serviceUrl],
    ['database', dataPath],
  ];
  process.stdout.write(['', 'svcpay sandbox processor (alone)', ...rows.map(([k, v]) => `  ${k.padEnd(18)} ${v}`), ''].join('\n') + '\n');
  if (config.readyFile) writeFileSync(config.readyFile, JSON.stringify({ processorUrl: config.processorUrl, stripeUrl: config.stripeUrl, braintreeUrl: config.braintreeUrl, dataPath }));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await closeAll(servers);
    sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

start().catch(exitOnStartFailure('svcpay processor'));
