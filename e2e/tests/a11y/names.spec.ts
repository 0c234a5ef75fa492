/**
 * What a screen reader hears: the card inputs inside the cross-origin frames are textboxes named
 * as spec 3 fixes, the frames have titles, Pay is named with its amount, field errors describe
 * their input, a decline is an alert and a success a status.
 */
import type { FrameLocator } from '@playwright/test';
import { cards } from '../../fixtures/cards.ts';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';
import { ShopPage } from '../../models/shop-page.ts';

const inputNames = ['Card number', 'Expiration date', 'Security code', 'Postal code'];

async function expectNamedCardInputs(frame: FrameLocator): Promise<void> {
  await expect(frame.getByRole('group', { name: 'Card details', exact: true })).toBeVisible();
  for (const name of inputNames) await expect(frame.getByRole('textbox', { name, exact: true })).toBeVisible();
  await expect(frame.getByRole('textbox')).toHaveCount(inputNames.length);
}

test('the hosted page names its card frame, inputs, Pay button, decline and success', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);

  const frameElement = page.locator(`iframe[src^="${server.processorUrl}/fields"]`);
  await expect(frameElement).toHaveAccessibleName('Card details');
  const frame = frameElement.contentFrame();
  await expectNamedCardInputs(frame);
  await expect(page.getByRole('button', { name: 'Pay $25.00', exact: true })).toBeEnabled();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  // Paying with nothing typed: each input is marked invalid and described by its error.
  await hosted.payButton.click();
  const number = frame.getByRole('textbox', { name: 'Card number', exact: true });
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription('Your card number is incomplete.');

  await hosted.card.fill(cards.declined);
  await hosted.payButton.click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Try another card.');

  await expect(hosted.card.number).toHaveValue('');
  await expect(hosted.payButton).toBeEnabled();
  await hosted.pay(cards.approved);
  await expect(page.getByRole('status')).toContainText('Payment successful');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the demo shop names its card frame, inputs, Pay button and outcome', async ({ page, server }) => {
  const shop = new ShopPage(page, server.demoUrl);
  await shop.open();
  await shop.startOnPageCheckout();

  const frameElement = page.locator(`iframe[src^="${server.serviceUrl}/frames/field.html"][data-svcpay-element="card"]`);
  await expect(frameElement).toHaveAccessibleName('Secure card payment input frame');
  await expectNamedCardInputs(frameElement.contentFrame());
  await expect(page.getByRole('button', { name: 'Pay $25.00', exact: true })).toBeEnabled();

  await shop.pay(cards.declined);
  await expect(page.getByRole('status')).toHaveText('Your card was declined. Try another card.');

  await expect(shop.payButton).toBeEnabled();
  await shop.pay(cards.approved);
  await expect(page.getByRole('status')).toHaveText('Payment succeeded. Thank you for your order!');
});
