import { verifyRedirect } from '../../../embed/webhooks/index.ts';
import { cards } from '../../fixtures/cards.ts';
import { expect, teeOrder, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

test('a buyer pays on the hosted page and is sent back to the merchant with a return signed for it', async ({ page, api, merchant, server }) => {
  const successUrl = `${server.demoUrl}/success`;
  const session = await api.createSession(merchant.keys.secret, teeOrder(successUrl, `${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);

  await hosted.open(session.checkoutUrl);
  await expect(hosted.payButton).toHaveAccessibleName('Pay $25.00');
  const redirect = await hosted.stopRedirect(successUrl);
  await hosted.pay(cards.approved);

  await expect(hosted.success).toBeVisible();
  // The return is signed for this merchant: its secret key verifies amount, currency and status.
  expect(verifyRedirect(await redirect.url, merchant.keys.secret)).toEqual({ sessionId: session.id, amount: session.amount, currency: session.currency, paymentStatus: 'paid', issuedAt: expect.any(Number) });

  const after = await api.getSession(merchant.keys.secret, session.id);
  expect(after).toMatchObject({ id: session.id, status: 'succeeded', paymentStatus: 'paid' });
});
