/**
 * `svcpay/testing`'s Playwright fixtures and page objects, as a merchant's QA uses them (issue 22),
 * against a French and an Arabic checkout: the inputs are found by their autocomplete tokens, so
 * the same spec pays in every language. Imported from the package's source; the package check
 * type-checks a spec that imports them from the installed `svcpay/testing`.
 */
import { CardElement, expect, test as svcpayTest } from '../../../embed/testing/index.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';
import { serverState } from '../../fixtures/state.ts';

// This suite's server, started by the global setup, rather than one per worker.
const test = svcpayTest.extend({
  // Playwright requires object destructuring for the fixtures argument, even when empty.
  svcpay: [async ({}, use) => use({ url: serverState().serviceUrl }), { scope: 'worker' }],
});

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '12345' };

for (const [locale, dir] of [['fr', 'ltr'], ['ar', 'rtl']] as const) {
  test(`a buyer pays a ${locale} hosted checkout; the fixtures see the webhook and the session paid`, async ({ api, checkout, webhooks, merchant }) => {
    expect(merchant.keys.publishable).toMatch(/^vp_pk_test_/);
    const made = await api.POST('/v1/sessions', { body: { amount: 4200, currency: 'eur', locale, description: 'Fixtures' } });
    expect(made.error).toBeUndefined();
    const session = made.data!;

    await checkout.open(session.checkoutUrl);
    expect(await checkout.language()).toEqual({ lang: locale, dir });
    // Not English: the fixtures found the inputs without their (translated) names.
    await expect(checkout.page.getByRole('button', { name: /^Pay\b/ })).toHaveCount(0);
    await checkout.pay(CARD);
    await expect(checkout.status('success')).toBeVisible();

    const event = await webhooks.waitFor('charge.succeeded');
    expect(event.merchant_id).toBe(merchant.id);
    expect(webhooks.refused).toBe(0);
    const read = await api.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId: session.id } } });
    expect(read.data).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });
}

let merchantPage: MerchantPage;
test.beforeAll(async () => {
  merchantPage = await startMerchantPage(serverState().serviceUrl);
});
test.afterAll(async () => {
  await merchantPage.close();
});

for (const [locale, dir] of [['fr', 'ltr'], ['ar', 'rtl']] as const) {
  test(`the ${locale} card element is filled through its page object`, async ({ page, api, merchant }) => {
    const { data: session } = await api.POST('/v1/sessions', { body: { amount: 2500, currency: 'eur', integrationMode: 'elements', chargeAtSubmit: true } });
    const options = { publishableKey: merchant.keys.publishable, sessionId: session!.id, locale };
    await page.goto(`${merchantPage.url}/?o=${encodeURIComponent(JSON.stringify(options))}`);
    const card = new CardElement(page);
    await card.fill(CARD);
    await expect(card.root).toHaveAttribute('lang', locale);
    await expect(card.root).toHaveAttribute('dir', dir);
    await expect(card.inputs.number).toHaveValue('4242 4242 4242 4242');
    await expect(card.inputs.expiry).toHaveValue('12 / 34');
    await expect(card.inputs.cvc).toHaveValue('123');
  });
}
