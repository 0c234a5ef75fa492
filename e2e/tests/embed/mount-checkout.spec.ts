/**
 * An embed session on a merchant's own page (Doc 3, Browser flows 2): `mountCheckout` waits for
 * the session, mounts the sandbox processor's fields as the hosted page does, and the buyer pays.
 */
import { approvedNumberForms, cards } from '../../fixtures/cards.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';
import { serverState } from '../../fixtures/state.ts';
import { expectNoViolations, scanWithEveryFrame } from '../../fixtures/axe.ts';
import { completeChallenge } from '../../../embed/testing/index.ts';
import { expect, test } from '../../fixtures/test.ts';
import { EmbeddedCheckoutPage } from '../../models/embedded-checkout-page.ts';

let merchantPage: MerchantPage;
test.beforeAll(async () => {
  merchantPage = await startMerchantPage(serverState().serviceUrl);
});
test.afterAll(async () => {
  await merchantPage.close();
});

const order = { amount: 2500, currency: 'usd', description: 'Svc Tee (e2e)' };

test('a buyer pays an embed session in the checkout mounted on the merchant page', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, order);
  expect(session.integrationMode).toBe('embed');
  const checkout = new EmbeddedCheckoutPage(page);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });

  await expect(checkout.payButton).toHaveAccessibleName('Pay $25.00');
  await expect(checkout.events).toHaveText(['ready']);
  await checkout.pay(cards.approved);

  await expect(checkout.success).toBeVisible();
  const after = await api.getSession(merchant.keys.secret, session.id);
  expect(after).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  await expect(checkout.events).toHaveText(['ready', `success ${String(after.paymentIntentId)}`]);
  // The merchant page holds outcomes only: no card number in its document.
  const html = await page.content();
  for (const form of approvedNumberForms) expect(html).not.toContain(form);
});

test('a declined card is reported to the page and the buyer pays with another', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, order);
  const checkout = new EmbeddedCheckoutPage(page);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });

  await checkout.pay(cards.declined);
  await expect(checkout.events.nth(1)).toHaveText('failure card_declined card_declined');
  await expect(checkout.checkoutFrame.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();

  // The retry runs on fresh fields, as on the hosted page: wait until they are empty and payable,
  // so the second card is not typed into the frame being replaced.
  await expect(checkout.card.number).toHaveValue('');
  await expect(checkout.payButton).toBeEnabled();
  await checkout.pay(cards.approved);
  await expect(checkout.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('a 3-D Secure card shows the bank check inside the processor’s fields, and pays only once the buyer completes it', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, order);
  const checkout = new EmbeddedCheckoutPage(page);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
  await checkout.pay(cards.challenge);

  const check = checkout.bankCheck();
  await expect(check).toBeVisible();
  await expect(check).toContainText('$25.00');
  // Focus lands on the check, and nothing is paid while it waits for the buyer.
  await expect(check.getByRole('heading')).toBeFocused();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });
  await expect(checkout.events).toHaveText(['ready']);
  // The check passes axe, in the fields frame inside the checkout frame.
  expectNoViolations(await scanWithEveryFrame(page, page.locator('iframe[title="Secure checkout"]')));
  await check.getByRole('heading').focus();

  // By keyboard, as a buyer without a mouse would.
  await page.keyboard.press('Tab');
  await expect(check.getByRole('button', { name: 'Complete authentication' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(checkout.success).toBeVisible();
  const after = await api.getSession(merchant.keys.secret, session.id);
  expect(after).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  await expect(checkout.events).toHaveText(['ready', `success ${String(after.paymentIntentId)}`]);
});

test('a failed bank check is a decline, and the buyer pays with another card', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, order);
  const checkout = new EmbeddedCheckoutPage(page);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
  await checkout.pay(cards.challenge);
  // svcpay/testing's helper finds the check inside the fields frame, as it finds the bank's page elsewhere.
  await completeChallenge(page, 'fail');
  await expect(checkout.events.nth(1)).toHaveText(/^failure /);
  await expect(checkout.card.number).toHaveValue('');
  await expect(checkout.payButton).toBeEnabled();
  await checkout.pay(cards.approved);
  await expect(checkout.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('mountCheckout resolves { error } for an elements session and leaves nothing mounted', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, { ...order, integrationMode: 'elements', chargeAtSubmit: true });
  const checkout = new EmbeddedCheckoutPage(page);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
  await expect(checkout.events).toHaveText(['error session_wrong_state']);
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('mountCheckout resolves { error: checkout_unavailable } when its script cannot load, and leaves nothing mounted', async ({ page, api, merchant }) => {
  // The checkout's code is a part of svcpay.js fetched on the first call (embed/lazy.ts).
  await page.route('**/js/v1/svcpay-checkout.js', (route) => route.abort());
  const session = await api.createSession(merchant.keys.secret, order);
  const checkout = new EmbeddedCheckoutPage(page);
  await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
  await expect(checkout.events).toHaveText(['error checkout_unavailable']);
  await expect(page.locator('iframe')).toHaveCount(0);
});
