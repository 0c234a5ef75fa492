/**
 * `hosted_fields` and `vault_hosted_fields` merchants (issue 19): their buyers pay in Braintree's
 * Hosted Fields (the sandbox's braintree-web stand-in) on the hosted page and in the checkout
 * `mountCheckout` mounts on a merchant page, are declined and pay with another card, with the same
 * test cards as every path. The service makes the sale with the nonce the fields give.
 */
import { expectNoViolations, scan } from '../../fixtures/axe.ts';
import { approvedNumberForms, cards } from '../../fixtures/cards.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';
import { serverState } from '../../fixtures/state.ts';
import { expect, teeOrder, test } from '../../fixtures/test.ts';
import { BraintreeHostedFields } from '../../models/braintree-hosted-fields.ts';
import { EmbeddedCheckoutPage } from '../../models/embedded-checkout-page.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

let merchantPage: MerchantPage;
test.beforeAll(async () => {
  merchantPage = await startMerchantPage(serverState().serviceUrl);
});
test.afterAll(async () => {
  await merchantPage.close();
});

for (const processor of ['hosted_fields', 'vault_hosted_fields'] as const) {
  test.describe(processor, () => {
    test.use({ merchantBody: { processor } });

    test('a buyer is declined on the hosted page, then pays with another card in Braintree’s Hosted Fields', async ({ page, api, merchant, server }) => {
      const successUrl = `${server.demoUrl}/success`;
      const session = await api.createSession(merchant.keys.secret, teeOrder(successUrl, `${server.demoUrl}/`));
      const hosted = new HostedCheckoutPage(page);
      const fields = new BraintreeHostedFields(page);
      const scripts: string[] = [];
      page.on('request', (r) => void (r.resourceType() === 'script' && r.frame() === page.mainFrame() && scripts.push(r.url())));
      await hosted.open(session.checkoutUrl);
      await expect(hosted.payButton).toBeEnabled();
      // braintree-web is the stand-in's, from its own origin (Drop-in's first, for the vaulted
      // variant: with no buyer it opens on its card form, the same Hosted Fields); no other provider's.
      const standIns = processor === 'vault_hosted_fields' ? ['/web/dropin/dropin.js', '/web/braintree.js'] : ['/web/braintree.js'];
      expect(scripts.filter((u) => !u.startsWith(server.serviceUrl))).toEqual(standIns.map((p) => `${server.braintreeUrl}${p}`));
      expectNoViolations(await scan(page));

      await fields.fill(cards.declined);
      await hosted.payButton.click();
      await expect(hosted.declineAlert).toBeVisible();
      await expect(fields.number).toHaveValue('');
      await expect(hosted.payButton).toBeEnabled();

      const redirect = await hosted.stopRedirect(successUrl);
      await fields.fill(cards.approved);
      await hosted.payButton.click();
      await expect(hosted.success).toBeVisible();
      expect((await redirect.url).searchParams.get('session_id')).toBe(session.id);
      expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
      const html = await page.content();
      for (const form of approvedNumberForms) expect(html).not.toContain(form);
    });

    test('a buyer is declined in the checkout mountCheckout mounts, then pays with another card', async ({ page, api, merchant }) => {
      const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', description: 'Svc Tee (e2e)' });
      const checkout = new EmbeddedCheckoutPage(page);
      const fields = new BraintreeHostedFields(checkout.checkoutFrame);
      await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
      await expect(checkout.events).toHaveText(['ready']);

      await fields.fill(cards.insufficientFunds);
      await checkout.payButton.click();
      await expect(checkout.events.nth(1)).toHaveText(/^failure card_declined/);
      await expect(checkout.checkoutFrame.getByRole('alert').filter({ hasText: /insufficient funds|declined/i })).toBeVisible();
      await expect(fields.number).toHaveValue('');
      await expect(checkout.payButton).toBeEnabled();
      await fields.fill(cards.approved);
      await checkout.payButton.click();
      await expect(checkout.success).toBeVisible();
      const after = await api.getSession(merchant.keys.secret, session.id);
      expect(after).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
      await expect(checkout.events.nth(2)).toHaveText(`success ${String(after.paymentIntentId)}`);
    });
  });
}

test.describe('hosted_fields 3-D Secure', () => {
  test.use({ merchantBody: { processor: 'hosted_fields' } });

  test('in the checkout mountCheckout mounts, the bank check opens over it and the payment is made once completed', async ({ page, api, merchant }) => {
    const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', description: 'Svc Tee (e2e)' });
    const checkout = new EmbeddedCheckoutPage(page);
    const fields = new BraintreeHostedFields(checkout.checkoutFrame);
    await checkout.open(merchantPage.url, { publishableKey: merchant.keys.publishable, sessionId: session.id });
    await fields.fill(cards.challenge);
    await checkout.payButton.click();
    const check = checkout.checkoutFrame.frameLocator('iframe[title="3D Secure authentication"]');
    await expect(check.getByRole('heading', { name: 'Confirm your payment with your bank' })).toBeVisible();
    expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });
    await check.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(checkout.success).toBeVisible();
    expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });

  test('a challenge card opens the bank check; closing it pays nothing, completing it pays', async ({ page, api, merchant, server }) => {
    const session = await api.createSession(merchant.keys.secret, teeOrder(`${server.demoUrl}/success`, `${server.demoUrl}/`));
    const hosted = new HostedCheckoutPage(page);
    const fields = new BraintreeHostedFields(page);
    await hosted.open(session.checkoutUrl);
    await hosted.stopRedirect(`${server.demoUrl}/success`);

    await fields.fill(cards.challenge);
    await hosted.payButton.click();
    const dialog = page.getByRole('dialog', { name: '3D Secure authentication' });
    const check = page.frameLocator('iframe[title="3D Secure authentication"]');
    await expect(check.getByRole('heading', { name: 'Confirm your payment with your bank' })).toBeVisible();
    await expect(check.getByText('25.00')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel authentication' }).click();
    await expect(hosted.declineAlert).toBeVisible();
    expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });

    await expect(fields.number).toHaveValue('');
    await expect(hosted.payButton).toBeEnabled();
    await fields.fill(cards.challenge);
    await hosted.payButton.click();
    await check.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(hosted.success).toBeVisible();
    expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });
});
