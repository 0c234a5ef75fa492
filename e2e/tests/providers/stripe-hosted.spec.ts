/**
 * A `card_element` merchant (issue 19): its buyers pay on the hosted page through Stripe's card
 * element, here the sandbox's stripe.js stand-in, with the same test cards, decline and retry, the
 * bank check, and the signed return as every other path.
 */
import { expectNoViolations, scanWithCardFrame, STRIPE_CARD_INPUTS } from '../../fixtures/axe.ts';
import { approvedNumberForms, cards } from '../../fixtures/cards.ts';
import { expect, teeOrder, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';
import { StripeCardElement } from '../../models/stripe-card-element.ts';

test.use({ merchantBody: { processor: 'card_element' } });

test('a buyer pays a Stripe merchant’s hosted checkout in Stripe’s card element', async ({ page, api, merchant, server }) => {
  const successUrl = `${server.demoUrl}/success`;
  const session = await api.createSession(merchant.keys.secret, teeOrder(successUrl, `${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  const stripe = new StripeCardElement(page);
  const scripts: string[] = [];
  // The scripts the hosted page's own document loads (Stripe's frames load their own).
  page.on('request', (r) => void (r.resourceType() === 'script' && r.frame() === page.mainFrame() && scripts.push(r.url())));

  await hosted.open(session.checkoutUrl);
  await expect(hosted.payButton).toBeEnabled();
  // stripe.js is the stand-in's, from its own origin; svcpay's sandbox fields frame is not mounted.
  expect(scripts.filter((u) => u.startsWith(server.stripeUrl))).toEqual([`${server.stripeUrl}/v3/`]);
  await expect(hosted.cardFrame).toHaveCount(0);
  // The page passes axe with Stripe's card frame analysed as part of it; its inputs carry the spec's names.
  expectNoViolations(await scanWithCardFrame(page, `${server.stripeUrl}/v3/elements/card.html`, STRIPE_CARD_INPUTS));
  for (const name of ['Card number', 'Expiration date', 'Security code', 'Postal code']) await expect(stripe.frame.getByRole('textbox', { name })).toBeVisible();

  const redirect = await hosted.stopRedirect(successUrl);
  await stripe.card.fill(cards.approved);
  await hosted.payButton.click();
  await expect(hosted.success).toBeVisible();
  expect((await redirect.url).searchParams.get('session_id')).toBe(session.id);
  const after = await api.getSession(merchant.keys.secret, session.id);
  expect(after).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  // The payment is Stripe's PaymentIntent, read back by the service.
  expect(after.paymentIntentId).toBeTruthy();
  // The hosted page's own document never held the card number: only Stripe's frame did.
  const html = await page.content();
  for (const form of approvedNumberForms) expect(html).not.toContain(form);
});

test('a declined card is explained, and the buyer pays with another in a fresh element', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrder(`${server.demoUrl}/success`, `${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  const stripe = new StripeCardElement(page);
  await hosted.open(session.checkoutUrl);

  await stripe.card.fill(cards.insufficientFunds);
  await hosted.payButton.click();
  await expect(hosted.page.getByRole('alert').filter({ hasText: /insufficient funds|declined/i })).toBeVisible();
  await expect.poll(async () => (await api.getSession(merchant.keys.secret, session.id)).status).toBe('failed');

  await expect(stripe.card.number).toHaveValue('');
  await expect(hosted.payButton).toBeEnabled();
  await hosted.stopRedirect(`${server.demoUrl}/success`);
  await stripe.card.fill(cards.approved);
  await hosted.payButton.click();
  await expect(hosted.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('a 3-D Secure card opens stripe.js’s bank check; the payment is made only once the buyer completes it', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrder(`${server.demoUrl}/success`, `${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  const stripe = new StripeCardElement(page);
  await hosted.open(session.checkoutUrl);
  await hosted.stopRedirect(`${server.demoUrl}/success`);

  await stripe.card.fill(cards.challenge);
  await hosted.payButton.click();
  const check = stripe.bankCheck();
  await expect(check.getByRole('heading', { name: 'Confirm your payment with your bank' })).toBeVisible();
  await expect(check.getByText('$25.00')).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });
  await check.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(hosted.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});
