/**
 * An `agent_hosted_fields` merchant (issue 19; the decision in docs/merchant.md, Payment providers): Stripe's card element (the
 * sandbox stand-in) makes a PaymentMethod, and the service confirms the payment with it. Declines,
 * retry and the bank check work as on every path; the check shows in the hosted page's own dialog.
 */
import { cards } from '../../fixtures/cards.ts';
import { expect, teeOrder, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';
import { StripeCardElement } from '../../models/stripe-card-element.ts';

test.use({ merchantBody: { processor: 'agent_hosted_fields' } });

test('a buyer is declined, then pays with another card; the service confirms the payment', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrder(`${server.demoUrl}/success`, `${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  const stripe = new StripeCardElement(page);
  await hosted.open(session.checkoutUrl);
  await hosted.stopRedirect(`${server.demoUrl}/success`);

  await stripe.card.fill(cards.declined);
  await hosted.payButton.click();
  await expect(hosted.declineAlert).toBeVisible();
  await expect(stripe.card.number).toHaveValue('');
  await expect(hosted.payButton).toBeEnabled();
  await stripe.card.fill(cards.approved);
  await hosted.payButton.click();
  await expect(hosted.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('a challenge card shows the bank check in the hosted page’s dialog, and pays once it is completed', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrder(`${server.demoUrl}/success`, `${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  const stripe = new StripeCardElement(page);
  await hosted.open(session.checkoutUrl);
  await hosted.stopRedirect(`${server.demoUrl}/success`);

  await stripe.card.fill(cards.challenge);
  await hosted.payButton.click();
  const check = page.frameLocator('iframe[src*="/challenge/"]');
  await expect(check.getByRole('heading', { name: 'Confirm your payment with your bank' })).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });
  await check.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(hosted.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});
