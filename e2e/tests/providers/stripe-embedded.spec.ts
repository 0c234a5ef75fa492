/**
 * A `card_element` merchant's embed session on its own page (issue 19): `mountCheckout` mounts the
 * checkout frame, which runs Stripe's card element (the sandbox's stripe.js stand-in) where the
 * sandbox fields would be, and the buyer pays, is declined and retries, and passes the bank check
 * as on every other path. The merchant page hears outcomes only.
 */
import { approvedNumberForms, cards } from '../../fixtures/cards.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';
import { serverState } from '../../fixtures/state.ts';
import { expect, test } from '../../fixtures/test.ts';
import { EmbeddedCheckoutPage } from '../../models/embedded-checkout-page.ts';
import { StripeCardElement } from '../../models/stripe-card-element.ts';

let merchantPage: MerchantPage;
test.beforeAll(async () => {
  merchantPage = await startMerchantPage(serverState().serviceUrl);
});
test.afterAll(async () => {
  await merchantPage.close();
});
test.use({ merchantBody: { processor: 'card_element' } });

const order = { amount: 2500, currency: 'usd', description: 'Svc Tee (e2e)' };

test('a buyer pays a Stripe merchant’s embed session in Stripe’s card element inside the checkout frame', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, order);
  const checkout = new EmbeddedCheckoutPage(page);
  const stripe = new StripeCardElement(checkout.checkoutFrame);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });

  await expect(checkout.events).toHaveText(['ready']);
  await stripe.card.fill(cards.approved);
  await checkout.payButton.click();
  await expect(checkout.success).toBeVisible();
  const after = await api.getSession(merchant.keys.secret, session.id);
  expect(after).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  await expect(checkout.events).toHaveText(['ready', `success ${String(after.paymentIntentId)}`]);
  const html = await page.content();
  for (const form of approvedNumberForms) expect(html).not.toContain(form);
});

test('a declined card is reported to the page, and the buyer pays with another in a fresh element', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, order);
  const checkout = new EmbeddedCheckoutPage(page);
  const stripe = new StripeCardElement(checkout.checkoutFrame);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });

  await stripe.card.fill(cards.declined);
  await checkout.payButton.click();
  await expect(checkout.events.nth(1)).toHaveText(/^failure card_declined/);
  await expect(checkout.checkoutFrame.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();
  await expect(stripe.card.number).toHaveValue('');
  await expect(checkout.payButton).toBeEnabled();
  await stripe.card.fill(cards.approved);
  await checkout.payButton.click();
  await expect(checkout.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('a 3-D Secure card shows stripe.js’s bank check over the checkout; closing it pays nothing, completing it pays', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, order);
  const checkout = new EmbeddedCheckoutPage(page);
  const stripe = new StripeCardElement(checkout.checkoutFrame);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });

  await stripe.card.fill(cards.challenge);
  await checkout.payButton.click();
  await expect(stripe.bankCheck().getByRole('heading', { name: 'Confirm your payment with your bank' })).toBeVisible();
  // The buyer closes the check: nothing is paid, and the checkout offers the card again.
  await stripe.dialog().getByRole('button', { name: 'Cancel authentication' }).click();
  await expect(stripe.dialog()).toHaveCount(0);
  await expect(checkout.checkoutFrame.getByRole('alert')).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });

  await expect(checkout.payButton).toBeEnabled();
  await stripe.card.fill(cards.challenge);
  await checkout.payButton.click();
  await stripe.bankCheck().getByRole('button', { name: 'Complete authentication' }).click();
  await expect(checkout.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});
