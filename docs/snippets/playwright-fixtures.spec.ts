// checkout.spec.ts: svcpay's fixtures give each test a server, a fresh merchant and its clients.
import { CardElement, expect, test } from 'svcpay/testing';

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '12345' };

test('a buyer pays a French hosted checkout', async ({ api, checkout, webhooks }) => {
  const { data: session } = await api.POST('/v1/sessions', { body: { amount: 4200, currency: 'eur', locale: 'fr' } });
  await checkout.open(session!.checkoutUrl);
  expect(await checkout.language()).toEqual({ lang: 'fr', dir: 'ltr' });
  await checkout.pay(CARD); // the inputs and Pay button are found the same way in every language
  await expect(checkout.status('success')).toBeVisible();
  const event = await webhooks.waitFor('charge.succeeded'); // delivered and verified with verifyWebhook
  expect(event.data).toMatchObject({ amount: 4200 });
});

test('the card element on my page takes a card', async ({ page, merchant }) => {
  await page.goto(`http://localhost:3000/checkout?pk=${merchant.keys.publishable}`); // your page
  const card = new CardElement(page);
  await card.fill(CARD);
  await expect(card.inputs.number).toHaveValue('4242 4242 4242 4242');
});
