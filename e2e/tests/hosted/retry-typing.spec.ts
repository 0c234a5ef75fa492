/**
 * Issue 38: a buyer with fast hands types the next card the moment the decline shows. The retry's
 * fresh form is held back (the answer that brings its token waits for the test), so the declined
 * form stays on screen for as long as the race once took: it must take none of the typing, say
 * why, and hand the buyer to the fresh form's card number once that is ready, so nothing typed is
 * silently lost. On the hosted page with the sandbox's fields, Stripe's and Braintree's, and in the
 * checkout `mountCheckout` mounts.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { cards, type TestCard } from '../../fixtures/cards.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';
import { serverState } from '../../fixtures/state.ts';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import { BraintreeHostedFields } from '../../models/braintree-hosted-fields.ts';
import { EmbeddedCheckoutPage } from '../../models/embedded-checkout-page.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';
import { StripeCardElement } from '../../models/stripe-card-element.ts';

/** Holds the answers to requests for `url` made once armed (the retry's fresh token), until released. */
async function holdFreshForm(page: Page, url: string) {
  let armed = false;
  let held = 0;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    if (armed) {
      held++;
      await released;
    }
    await route.continue();
  });
  return { arm: () => void (armed = true), release, held: () => held };
}

/** A card form as a test fills it: its number, and all four inputs typed as a buyer types. */
interface Form {
  number: Locator;
  fill(card: TestCard): Promise<void>;
}

/** What the buyer sees of the checkout around the form. */
interface Checkout {
  payButton: Locator;
  alert: Locator;
  preparing: Locator;
  success: Locator;
}

/**
 * The race, played slowly: a declined card, the retry's fresh form held back, and the buyer
 * straight into the card number, as a person does it: a click where it shows, then the keys, with
 * no wait for the field to take them. The form about to go takes neither focus nor keys, and says
 * why; once the fresh one is ready its card number has focus, empty, and the buyer types on
 * without a click, then pays.
 */
async function fastHandsAfterDecline(page: Page, hold: Awaited<ReturnType<typeof holdFreshForm>>, form: Form, checkout: Checkout, declined: TestCard = cards.declined) {
  await form.fill(declined);
  hold.arm();
  await checkout.payButton.click();
  await expect(checkout.alert).toBeVisible();
  await expect.poll(hold.held).toBeGreaterThan(0);

  const before = await form.number.inputValue();
  const box = (await form.number.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.type('4242 4242');
  await expect(form.number).not.toBeFocused();
  await expect(form.number).toHaveValue(before);
  await expect(checkout.preparing).toBeVisible();
  await expect(checkout.payButton).toBeDisabled();

  hold.release();
  await expect(checkout.preparing).toBeHidden();
  await expect(form.number).toBeFocused();
  await expect(form.number).toHaveValue('');
  await page.keyboard.type(cards.approved.number);
  await expect(form.number).toHaveValue(cards.approved.number);
  await form.fill(cards.approved);
  await checkout.payButton.click();
  await expect(checkout.success).toBeVisible();
}

const declinedAlert = (within: Page | FrameLocator) => within.getByRole('alert').filter({ hasText: /insufficient funds|declined/i });
const preparing = (within: Page | FrameLocator) => within.getByRole('status').filter({ hasText: 'Preparing a new card form' });

test('hosted page: the next card typed at once after a decline goes to the fresh form, not to the one being replaced', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  const hold = await holdFreshForm(page, '**/api/checkout/init');
  await hosted.open(session.checkoutUrl);
  await fastHandsAfterDecline(page, hold, hosted.card, { ...hosted, alert: hosted.declineAlert });
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

/** A provider's own fields, remounted on a retry: Stripe's card element, Braintree's Hosted Fields. */
const providers = [
  { processor: 'card_element', name: 'Stripe’s card element', form: (page: Page): Form => new StripeCardElement(page).card, declined: cards.insufficientFunds },
  { processor: 'hosted_fields', name: 'Braintree’s Hosted Fields', form: (page: Page): Form => new BraintreeHostedFields(page), declined: cards.declined },
] as const;

for (const provider of providers) {
  test.describe(provider.name, () => {
    test.use({ merchantBody: { processor: provider.processor } });

    test('the fields being replaced after a decline take no typing; the fresh card number has focus', async ({ page, api, merchant, server }) => {
      const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
      const hosted = new HostedCheckoutPage(page);
      const hold = await holdFreshForm(page, '**/api/checkout/init');
      await hosted.open(session.checkoutUrl);
      await expect(hosted.payButton).toBeEnabled();
      await fastHandsAfterDecline(page, hold, provider.form(page), { ...hosted, alert: declinedAlert(page) }, provider.declined);
    });
  });
}

test.describe('the checkout mountCheckout mounts', () => {
  let merchantPage: MerchantPage;
  test.beforeAll(async () => {
    merchantPage = await startMerchantPage(serverState().serviceUrl);
  });
  test.afterAll(async () => {
    await merchantPage.close();
  });

  test('the form being replaced after a decline takes no typing; the fresh card number has focus', async ({ page, api, merchant }) => {
    const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', description: 'Svc Tee (e2e)' });
    const checkout = new EmbeddedCheckoutPage(page);
    // The embedded checkout's fresh token comes from the embed-token poll.
    const hold = await holdFreshForm(page, '**/embed-token*');
    await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
    const frame = checkout.checkoutFrame;
    await fastHandsAfterDecline(page, hold, checkout.card, { payButton: checkout.payButton, alert: declinedAlert(frame), preparing: preparing(frame), success: checkout.success });
  });
});
