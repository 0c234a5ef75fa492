/**
 * The card element in the buyer's language (issue 9): Arabic mirrored right to left, Japanese,
 * French from the first paint, and English without downloading any other language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { pagesBundle } from '../../../bench/sizes.ts';
import { expect, test } from '../../fixtures/test.ts';
import type { Merchant, SvcPayApi } from '../../fixtures/api.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';
import { serverState } from '../../fixtures/state.ts';
import { CardElementPage } from '../../models/card-element-page.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
type Messages = Record<'card.number.label' | 'card.expiry.label' | 'card.cvc.label' | 'card.postal.label' | 'card.group.label' | 'card.expiry.placeholder' | 'error.incomplete_number' | 'decline.processing_error', string>;
const localesDir = join(repoRoot, 'src', 'locales');
// Read, not imported: Node wants an import attribute on JSON, which the app's bundler does not.
const catalogue = (locale: string) => JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8')) as Messages;
const [en, ar, fr, ja] = ['en', 'ar', 'fr', 'ja'].map(catalogue) as [Messages, Messages, Messages, Messages];
const names = (m: Messages) => ({
  number: m['card.number.label'],
  expiry: m['card.expiry.label'],
  cvc: m['card.cvc.label'],
  postalCode: m['card.postal.label'],
});

let merchantPage: MerchantPage;
test.beforeAll(async () => {
  merchantPage = await startMerchantPage(serverState().serviceUrl);
});
test.afterAll(async () => {
  await merchantPage.close();
});

async function mountCard(page: Page, ctx: { api: SvcPayApi; merchant: Merchant }, locale?: string) {
  const session = await ctx.api.createSession(ctx.merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  const shop = new CardElementPage(page);
  await shop.open(merchantPage.url, { publishableKey: ctx.merchant.keys.publishable, sessionId: session.id, locale });
  return shop;
}

/** Catalogue files the page and its frames fetch. */
function recordCatalogues(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/[^/]+\.json$/.test(path)) seen.push(path);
  });
  return seen;
}

test("locale 'ar' mirrors the card element and labels it in Arabic", async ({ page, api, merchant }) => {
  const shop = await mountCard(page, { api, merchant }, 'ar');
  const card = shop.card(names(ar));
  await expect(card.number).toBeVisible();
  await expect(shop.frameRoot).toHaveAttribute('dir', 'rtl');
  await expect(shop.frameRoot).toHaveAttribute('lang', 'ar');
  await expect(shop.frame.getByRole('group', { name: ar['card.group.label'], exact: true })).toBeVisible();
  await expect(shop.frame.getByText(en['card.number.label'], { exact: true })).toHaveCount(0);

  // Mirrored: the expiry date, first of its row, sits right of the security code.
  const expiry = await card.expiry.boundingBox();
  const cvc = await card.cvc.boundingBox();
  expect(expiry!.x).toBeGreaterThan(cvc!.x);

  // The digits still read left to right, and errors come in Arabic.
  await card.number.pressSequentially('4242');
  await card.expiry.click();
  await expect(shop.frame.getByText(ar['error.incomplete_number'], { exact: true })).toBeVisible();
  await expect(card.number).toHaveCSS('direction', 'ltr');
});

test("locale 'ja' labels the card element in Japanese, left to right", async ({ page, api, merchant }) => {
  const shop = await mountCard(page, { api, merchant }, 'ja');
  const card = shop.card(names(ja));
  await expect(card.number).toBeVisible();
  await expect(shop.frameRoot).toHaveAttribute('lang', 'ja');
  await expect(shop.frameRoot).toHaveAttribute('dir', 'ltr');
  await expect(card.expiry).toHaveAttribute('placeholder', ja['card.expiry.placeholder']);

  const expiry = await card.expiry.boundingBox();
  const cvc = await card.cvc.boundingBox();
  expect(expiry!.x).toBeLessThan(cvc!.x);

  await card.number.pressSequentially('4242');
  await card.expiry.click();
  await expect(shop.frame.getByText(ja['error.incomplete_number'], { exact: true })).toBeVisible();
});

test("locale 'auto' follows the browser's language", async ({ browser, api, merchant }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  try {
    const page = await context.newPage();
    const shop = await mountCard(page, { api, merchant }, 'auto');
    await expect(shop.card(names(ja)).number).toBeVisible();
    await expect(shop.frameRoot).toHaveAttribute('lang', 'ja-JP');
  } finally {
    await context.close();
  }
});

test('a French card shows French from its first paint and downloads only French', async ({ page, api, merchant }) => {
  // Every label text the field frame ever shows, from before its first render.
  await page.addInitScript(() => {
    if (!location.pathname.endsWith('/frames/field.html')) return;
    const seen: string[] = [];
    Object.assign(window, { __labelsSeen: seen });
    new MutationObserver(() => {
      for (const label of document.querySelectorAll('label')) seen.push(label.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const catalogues = recordCatalogues(page);
  const shop = await mountCard(page, { api, merchant }, 'fr');
  await expect(shop.card(names(fr)).number).toBeVisible();

  const frame = await (await shop.frameElement.elementHandle())!.contentFrame();
  const seen = await frame!.evaluate(() => (window as unknown as { __labelsSeen: string[] }).__labelsSeen);
  expect(seen.length, 'the recorder saw the labels').toBeGreaterThan(0);
  expect(new Set(seen)).toEqual(new Set(Object.values(names(fr))));

  expect(catalogues.length).toBeGreaterThan(0);
  for (const path of catalogues) expect(path).toMatch(/^\/assets\/fr-[\w-]+\.json$/);
});

test('an English card downloads no catalogue', async ({ page, api, merchant }) => {
  const catalogues = recordCatalogues(page);
  const shop = await mountCard(page, { api, merchant });
  const card = shop.card();
  await expect(card.number).toBeVisible();
  // A field error is worded too: still nothing to fetch.
  await card.number.pressSequentially('4242');
  await card.expiry.click();
  await expect(shop.frame.getByText(en['error.incomplete_number'], { exact: true })).toBeVisible();
  expect(catalogues).toEqual([]);
});

test("the card frame's first download holds English only", () => {
  const app = join(repoRoot, 'dist', 'app');
  // The card's page, which its controller frame runs in too (embed/group.ts).
  const bundle = pagesBundle(repoRoot, app, [join(app, 'src', 'frames', 'field.html')]);
  const text = bundle.files.map((f) => readFileSync(join(repoRoot, f.file), 'utf8')).join('\n');
  expect(text, 'the search finds bundled wording').toContain(en['decline.processing_error']);
  const others = readdirSync(localesDir).filter((f) => /^[\w-]+\.json$/.test(f) && f !== 'en.json');
  expect(others.length).toBeGreaterThanOrEqual(20);
  for (const file of others) {
    const locale = file.slice(0, -'.json'.length);
    const messages = catalogue(locale);
    expect(text, `${locale} wording in the frames' first download`).not.toContain(messages['decline.processing_error']);
  }
});
