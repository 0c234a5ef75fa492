/**
 * A setup session on the hosted page (issue 35): the buyer is asked to save a card, not to pay; the
 * card is saved for the buyer, the return to the merchant is signed `unpaid`, and the processor's
 * ledger shows nothing moved.
 */
import { verifyRedirect } from '../../../embed/webhooks/index.ts';
import { processorLedger } from '../../../embed/testing/index.ts';
import { cards } from '../../fixtures/cards.ts';
import { expect, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

test('a buyer saves a card on the hosted page of a setup session: no charge, the card is the buyer’s, the return says unpaid', async ({ page, api, merchant, server }) => {
  const successUrl = `${server.demoUrl}/success`;
  const buyerId = `cust_setup_${Date.now()}`;
  // A setup session has no amount to send (it charges nothing; it reads 0).
  const setup = { mode: 'setup', currency: 'usd', buyerId, successUrl, cancelUrl: `${server.demoUrl}/` };
  const session = await api.createSession(merchant.keys.secret, setup as unknown as Parameters<typeof api.createSession>[1]);
  const hosted = new HostedCheckoutPage(page);

  await hosted.open(session.checkoutUrl);
  const save = page.getByRole('button', { name: 'Save card' });
  await expect(save).toBeVisible();
  await expect(hosted.payButton).toHaveCount(0);
  const redirect = await hosted.stopRedirect(successUrl);
  await hosted.card.fill(cards.approved);
  await save.click();

  await expect(page.getByText('Card saved')).toBeVisible();
  await expect(hosted.success).toHaveCount(0);
  expect(verifyRedirect(await redirect.url, merchant.keys.secret)).toMatchObject({ sessionId: session.id, paymentStatus: 'unpaid' });

  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'unpaid', paymentIntentId: null, vp_tx_count: 0 });
  const { data } = await api.client(merchant.keys.secret).GET('/v1/payment_methods', { params: { query: { buyer_id: buyerId } } });
  expect(data?.data).toEqual([expect.objectContaining({ id: expect.stringMatching(/^vp_pmt_test_/), setup_for_future_use: 'on_session' })]);
  // Nothing moved: the processor holds one check of 0, never captured.
  expect(await processorLedger(server, merchant.id)).toMatchObject([{ amount: 0, captured: 0, status: 'authorized' }]);
});
