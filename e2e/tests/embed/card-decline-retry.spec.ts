import { cards } from '../../fixtures/cards.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ShopPage } from '../../models/shop-page.ts';

test('a declined buyer on the demo shop page tries another card and pays', async ({ page, api, server }) => {
  const shop = new ShopPage(page, server.demoUrl);
  await shop.open();
  await shop.startOnPageCheckout();

  await shop.pay(cards.declined);
  await expect(shop.result).toContainText(/declined/i);
  await expect(shop.payButton).toBeEnabled();

  await shop.pay(cards.approved);
  await expect(shop.result).toContainText('Payment succeeded');
  const session = await api.getSession(server.secretKey, await shop.sessionId());
  expect(session).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});
