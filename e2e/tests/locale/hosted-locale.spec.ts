/**
 * The hosted page in the session's language (issue 9): a session created with `locale: 'de'`
 * is paid in German, card fields included; an Arabic one is mirrored.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { Merchant, SvcPayApi } from '../../fixtures/api.ts';
import { cards } from '../../fixtures/cards.ts';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import { CardForm } from '../../models/card-form.ts';

const localesDir = join(import.meta.dirname, '..', '..', '..', 'src', 'locales');
// Read, not imported: Node wants an import attribute on JSON, which the app's bundler does not.
const read = (file: string) => JSON.parse(readFileSync(join(localesDir, file), 'utf8')) as Record<string, string>;
const fieldNames = (m: Record<string, string>) => ({
  number: m['card.number.label']!,
  expiry: m['card.expiry.label']!,
  cvc: m['card.cvc.label']!,
  postalCode: m['card.postal.label']!,
});

/**
 * Pays the hosted page in `lang` with the approved card: the processor's fields page, found and
 * labelled in that language, is checked by `inFrame` before paying; ends on the success panel.
 */
async function payIn(page: Page, lang: string, pay: Locator, inFrame: (frame: FrameLocator) => Promise<void>): Promise<void> {
  const [messages, checkout] = [read(`${lang}.json`), read(`checkout.${lang}.json`)];
  const frame = page.frameLocator(`iframe[title="${checkout['checkout.card_details']}"]`);
  const card = new CardForm(frame, fieldNames(messages));
  await expect(card.number).toBeVisible();
  await inFrame(frame);
  await card.fill(cards.approved);
  await pay.click();
  await expect(page.getByText(checkout['status.success.title']!, { exact: true })).toBeVisible();
}

interface Opener {
  page: Page;
  api: SvcPayApi;
  merchant: Merchant;
  server: { demoUrl: string };
}

/** Opens the hosted page of a session created with `locale`, showing its card heading in that language. */
async function openIn({ page, api, merchant, server }: Opener, lang: string) {
  const checkout = read(`checkout.${lang}.json`);
  const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), locale: lang });
  await page.goto(session.checkoutUrl);
  await expect(page.getByRole('heading', { name: checkout['checkout.pay_with_card'], exact: true })).toBeVisible();
  return { checkout, session };
}

test("a session created with locale 'de' is paid in German", async ({ page, api, merchant, server }) => {
  const { checkout: checkoutDe, session } = await openIn({ page, api, merchant, server }, 'de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText(checkoutDe['checkout.total']!, { exact: true })).toBeVisible();
  // German order: the amount, formatted the German way, then the verb.
  const pay = page.getByRole('button', { name: /^25,00\s\$ bezahlen$/ });
  await expect(pay).toBeVisible();

  // The processor's fields page speaks German too.
  await payIn(page, 'de', pay, (frame) => expect(frame.locator('html')).toHaveAttribute('lang', 'de'));
  expect((await api.getSession(merchant.keys.secret, session.id)).status).toBe('succeeded');
});

test("a session created with locale 'ar' is mirrored, fields and all", async ({ page, api, merchant, server }) => {
  const { checkout: checkoutAr } = await openIn({ page, api, merchant, server }, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const frame = page.frameLocator(`iframe[title="${checkoutAr['checkout.card_details']}"]`);
  await expect(new CardForm(frame, fieldNames(read('ar.json'))).number).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
});

test("a session created with locale 'fa' is mirrored, priced in Persian digits and paid (issue 36)", async ({ page, api, merchant, server }) => {
  const { checkout: checkoutFa } = await openIn({ page, api, merchant, server }, 'fa');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // $25.00 as Intl writes it for Persian, behind its left-to-right mark.
  const pay = page.getByRole('button', { name: checkoutFa['checkout.pay']!.replace('{amount}', '\u200e$۲۵٫۰۰') });
  await expect(pay).toBeVisible();
  await payIn(page, 'fa', pay, (frame) => expect(frame.locator('html')).toHaveAttribute('dir', 'rtl'));
});

test('a session without a locale follows the browser', async ({ browser, api, merchant, server }) => {
  const checkoutJa = read('checkout.ja.json');
  const context = await browser.newContext({ locale: 'ja-JP' });
  try {
    const page = await context.newPage();
    const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
    await page.goto(session.checkoutUrl);
    await expect(page.getByRole('heading', { name: checkoutJa['checkout.pay_with_card'], exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  } finally {
    await context.close();
  }
});
