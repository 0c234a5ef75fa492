/**
 * A charge whose outcome is not known when the buyer pays (Doc 3, confirmPayment `processing`): the
 * processor charges the card but its answer is lost on the way back. The buyer is told the payment
 * is processing, not that it failed, so they do not pay twice; the reconciler later looks the
 * charge up and settles the session, with the card charged once.
 *
 * On a server of its own whose processor runs alone (`svcpay processor`, Doc 3, Several instances)
 * behind a loopback proxy that can lose an answer (e2e/fixtures/processor-proxy.ts), with a short
 * processor timeout.
 */
import { randomBytes } from 'node:crypto';
import { freePorts, startProcessorAlone, startSvcPay } from '../../../embed/testing/server.ts';
import type { SvcPayServer } from '../../../embed/testing/types.js';
import { SvcPayApi } from '../../fixtures/api.ts';
import { cards } from '../../fixtures/cards.ts';
import { startFlowsPage } from '../../fixtures/flows-page.ts';
import type { MerchantPage } from '../../fixtures/options-page.ts';
import { startProcessorProxy, type ProcessorProxy } from '../../fixtures/processor-proxy.ts';
import { expect, test } from '../../fixtures/test.ts';
import { FlowsPage } from '../../models/flows-page.ts';

let own: SvcPayServer;
let processor: Awaited<ReturnType<typeof startProcessorAlone>>;
let proxy: ProcessorProxy;
let shop: MerchantPage;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [port, processorPort] = await freePorts(2);
  const serviceUrl = `http://localhost:${port}`;
  const secret = randomBytes(24).toString('base64url');
  proxy = await startProcessorProxy(processorPort!);
  // Browsers and the service both reach the processor through the proxy.
  processor = await startProcessorAlone({ PROCESSOR_PORT: String(processorPort), SVCPAY_PROCESSOR_URL: proxy.url, SVCPAY_PROCESSOR_SECRET: secret, SVCPAY_SERVICE_URL: serviceUrl });
  own = await startSvcPay({
    env: {
      SVCPAY_RATE_LIMITS: 'off',
      PORT: String(port),
      SVCPAY_PUBLIC_URL: serviceUrl,
      SVCPAY_PROCESSOR_URL: proxy.url,
      SVCPAY_PROCESSOR_SECRET: secret,
      SVCPAY_STRIPE_URL: processor.stripeUrl,
      SVCPAY_BRAINTREE_URL: processor.braintreeUrl,
      SVCPAY_PROCESSOR_TIMEOUT_MS: '1500',
    },
  });
  shop = await startFlowsPage(own.serviceUrl);
});
test.afterAll(async () => {
  await shop?.close();
  await own?.stop();
  await processor?.stop();
  await proxy?.close();
});

test('a charge whose answer is lost resolves processing; the reconciler settles it later, charged once', async ({ page }) => {
  const api = new SvcPayApi(own.serviceUrl);
  const merchant = await api.createMerchant();
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  const flows = new FlowsPage(page);
  await flows.open(shop.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });

  // The charge and the service's look-up of it right after the timeout both go unanswered.
  const restore = proxy.loseAnswers('POST /v1/transactions', 'GET /v1/transactions');
  await flows.submit(cards.approved);
  expect(await flows.result()).toMatchObject({ status: 'processing', sessionId: session.id });
  expect((await api.getSession(merchant.keys.secret, session.id)).paymentStatus).toBe('unpaid');
  restore();

  // The reconciler's first look is due 15 s of service clock after the attempt.
  await expect
    .poll(async () => {
      await api.advanceClock(20);
      return (await api.getSession(merchant.keys.secret, session.id)).paymentStatus;
    })
    .toBe('paid');
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentIntentId: expect.stringMatching(/^vpi_/) });
  expect(proxy.seen.filter((r) => r === 'POST /v1/transactions')).toHaveLength(1);
});
