import { cards } from '../../fixtures/cards.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ShopPage } from '../../models/shop-page.ts';

test('a buyer pays with the card element on the demo shop page', async ({ page, api, server }) => {
  const shop = new ShopPage(page, server.demoUrl);
  await shop.open();
  await shop.startOnPageCheckout();

  await shop.pay(cards.approved);
  await expect(shop.result).toContainText('Payment succeeded');

  const session = await api.getSession(server.secretKey, await shop.sessionId());
  expect(session).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', integrationMode: 'elements', chargeAtSubmit: true });
});
