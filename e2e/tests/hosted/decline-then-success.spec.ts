import { cards } from '../../fixtures/cards.ts';
import { expect, teeOrder, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

test('a declined buyer sees why and pays with another card on the same page', async ({ page, api, merchant, server }) => {
  const successUrl = `${server.demoUrl}/success`;
  const session = await api.createSession(merchant.keys.secret, teeOrder(successUrl, `${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  const status = async () => (await api.getSession(merchant.keys.secret, session.id)).status;

  await hosted.open(session.checkoutUrl);
  await hosted.pay(cards.declined);

  await hosted.expectDeclinedThenReady();
  await expect.poll(status).toBe('failed');

  const redirect = await hosted.stopRedirect(successUrl);
  await hosted.pay(cards.approved);

  await expect(hosted.success).toBeVisible();
  expect((await redirect.url).searchParams.get('session_id')).toBe(session.id);
  const after = await api.getSession(merchant.keys.secret, session.id);
  expect(after).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});
