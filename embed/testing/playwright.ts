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
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect } from '@playwright/test';
import { createSvcPayClient } from '../server/index.ts';
import { createSandboxControl } from '../server/sandbox.ts';
import { verifyWebhook, type WebhookEnvelope } from '../webhooks/index.ts';
import { eventTypes } from '../../src/vocab/events.ts';
import { HostedCheckoutPage } from './pages.ts';
import { startSvcPay } from './server.ts';
import type { SvcPayTestFixtures, SvcPayWorkerFixtures, WebhookReceiver } from './fixture-types.js';

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
    const receiver = await listen();
    try {
      const made = await api.POST('/v1/webhook_subscriptions', { body: { url: receiver.url, enabledEvents: [...webhookEvents] as never } });
      if (!made.data) throw new Error(`svcpay/testing: the webhook subscription was refused: ${JSON.stringify(made.error)}`);
      receiver.secret = (made.data as { secret: string }).secret;
      await use(Object.assign(receiver.public, { subscriptionId: made.data.id }));
    } finally {
      await receiver.close();
    }
  },
  checkout: async ({ page }, use) => use(new HostedCheckoutPage(page)),
});

export { expect };

/** A loopback HTTP server that keeps the deliveries `verifyWebhook` accepts (test mode allows loopback URLs). */
async function listen() {
  const events: WebhookEnvelope[] = [];
  const waiters = new Set<() => void>();
  const state = { secret: '', refused: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        events.push(verifyWebhook({ rawBody: Buffer.concat(chunks), signature: req.headers['x-svc-signature'], secret: state.secret }));
        res.writeHead(200).end();
        for (const wake of waiters) wake();
      } catch {
        state.refused++;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  const waitFor: WebhookReceiver['waitFor'] = (type, options = {}) => {
    const match = (e: WebhookEnvelope) => e.type === type && (!options.where || options.where(e));
    const timeout = options.timeout ?? 30_000;
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`svcpay/testing: no verified "${type}" webhook within ${timeout} ms (received: ${events.map((e) => e.type).join(', ') || 'none'})`));
      }, timeout);
      if (!check()) waiters.add(check);
    });
  };
  const view = {
    url,
    subscriptionId: '',
    events,
    get refused() {
      return state.refused;
    },
    waitFor,
  };
  return {
    url,
    public: view as WebhookReceiver,
    set secret(value: string) {
      state.secret = value;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
