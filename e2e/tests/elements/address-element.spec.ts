/**
 * The `address` element on a merchant page (issue 9): filled by accessible names in its own frame,
 * its `change` hands the merchant the value, an invalid postal code blocks the payment, and a
 * billing address reaches the charge (its postal code is the card's for the address check).
 */
import { openElementsPage } from '../../fixtures/elements-page.ts';
import { cards } from '../../fixtures/cards.ts';
import { expect, test } from '../../fixtures/test.ts';

test('a billing address element: value in change, invalid ZIP blocks, the address reaches the charge', async ({ page, server, api, merchant }) => {
  const shop = await openElementsPage(page, { server, api, merchant }, [
    { type: 'card', options: { hidePostalCode: true } },
    { type: 'address', options: { mode: 'billing' } },
  ], { country: 'US', billingAddress: 'required' });
  await shop.ready('card', 'address');

  const card = shop.frame('card');
  await card.getByRole('textbox', { name: 'Card number', exact: true }).fill(cards.approved.number);
  await card.getByRole('textbox', { name: 'Expiration date', exact: true }).fill(cards.approved.expiry);
  await card.getByRole('textbox', { name: 'Security code', exact: true }).fill(cards.approved.cvc);

  const address = shop.frame('address');
  await expect(address.getByRole('group', { name: 'Billing address' })).toBeVisible();
  await address.getByRole('textbox', { name: /^Full name/ }).fill('Ada Lovelace');
  await address.getByRole('textbox', { name: /^Address line 1/ }).fill('1 Main St');
  await address.getByRole('textbox', { name: /^City/ }).fill('San Francisco');
  await address.getByRole('combobox', { name: /^State/ }).selectOption({ label: 'California' });
  await address.getByRole('textbox', { name: /^ZIP code/ }).fill('9410');
  // The buyer leaves the ZIP code and its error shows: the frame grows by a line, moving Pay down.
  // Only then the pointer goes to Pay. Pressed while the ZIP still had focus, Pay's mousedown is
  // what blurs it, the frame grows before the mouseup, and the click is lost (a known fault of the
  // address element, reported; not what this flow checks).
  await shop.payButton.focus();
  await expect(address.getByText('Your ZIP code is invalid.')).toBeVisible();
  await shop.payButton.click();
  await expect(shop.result).toHaveText('Your ZIP code is invalid.');
  expect((await api.getSession(merchant.keys.secret, shop.sessionId)).status).toBe('pending');

  await address.getByRole('textbox', { name: /^ZIP code/ }).fill('94107');
  await expect
    .poll(async () => (await shop.eventsOf('address', 'change')).at(-1))
    .toMatchObject({ elementType: 'address', complete: true, value: { name: 'Ada Lovelace', address: { line1: '1 Main St', city: 'San Francisco', state: 'CA', postalCode: '94107', country: 'US' } } });
  // The card's changes never carry a value.
  for (const change of await shop.eventsOf('card', 'change')) expect(change).not.toHaveProperty('value');

  await shop.payButton.click();
  await expect(shop.result).toHaveText('Payment succeeded');
  const session = await api.getSession(merchant.keys.secret, shop.sessionId);
  expect(session.status).toBe('succeeded');
  // The card element asked no postal code: the address check ran on the billing address's.
  const intent = await api.getPaymentIntent(merchant.keys.secret, session.paymentIntentId as string);
  expect(intent).toMatchObject({ avs_result_code: 'match' });
});
