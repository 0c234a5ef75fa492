/**
 * A buyer pays with the keyboard alone: Tab moves focus into the cross-origin card frame and out
 * again to Pay, typing fills the card, Enter pays. Focus is asserted at every step, so a frame that
 * traps or skips focus fails here with the step that broke.
 *
 * The card form moves on by itself once a part is complete (number, expiry, CVC), so after typing
 * one the next is already focused; the buyer Tabs only out of the last input.
 */
import type { Page } from '@playwright/test';
import { cards, type TestCard } from '../../fixtures/cards.ts';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import type { CardForm } from '../../models/card-form.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';
import { ShopPage } from '../../models/shop-page.ts';

/** Types the card from the focused card number input, following focus as the form moves it. */
async function typeCard(page: Page, card: CardForm, values: TestCard): Promise<void> {
  await expect(card.number).toBeFocused();
  await page.keyboard.type(values.number);
  await expect(card.expiry).toBeFocused();
  await page.keyboard.type(values.expiry);
  await expect(card.cvc).toBeFocused();
  await page.keyboard.type(values.cvc);
  await expect(card.postalCode).toBeFocused();
  await page.keyboard.type(values.postalCode);
  await expect(card.postalCode).toHaveValue(values.postalCode);
}

test('a buyer pays on the hosted page with the keyboard alone', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await expect(hosted.payButton).toBeEnabled();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Cancel and return to / })).toBeFocused();
  // The buyer details a default account asks for (email and name, both optional), then the card.
  await page.keyboard.press('Tab');
  await expect(hosted.buyer.email).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(hosted.buyer.name).toBeFocused();
  await page.keyboard.press('Tab');
  await typeCard(page, hosted.card, cards.approved);
  await page.keyboard.press('Tab');
  await expect(hosted.payButton).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(hosted.success).toBeVisible();
  await expect.poll(async () => (await api.getSession(merchant.keys.secret, session.id)).status).toBe('succeeded');
});

test('after a decline, keyboard focus goes to the fresh card number and the buyer retries from there', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await expect(hosted.payButton).toBeEnabled();

  // Cancel, then the optional email and name (issue 10), then the card.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await typeCard(page, hosted.card, cards.declined);
  await page.keyboard.press('Tab');
  await expect(hosted.payButton).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(hosted.declineAlert).toBeVisible();
  // Paying disabled the button and so dropped focus; once the fresh fields are ready the page puts
  // it on their card number (issue 38), where the next card is typed, instead of leaving the buyer
  // on <body> where the next Tab leaves the page.
  await expect(hosted.card.number).toBeFocused();
  await expect(hosted.card.number).toHaveValue('');
  await typeCard(page, hosted.card, cards.approved);
  await page.keyboard.press('Tab');
  await expect(hosted.payButton).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(hosted.success).toBeVisible();
});

test('a buyer pays with the card element on the demo shop with the keyboard alone', async ({ page, api, server }) => {
  const shop = new ShopPage(page, server.demoUrl);
  await shop.open();

  // Shop name, "Pay on the hosted page", then "Pay on this page".
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await expect(shop.payOnThisPage).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${server.demoUrl}/checkout/elements`);
  await expect(shop.payButton).toBeEnabled();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Svc Shop' })).toBeFocused();
  await page.keyboard.press('Tab');
  await typeCard(page, shop.card, cards.approved);
  await page.keyboard.press('Tab');
  await expect(shop.payButton).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(shop.result).toContainText('Payment succeeded');
  const paid = await api.getSession(server.secretKey, await shop.sessionId());
  expect(paid).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('paying with an empty card by keyboard takes focus to the first input to fix', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await expect(hosted.payButton).toBeEnabled();

  // Cancel, email, name, the card's four inputs: the eighth Tab reaches Pay.
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  await expect(hosted.payButton).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(hosted.card.number).toHaveAttribute('aria-invalid', 'true');
  await expect(hosted.card.number).toBeFocused();
});
