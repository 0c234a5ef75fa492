/**
 * The hosted checkout page passes axe (WCAG 2.1 A/AA) in each state a buyer can see, with the
 * sandbox processor's cross-origin card frame analysed as part of the page.
 */
import { expectNoViolations, scan, scanWithCardFrame } from '../../fixtures/axe.ts';
import { cards } from '../../fixtures/cards.ts';
import type { ServerInfo } from '../../fixtures/server.ts';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

const processorFields = (server: ServerInfo) => `${server.processorUrl}/fields`;

test('the hosted checkout page passes axe when ready to pay, card frame included', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  // Enabled once the processor's fields said they are ready.
  await expect(hosted.payButton).toBeEnabled();

  const results = await scanWithCardFrame(page, processorFields(server));
  expectNoViolations(results);
});

test('the hosted checkout page passes axe after a decline', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await hosted.pay(cards.declined);

  await hosted.expectDeclinedThenReady();

  const results = await scanWithCardFrame(page, processorFields(server));
  expectNoViolations(results);
});

test('the hosted checkout page passes axe once paid', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await hosted.pay(cards.approved);
  await expect(hosted.success).toBeVisible();

  expectNoViolations(await scan(page));
});

test('the hosted checkout page passes axe for a session that does not exist', async ({ page, server }) => {
  await page.goto(`${server.serviceUrl}/pay/vp_cs_test_doesnotexist`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout not found' })).toBeVisible();

  expectNoViolations(await scan(page));
});
