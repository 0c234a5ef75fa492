/**
 * The hosted page asks for the buyer details the session collects (issue 10): required ones block
 * Pay with an announced error and nothing charged; given, they reach the session. Issue 35: while
 * the session lacks details it requires, the page gets no card fields (init hands out no form);
 * Continue saves the details, then the card fields show.
 */
import type { Page, Request } from '@playwright/test';
import { expectNoViolations, scan, scanWithCardFrame } from '../../fixtures/axe.ts';
import { cards } from '../../fixtures/cards.ts';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import { sanFrancisco } from '../../models/buyer-details-form.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

const REQUIRE_ALL = { settings: { requiredBuyerFields: ['email', 'name', 'phone', 'shipping_address'] } };

/** Every request that would move money: the processor charge from its fields page, and complete. */
function paymentRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/v1/charges' || path === '/api/checkout/complete') seen.push(r);
  });
  return seen;
}

test('required email, name, phone and shipping address come before the card fields, with errors, and nothing is charged until they are given', async ({ page, api, server }) => {
  const merchant = await api.createMerchant(REQUIRE_ALL);
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  const payments = paymentRequests(page);
  const inits: { status: number; token: boolean }[] = [];
  page.on('response', async (r) => {
    if (new URL(r.url()).pathname === '/api/checkout/init') inits.push({ status: r.status(), token: 'token' in ((await r.json().catch(() => ({}))) as object) });
  });
  await hosted.open(session.checkoutUrl);
  // No form for a session without the details it requires: no card fields, no Pay, Continue instead.
  await expect(hosted.continueButton).toBeEnabled();
  await expect(hosted.cardFrame).toHaveCount(0);
  await expect(hosted.payButton).toHaveCount(0);

  await hosted.continueButton.click();

  const { buyer } = hosted;
  for (const input of [buyer.email, buyer.name, buyer.phone, buyer.addressInput(buyer.shipping, 'Address line 1')]) {
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('This field is required.');
  }
  // Focus is on the first invalid input, so a keyboard or screen-reader user starts there.
  await expect(buyer.email).toBeFocused();
  await expect(hosted.success).toBeHidden();

  await buyer.email.fill('ada@example');
  await buyer.email.blur();
  await expect(buyer.email).toHaveAccessibleDescription('Your email address is invalid.');

  await buyer.email.fill('ada@example.com');
  await buyer.name.fill('Ada Lovelace');
  await buyer.phone.fill('+1 415 555 0100');
  await buyer.fillAddress(buyer.shipping, sanFrancisco);
  await hosted.continueButton.click();
  // Saved: init hands out the form now, and the card fields show.
  await expect(hosted.cardFrame).toBeVisible();
  await hosted.pay(cards.approved);
  await expect(hosted.success).toBeVisible();

  // One charge and one complete: Continue sent none.
  expect(payments.map((r) => new URL(r.url()).pathname)).toEqual(['/v1/charges', '/api/checkout/complete']);
  expect(inits).toEqual([
    { status: 422, token: false },
    { status: 200, token: true },
  ]);
  const paid = await api.getSession(merchant.keys.secret, session.id);
  expect(paid).toMatchObject({
    status: 'succeeded',
    buyerPhone: '+1 415 555 0100',
    shippingAddress: { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
  });
  // Buyer email and name are kept for the merchant, never returned on the session (Doc 1).
  expect(JSON.stringify(paid)).not.toContain('ada@example.com');
});

test('optional buyer fields can be left empty', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), shipping: 'auto', phone: 'auto' });
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await expect(hosted.buyer.email).toBeVisible();
  await expect(hosted.buyer.phone).toBeVisible();
  await expect(hosted.buyer.shipping).toBeVisible();

  await hosted.pay(cards.approved);
  await expect(hosted.success).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', buyerPhone: null, shippingAddress: null });
});

test('a prefilled email is not asked again', async ({ page, api, server }) => {
  const merchant = await api.createMerchant({ settings: { emailCollection: 'required' } });
  const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), buyerEmail: 'ada@example.com' });
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await expect(hosted.buyer.name).toBeVisible();
  await expect(hosted.buyer.email).toHaveCount(0);
  await expect(page.getByText('ada@example.com')).toHaveCount(0);
});

test('the hosted page passes axe with every buyer field shown, errors included', async ({ page, api, server }) => {
  const merchant = await api.createMerchant({ settings: { ...REQUIRE_ALL.settings, billingAddress: 'required' } });
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await expect(hosted.continueButton).toBeEnabled();
  await expect(hosted.buyer.billing).toBeVisible();
  // The details come first: no card frame yet (issue 35).
  expectNoViolations(await scan(page));

  await hosted.continueButton.click();
  await expect(hosted.buyer.email).toHaveAttribute('aria-invalid', 'true');
  expectNoViolations(await scan(page));
});

test('the hosted page passes axe with the buyer fields above the card frame', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), shipping: 'auto', phone: 'auto' });
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await expect(hosted.payButton).toBeEnabled();
  expectNoViolations(await scanWithCardFrame(page, `${server.processorUrl}/fields`));
});

for (const width of [320, 390]) {
  test(`at ${width} px the buyer fields fit the page and inputs in a row stay level when a label wraps`, async ({ page, api, server }) => {
    await page.setViewportSize({ width, height: 900 });
    const merchant = await api.createMerchant({ settings: { shipping: 'required' } });
    const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), country: 'US' });
    const hosted = new HostedCheckoutPage(page);
    await hosted.open(session.checkoutUrl);
    const state = hosted.buyer.shipping.getByRole('combobox', { name: 'State', exact: true });
    const zip = hosted.buyer.addressInput(hosted.buyer.shipping, 'ZIP code');
    await expect(zip).toBeVisible();
    await expect(hosted.continueButton).toBeEnabled();

    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // A much longer translation of one label, as German or Arabic can have (found before its name changes).
    const [stateInput, zipInput] = [await state.elementHandle(), await zip.elementHandle()];
    await zipInput!.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.prepend('A very long translated label that wraps '));
    const [a, b] = [(await stateInput!.boundingBox())!, (await zipInput!.boundingBox())!];
    if (width < 360) {
      // One column on the narrowest screens: each input under the other, full width.
      expect(b.y).toBeGreaterThan(a.y);
    } else {
      expect(b.x).not.toBe(a.x);
      expect(Math.abs(a.y - b.y)).toBeLessThan(1);
    }
  });
}
