/**
 * `vault_hosted_fields` merchants (issue 19): their buyers pay in Braintree's Drop-in (the sandbox's
 * braintree-web-drop-in stand-in), which shows the cards saved for the session's buyer — saved with
 * `POST /v1/tokens` and `buyer_id`, or in Drop-in itself with "Save card for next time" — on the
 * hosted page and in the checkout `mountCheckout` mounts. The service makes the sale with the nonce
 * Drop-in gives, as with Hosted Fields.
 */
import { expectNoViolations, scan } from '../../fixtures/axe.ts';
import { cards } from '../../fixtures/cards.ts';
import { startMerchantPage } from '../../fixtures/options-page.ts';
import { expect, teeOrder, test } from '../../fixtures/test.ts';
import { BraintreeDropIn } from '../../models/braintree-dropin.ts';
import { EmbeddedCheckoutPage } from '../../models/embedded-checkout-page.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

test.use({ merchantBody: { processor: 'vault_hosted_fields' } });

const buyerOf = (name: string) => `${name} ${Math.random().toString(36).slice(2)}`;

test('a buyer sees the cards saved for them, is declined on one, and pays with the other, by keyboard', async ({ page, api, merchant, server }) => {
  const buyerId = buyerOf('returning buyer');
  await api.createToken(merchant.keys.secret, 'tok_sandbox_visa_0002', { buyer_id: buyerId });
  await api.createToken(merchant.keys.secret, 'tok_sandbox_visa_4242', { buyer_id: buyerId });
  // Another buyer's card never shows.
  await api.createToken(merchant.keys.secret, 'tok_sandbox_mastercard_4444', { buyer_id: buyerOf('someone else') });
  const session = await api.createSession(merchant.keys.secret, { ...teeOrder(`${server.demoUrl}/success`, `${server.demoUrl}/`), buyerId });
  const hosted = new HostedCheckoutPage(page);
  const dropin = new BraintreeDropIn(page);
  const scripts: string[] = [];
  page.on('request', (r) => void (r.resourceType() === 'script' && r.frame() === page.mainFrame() && scripts.push(r.url())));
  await hosted.open(session.checkoutUrl);

  await expect(dropin.savedCards).toHaveCount(2);
  await expect(dropin.saved('Visa ending in 0002')).toBeChecked();
  await expect(dropin.saved('Visa ending in 4242')).not.toBeChecked();
  await expect(hosted.payButton).toBeEnabled();
  // Drop-in's stand-in, and braintree-web's it is built on, from the stand-in's origin only.
  await expect.poll(() => scripts.filter((u) => !u.startsWith(server.serviceUrl))).toEqual([`${server.braintreeUrl}/web/dropin/dropin.js`, `${server.braintreeUrl}/web/braintree.js`]);
  expectNoViolations(await scan(page));
  // Routed only now: the redirect interception is installed once every script has loaded.
  await hosted.stopRedirect(`${server.demoUrl}/success`);

  await hosted.payButton.click();
  await expect(hosted.declineAlert).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });

  // A fresh Drop-in (Pay waits for it) lists the cards again; the buyer moves to the other with the arrow key.
  await expect(hosted.payButton).toBeEnabled();
  await expect(dropin.saved('Visa ending in 0002')).toBeChecked();
  await dropin.saved('Visa ending in 0002').focus();
  await page.keyboard.press('ArrowDown');
  await expect(dropin.saved('Visa ending in 4242')).toBeChecked();
  await expect(dropin.saved('Visa ending in 4242')).toBeFocused();
  await hosted.payButton.click();
  await expect(hosted.success).toBeVisible();
  const after = await api.getSession(merchant.keys.secret, session.id);
  expect(after).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  expect(await api.getPaymentIntent(merchant.keys.secret, String(after.paymentIntentId))).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
});

test('a new card saved with "Save card for next time" shows in the buyer’s next checkout; one not saved does not', async ({ page, api, merchant, server }) => {
  const buyerId = buyerOf('new buyer');
  const hosted = new HostedCheckoutPage(page);
  const dropin = new BraintreeDropIn(page);
  const pay = async (card: typeof cards.approved, save: boolean) => {
    const session = await api.createSession(merchant.keys.secret, { ...teeOrder(`${server.demoUrl}/success`, `${server.demoUrl}/`), buyerId });
    await hosted.open(session.checkoutUrl);
    await hosted.stopRedirect(`${server.demoUrl}/success`);
    await expect(dropin.saveCard).toBeChecked();
    if (save === false) await dropin.saveCard.uncheck();
    await dropin.fields.fill(card);
    await hosted.payButton.click();
    await expect(hosted.success).toBeVisible();
    return session;
  };
  // No saved card yet: Drop-in opens on its card form.
  await pay({ ...cards.approved, number: '5555 5555 5555 4444' }, false);
  await pay(cards.approved, true);

  const next = await api.createSession(merchant.keys.secret, { ...teeOrder(`${server.demoUrl}/success`, `${server.demoUrl}/`), buyerId });
  await hosted.open(next.checkoutUrl);
  await hosted.stopRedirect(`${server.demoUrl}/success`);
  await expect(dropin.savedCards).toHaveCount(1);
  await expect(dropin.saved('Visa ending in 4242')).toBeChecked();
  // Another card is still a click away.
  await dropin.anotherWay.click();
  await expect(dropin.fields.number).toBeVisible();
  await expect(dropin.savedCards.first()).toBeHidden();
  await page.getByRole('button', { name: 'Use a saved card' }).click();
  await expect(dropin.saved('Visa ending in 4242')).toBeChecked();
  await hosted.payButton.click();
  await expect(hosted.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, next.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('in the checkout mountCheckout mounts, the buyer is declined on a saved card and pays with another', async ({ page, api, merchant, server }) => {
  const buyerId = buyerOf('embedded buyer');
  await api.createToken(merchant.keys.secret, 'tok_sandbox_visa_0002', { buyer_id: buyerId });
  await api.createToken(merchant.keys.secret, 'tok_sandbox_visa_4242', { buyer_id: buyerId });
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', description: 'Svc Tee (e2e)', buyerId });
  const merchantPage = await startMerchantPage(server.serviceUrl);
  try {
    const checkout = new EmbeddedCheckoutPage(page);
    const dropin = new BraintreeDropIn(checkout.checkoutFrame);
    await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
    await expect(checkout.events).toHaveText(['ready']);
    await expect(dropin.saved('Visa ending in 0002')).toBeChecked();
    await checkout.payButton.click();
    // The page hears the decline; a fresh Drop-in lists both cards again.
    await expect(checkout.events.nth(1)).toHaveText(/^failure card_declined/);
    await expect(checkout.checkoutFrame.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();
    await expect(checkout.payButton).toBeEnabled();
    await dropin.saved('Visa ending in 4242').check();
    await checkout.payButton.click();
    await expect(checkout.success).toBeVisible();
    const after = await api.getSession(merchant.keys.secret, session.id);
    expect(after).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
    expect(await api.getPaymentIntent(merchant.keys.secret, String(after.paymentIntentId))).toMatchObject({ card: { last4: '4242' } });
    await expect(checkout.events.last()).toHaveText(`success ${String(after.paymentIntentId)}`);
  } finally {
    await merchantPage.close();
  }
});

test('a saved card whose bank wants the buyer opens the bank check over Drop-in; completed, it pays', async ({ page, api, merchant, server }) => {
  const buyerId = buyerOf('3ds buyer');
  await api.createToken(merchant.keys.secret, 'tok_sandbox_visa_3220', { buyer_id: buyerId });
  const session = await api.createSession(merchant.keys.secret, { ...teeOrder(`${server.demoUrl}/success`, `${server.demoUrl}/`), buyerId });
  const hosted = new HostedCheckoutPage(page);
  const dropin = new BraintreeDropIn(page);
  await hosted.open(session.checkoutUrl);
  await hosted.stopRedirect(`${server.demoUrl}/success`);
  await expect(dropin.saved('Visa ending in 3220')).toBeChecked();
  await hosted.payButton.click();
  const check = page.frameLocator('iframe[title="3D Secure authentication"]');
  await expect(check.getByText('25.00')).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });
  await check.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(hosted.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});
