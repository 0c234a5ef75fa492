/**
 * The `wallet` element on a merchant page with the stand-in payment sheet (issue 9): where a
 * wallet is offered it pays the session on its own and fires `result`; where none is, it fires
 * `unavailable` and shows nothing.
 */
import { openElementsPage } from '../../fixtures/elements-page.ts';
import { paymentSheetStub } from '../../fixtures/payment-sheet-stub.ts';
import { expect, test } from '../../fixtures/test.ts';

const GOOGLE = 'https://google.com/pay';

test('a wallet element pays the session and fires result', async ({ context, page, server, api, merchant }) => {
  await context.addInitScript(paymentSheetStub, { available: true, methods: [GOOGLE] });
  const shop = await openElementsPage(page, { server, api, merchant }, [{ type: 'wallet' }]);
  await expect(shop.iframe('wallet')).toHaveAttribute('allow', 'payment');

  await shop.frame('wallet').getByRole('button', { name: 'Pay with Google Pay' }).click();
  await expect.poll(() => shop.eventsOf('wallet', 'result')).toEqual([expect.objectContaining({ elementType: 'wallet', status: 'succeeded', sessionId: shop.sessionId })]);
  const session = await api.getSession(merchant.keys.secret, shop.sessionId);
  expect(session).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  const [result] = await shop.eventsOf('wallet', 'result');
  expect(result!.paymentIntentId).toBe(session.paymentIntentId);
});

test('without a wallet in the browser the element fires unavailable and shows nothing', async ({ context, page, server, api, merchant }) => {
  await context.addInitScript(paymentSheetStub, { available: false });
  const shop = await openElementsPage(page, { server, api, merchant }, [{ type: 'wallet' }]);
  await expect.poll(() => shop.eventsOf('wallet', 'unavailable')).toEqual([{ elementType: 'wallet' }]);
  await expect(shop.frame('wallet').getByRole('button')).toHaveCount(0);
  await expect.poll(async () => (await shop.iframe('wallet').boundingBox())?.height).toBe(0);
  expect((await api.getSession(merchant.keys.secret, shop.sessionId)).status).toBe('pending');
});
