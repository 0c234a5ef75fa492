/**
 * `import { test, expect } from 'svcpay/testing'`: Playwright's `test`, extended with what a QA
 * engineer needs to test a svcpay checkout (issue 22):
 * - `svcpay` (per worker): the reference server, started for the run with `startSvcPay`, or the one
 *   at `svcpayOptions.url` / `SVCPAY_URL`;
 * - `merchant`: a fresh sandbox merchant per test (`merchant.id`, `merchant.keys.secret`,
 *   `merchant.keys.publishable`), made with `merchantOptions`;
 * - `api`: the typed server client (`svcpay/server`) with that merchant's secret key;
 * - `control`: the sandbox control API (clock, provider events, faults, ledger);
 * - `webhooks`: a receiver on loopback subscribed for that merchant, which verifies every delivery;
 * - `checkout`: the hosted checkout page's page object, on the test's `page`.
 */
import { test as base, expect } from '@playwright/test';
import { createSvcPayClient } from '../server/index.ts';
import { createSandboxControl } from '../server/sandbox.ts';
import { eventTypes } from '../../src/vocab/events.ts';
import { HostedCheckoutPage } from './pages.ts';
import { startSvcPay } from './server.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';
import type { SvcPayTestFixtures, SvcPayWorkerFixtures } from './fixture-types.js';

export const test = base.extend<SvcPayTestFixtures, SvcPayWorkerFixtures>({
  svcpayOptions: [{}, { option: true, scope: 'worker' }],
  svcpay: [
    async ({ svcpayOptions }, use) => {
      const given = svcpayOptions.url ?? process.env.SVCPAY_URL;
      const controlToken = svcpayOptions.controlToken ?? process.env.SVCPAY_CONTROL_TOKEN;
      if (given) return use({ url: given.replace(/\/+$/, ''), controlToken });
      const server = await startSvcPay(svcpayOptions);
      try {
        await use({ url: server.serviceUrl, controlToken });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  merchantOptions: [{}, { option: true }],
  webhookEvents: [eventTypes, { option: true }],
  control: async ({ svcpay }, use) => use(createSandboxControl({ baseUrl: svcpay.url, controlToken: svcpay.controlToken })),
  merchant: async ({ control, merchantOptions }, use) => use(await control.merchants.create(merchantOptions)),
  api: async ({ svcpay, merchant }, use) => use(createSvcPayClient({ secretKey: merchant.keys.secret, baseUrl: svcpay.url })),
  webhooks: async ({ api, webhookEvents }, use) => {
    const receiver = await startWebhookReceiver();
    try {
      const made = await api.POST('/v1/webhook_subscriptions', { body: { url: receiver.url, enabledEvents: [...webhookEvents] as never } });
      if (!made.data) throw new Error(`svcpay/testing: the webhook subscription was refused: ${JSON.stringify(made.error)}`);
      receiver.setSecret((made.data as { secret: string }).secret);
      await use(Object.assign(receiver, { subscriptionId: made.data.id }));
    } finally {
      await receiver.close();
    }
  },
  checkout: async ({ page }, use) => use(new HostedCheckoutPage(page)),
});

export { expect };
