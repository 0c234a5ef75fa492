/**
 * The fault switchboard from a QA suite (docs/qa.md, "Rehearsing a misbehaving processor"): a test
 * arms a fault with `svcpay/testing`, a buyer pays on a merchant page, and the processor's own
 * ledger says what really moved. On a server of its own: these flows move the service clock.
 */
import { armFault, disarmFault, processorLedger } from '../../../embed/testing/index.ts';
import { startSvcPay } from '../../../embed/testing/server.ts';
import type { SvcPayServer } from '../../../embed/testing/types.js';
import { SvcPayApi } from '../../fixtures/api.ts';
import { cards } from '../../fixtures/cards.ts';
import { startFlowsPage } from '../../fixtures/flows-page.ts';
import type { MerchantPage } from '../../fixtures/options-page.ts';
import { expect, test } from '../../fixtures/test.ts';
import { FlowsPage } from '../../models/flows-page.ts';

let own: SvcPayServer;
let shop: MerchantPage;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startSvcPay({ env: { SVCPAY_RATE_LIMITS: 'off' } });
  shop = await startFlowsPage(own.serviceUrl);
});
test.afterAll(async () => {
  await shop?.close();
  await own?.stop();
});

async function checkout(page: import('@playwright/test').Page) {
  const api = new SvcPayApi(own.serviceUrl);
  const merchant = await api.createMerchant();
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  const flows = new FlowsPage(page);
  await flows.open(shop.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
  return { api, merchant, session, flows };
}

test('the processor charges and its answer is lost: the service asks it back, and the ledger shows one charge', async ({ page }) => {
  const { api, merchant, session, flows } = await checkout(page);
  await armFault(own, { operation: 'charge', kind: 'lose_answer', merchant: merchant.id });

  await flows.submit(cards.approved);
  expect(await flows.result()).toMatchObject({ status: 'succeeded', sessionId: session.id });
  expect((await api.getSession(merchant.keys.secret, session.id)).paymentStatus).toBe('paid');
  expect(await processorLedger(own, merchant.id)).toMatchObject([{ amount: 2500, currency: 'usd', status: 'captured', captured: 2500, refunded: 0 }]);
});

test('the answer and the look-up after it are both lost: the buyer is told processing, the reconciler settles it, charged once', async ({ page }) => {
  const { api, merchant, session, flows } = await checkout(page);
  await armFault(own, { operation: 'charge', kind: 'lose_answer', merchant: merchant.id });
  await armFault(own, { operation: 'lookup', kind: 'lose_answer', merchant: merchant.id });

  await flows.submit(cards.approved);
  expect(await flows.result()).toMatchObject({ status: 'processing', sessionId: session.id });
  expect(await processorLedger(own, merchant.id)).toMatchObject([{ amount: 2500, currency: 'usd', status: 'captured', captured: 2500, refunded: 0 }]);

  // The reconciler asks the processor and records the charge it made: paid, and charged once.
  await expect
    .poll(async () => {
      await api.advanceClock(20);
      return (await api.getSession(merchant.keys.secret, session.id)).paymentStatus;
    })
    .toBe('paid');
  expect(await processorLedger(own, merchant.id)).toHaveLength(1);
});

test('the processor is down: nothing moves, the buyer may pay again once it is back, and is charged once', async ({ page }) => {
  const { api, merchant, session, flows } = await checkout(page);
  const fault = await armFault(own, { operation: 'charge', kind: 'down', merchant: merchant.id });

  await flows.submit(cards.approved);
  expect(await flows.result()).toMatchObject({ status: 'failed' });
  expect(await processorLedger(own, merchant.id)).toEqual([]);

  await disarmFault(own, fault);
  await flows.open(shop.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
  await flows.submit(cards.approved);
  expect(await flows.result()).toMatchObject({ status: 'succeeded' });
  expect((await api.getSession(merchant.keys.secret, session.id)).paymentStatus).toBe('paid');
  expect(await processorLedger(own, merchant.id)).toMatchObject([{ amount: 2500, captured: 2500 }]);
});
