/**
 * The hosted page in the session's language (issue 9): a session created with `locale: 'de'`
 * is paid in German, card fields included; an Arabic one is mirrored.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

test("a session created with locale 'de' is paid in German", async ({ page, api, merchant, server }) => {
  const [de, checkoutDe] = [read('de.json'), read('checkout.de.json')];
  const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), locale: 'de' });
  await page.goto(session.checkoutUrl);

  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: checkoutDe['checkout.pay_with_card'], exact: true })).toBeVisible();
  await expect(page.getByText(checkoutDe['checkout.total']!, { exact: true })).toBeVisible();
  // German order: the amount, formatted the German way, then the verb.
  const pay = page.getByRole('button', { name: /^25,00\s\$ bezahlen$/ });
  await expect(pay).toBeVisible();

  // The processor's fields page speaks German too.
  const frame = page.frameLocator(`iframe[title="${checkoutDe['checkout.card_details']}"]`);
  const card = new CardForm(frame, fieldNames(de));
  await expect(card.number).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
  await card.fill(cards.approved);
  await pay.click();

  await expect(page.getByText(checkoutDe['status.success.title']!, { exact: true })).toBeVisible();
  expect((await api.getSession(merchant.keys.secret, session.id)).status).toBe('succeeded');
});

test("a session created with locale 'ar' is mirrored, fields and all", async ({ page, api, merchant, server }) => {
  const [ar, checkoutAr] = [read('ar.json'), read('checkout.ar.json')];
  const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), locale: 'ar' });
  await page.goto(session.checkoutUrl);

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: checkoutAr['checkout.pay_with_card'], exact: true })).toBeVisible();
  const frame = page.frameLocator(`iframe[title="${checkoutAr['checkout.card_details']}"]`);
  await expect(new CardForm(frame, fieldNames(ar)).number).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
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
