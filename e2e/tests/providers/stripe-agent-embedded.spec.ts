/**
 * An `agent_hosted_fields` merchant's embed session on its own page (issue 19): `mountCheckout`'s
 * checkout frame runs Stripe's card element (the stand-in), the service confirms the payment with
 * the PaymentMethod it makes, and a card whose bank wants the buyer shows the bank's check in the
 * checkout's own dialog, inside the frame: closing it charges nothing and the buyer may try again;
 * completing it pays. The merchant page hears outcomes only.
 */
import { cards } from '../../fixtures/cards.ts';
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
test.use({ merchantBody: { processor: 'agent_hosted_fields' } });

test('a challenge card shows the bank check inside the checkout frame; closing it pays nothing, completing it pays', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', description: 'Svc Tee (e2e)' });
  const checkout = new EmbeddedCheckoutPage(page);
  const stripe = new StripeCardElement(checkout.checkoutFrame);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
  await expect(checkout.events).toHaveText(['ready']);

  await stripe.card.fill(cards.challenge);
  await checkout.payButton.click();
  const dialog = checkout.checkoutFrame.getByRole('dialog', { name: 'Confirm your payment with your bank' });
  const bank = checkout.checkoutFrame.frameLocator('iframe[src*="/challenge/"]');
  await expect(bank.getByRole('heading', { name: 'Confirm your payment with your bank' })).toBeVisible();
  // The frame grew to hold the dialog (480 × 640): the bank's page is not squeezed into the form's height.
  const frame = page.locator('iframe[title="Secure checkout"]');
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(640);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  // The frame grows while the dialog is open: the bank's button must not move under the buyer's
  // pointer meanwhile. Put the frame back at a short form's height, scroll to the button as a click
  // does first (nothing may scroll: a scrolled bank page moved the button once the frame grew, and
  // a click aimed at it missed), and the button stays where it was.
  const complete = bank.getByRole('button', { name: 'Complete authentication' });
  const grown = await complete.boundingBox();
  const height = await frame.evaluate((f) => f.style.height);
  await frame.evaluate((f) => void (f.style.height = '220px'));
  await complete.scrollIntoViewIfNeeded();
  expect(await complete.boundingBox(), 'the bank button at 220 px, scrolled to, and once grown').toEqual(grown);
  await frame.evaluate((f, h) => void (f.style.height = h), height);
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });

  // Closed by the buyer: nothing charged, the page hears a failure, the card may be tried again.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(checkout.checkoutFrame.getByRole('alert')).toBeVisible();
  await expect(checkout.events.nth(1)).toHaveText(/^failure /);
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });

  await expect(checkout.payButton).toBeEnabled();
  await stripe.card.fill(cards.challenge);
  await checkout.payButton.click();
  // As the first time, the page grows the frame to hold the dialog; the buyer clicks as soon as the
  // bank's button shows, which stays put while the frame grows.
  await complete.click();
  await expect(checkout.success).toBeVisible();
  const after = await api.getSession(merchant.keys.secret, session.id);
  expect(after).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  await expect(checkout.events.last()).toHaveText(`success ${String(after.paymentIntentId)}`);
});
