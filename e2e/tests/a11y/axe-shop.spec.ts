/**
 * The demo shop passes axe (WCAG 2.1 A/AA): its home page, and its on-page checkout with svcpay's
 * card element mounted, the cross-origin field frame analysed as part of the page.
 */
import { expectNoViolations, scan, scanWithCardFrame } from '../../fixtures/axe.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ShopPage } from '../../models/shop-page.ts';

test('the demo shop home page passes axe', async ({ page, server }) => {
  const shop = new ShopPage(page, server.demoUrl);
  await shop.open();
  await expect(shop.payOnThisPage).toBeVisible();

  expectNoViolations(await scan(page));
});

test('the on-page checkout passes axe with the card element mounted, field frame included', async ({ page, server }) => {
  const shop = new ShopPage(page, server.demoUrl);
  await shop.open();
  await shop.startOnPageCheckout();
  // The shop enables Pay on the element's ready event.
  await expect(shop.payButton).toBeEnabled();

  // Only the card field frame holds inputs (the controller frame is hidden and holds none).
  const results = await scanWithCardFrame(page, `${server.serviceUrl}/frames/field.html#`);
  expectNoViolations(results);
});
