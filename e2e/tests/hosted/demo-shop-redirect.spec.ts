import { expect, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';
import { ShopPage } from '../../models/shop-page.ts';

test('the demo shop sends a buyer to a hosted checkout of its order', async ({ page, api, server }) => {
  const shop = new ShopPage(page, server.demoUrl);
  await shop.open();
  await shop.payOnHostedPage.click();

  await page.waitForURL(`${server.serviceUrl}/pay/**`);
  const hosted = new HostedCheckoutPage(page);
  await expect(hosted.payButton).toHaveAccessibleName('Pay $25.00');
  await expect(hosted.card.number).toBeVisible();

  // The shop created it with its secret key, for the shop's own merchant account. Opening the page
  // ran init, which moves a session from pending to processing (Doc 1, Session status).
  const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const session = await api.getSession(server.secretKey, sessionId);
  expect(session).toMatchObject({ status: 'processing', paymentStatus: 'unpaid', amount: 2500, successUrl: `${server.demoUrl}/success` });
});
