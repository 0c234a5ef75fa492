/**
 * Issue 10: every state of the hosted page has its own words, a way back to the merchant where the
 * buyer may give up, and passes axe.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoViolations, scan } from '../../fixtures/axe.ts';
import { cards } from '../../fixtures/cards.ts';
import { expect, teeOrder, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import type { Page } from '@playwright/test';
import { CardForm } from '../../models/card-form.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

const localesDir = join(import.meta.dirname, '..', '..', '..', 'src', 'locales');
const read = (file: string) => JSON.parse(readFileSync(join(localesDir, file), 'utf8')) as Record<string, string>;
const en = read('checkout.en.json');

test('a visible link back to the merchant while the buyer can still give up; none without a cancelUrl', async ({ page, api, merchant, server }) => {
  const cancelUrl = `${server.demoUrl}/cart`;
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(cancelUrl));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  const back = page.getByRole('link', { name: /^Cancel and return to / });
  await expect(back).toBeVisible();
  await expect(back).toHaveAttribute('href', cancelUrl);

  // Still there after a decline, beside the fresh form.
  await hosted.pay(cards.declined);
  await expect(hosted.declineAlert).toBeVisible();
  await expect(back).toBeVisible();

  // And it leads back to the merchant.
  await back.click();
  await expect(page).toHaveURL(cancelUrl);

  const { cancelUrl: _, ...withoutCancel } = teeOrderWithoutRedirect(cancelUrl);
  const plain = await api.createSession(merchant.keys.secret, withoutCancel);
  await hosted.open(plain.checkoutUrl);
  await expect(hosted.payButton).toBeVisible();
  await expect(page.getByRole('link', { name: /return to/i })).toHaveCount(0);
});

test('a second tab on a paid session says it is paid already and offers no form', async ({ context, page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const first = new HostedCheckoutPage(page);
  await first.open(session.checkoutUrl);
  await expect(first.payButton).toBeEnabled();

  // The buyer pays in another tab (whose form is the newest: only it can pay).
  const tab = await context.newPage();
  const second = new HostedCheckoutPage(tab);
  await second.open(session.checkoutUrl);
  await second.pay(cards.approved);
  await expect(second.success).toBeVisible();

  // A tab opened now says so, with no form.
  const third = await context.newPage();
  await third.goto(session.checkoutUrl);
  await expect(third.getByRole('heading', { name: en['status.paid_already.title'], exact: true })).toBeVisible();
  await expect(third.getByText(en['status.paid_already.body']!)).toBeVisible();
  await expect(third.getByRole('button', { name: /^Pay\b/ })).toHaveCount(0);
  expectNoViolations(await scan(third));

  // The tab left open finds out when the buyer tries to pay there too: nothing is charged twice.
  await first.pay(cards.approved);
  await expect(page.getByRole('heading', { name: en['status.paid_already.title'], exact: true })).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
});

test('a manual-capture payment is held: authorized, not yet charged, in words that say so; released, it reads cancelled', async ({ page, api, merchant, server }) => {
  const successUrl = `${server.demoUrl}/success`;
  const session = await api.createSession(merchant.keys.secret, { ...teeOrder(successUrl, `${server.demoUrl}/`), captureMethod: 'manual' });
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  const redirect = await hosted.stopRedirect(successUrl);
  await hosted.pay(cards.approved);

  await expect(page.getByRole('heading', { name: en['status.held.title'], exact: true })).toBeVisible();
  await expect(page.getByText(/authorized but not yet charged/)).toBeVisible();
  await expect(hosted.success).toHaveCount(0);
  expect((await redirect.url).searchParams.get('payment_status')).toBe('held');
  expectNoViolations(await scan(page));

  // Opened again, it still says held rather than paid.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await hosted.open(session.checkoutUrl);
  await expect(page.getByRole('heading', { name: en['status.held.title'], exact: true })).toBeVisible();
  const held = await api.getSession(merchant.keys.secret, session.id);
  expect(held).toMatchObject({ paymentStatus: 'held' });

  // The merchant releases the hold: the page now says the payment was cancelled and nothing charged.
  await api.voidPaymentIntent(merchant.keys.secret, held.paymentIntentId as string);
  await hosted.open(session.checkoutUrl);
  await expect(page.getByRole('heading', { name: en['status.cancelled.title'], exact: true })).toBeVisible();
  await expect(page.getByText(en['status.cancelled.body']!)).toBeVisible();
  await expect(hosted.payButton).toHaveCount(0);
  expectNoViolations(await scan(page));
});

test('declined with no attempt left: failed for good, with the way back and no form', async ({ page, api, server }) => {
  const merchant = await api.createMerchant({ settings: { sameSessionRetry: 1 } });
  const cancelUrl = `${server.demoUrl}/cart`;
  const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(cancelUrl), integrationMode: 'elements', chargeAtSubmit: true });
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await hosted.pay(cards.declined);
  await hosted.expectDeclinedThenReady();
  await hosted.pay(cards.declined);

  await expect(page.getByRole('heading', { name: en['status.failed.title'], exact: true })).toBeVisible();
  await expect(hosted.payButton).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return to Demo Shop' }).or(page.getByRole('link', { name: /^Return to / }))).toHaveAttribute('href', cancelUrl);
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'failed', retry: { allowed: false, attempts_remaining: 0 } });
  expectNoViolations(await scan(page));
});

test('states in German and Arabic: their own words, Arabic mirrored', async ({ context, page, api, merchant, server }) => {
  const pay = async (p: Page, lang: 'de' | 'ar', sessionUrl: string) => {
    const [fields, words] = [read(`${lang}.json`), read(`checkout.${lang}.json`)];
    await p.goto(sessionUrl);
    const card = new CardForm(p.frameLocator(`iframe[title="${words['checkout.card_details']}"]`), {
      number: fields['card.number.label']!,
      expiry: fields['card.expiry.label']!,
      cvc: fields['card.cvc.label']!,
      postalCode: fields['card.postal.label']!,
    });
    await card.fill(cards.approved);
    await p.locator('button[type="submit"]').click();
  };

  // German: a held payment, with the German back link beforehand.
  const de = read('checkout.de.json');
  const held = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), captureMethod: 'manual', locale: 'de' });
  await page.goto(held.checkoutUrl);
  await expect(page.getByRole('link', { name: 'Abbrechen und zurück zu', exact: false })).toBeVisible();
  await pay(page, 'de', held.checkoutUrl);
  await expect(page.getByRole('heading', { name: de['status.held.title'], exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expectNoViolations(await scan(page));

  // Arabic: paid in one tab, "paid already" in the next, mirrored.
  const ar = read('checkout.ar.json');
  const arSession = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), locale: 'ar' });
  await pay(page, 'ar', arSession.checkoutUrl);
  await expect(page.getByRole('heading', { name: read('checkout.ar.json')['status.success.title'], exact: true })).toBeVisible();
  const other = await context.newPage();
  await other.goto(arSession.checkoutUrl);
  await expect(other.getByRole('heading', { name: ar['status.paid_already.title'], exact: true })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
  expectNoViolations(await scan(other));
});
