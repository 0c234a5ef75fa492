/**
 * Issue 36, the hosted page as a designer measures it: the amount reads right in Arabic, the
 * expired state draws its icon without an emoji font, the card inputs line up with the email and
 * name inputs, "Expiration date" keeps to one line at 390 px, and a buyer who prefers a dark
 * scheme gets one (the hosted page takes no merchant colours, so nothing fixes them).
 */
import type { Locator } from '@playwright/test';
import { expectNoViolations, scanWithCardFrame } from '../../fixtures/axe.ts';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

/** Left and right edges of an element, on the page (a frame's content included). */
async function edges(l: Locator): Promise<{ left: number; right: number }> {
  const b = (await l.boundingBox())!;
  return { left: b.x, right: b.x + b.width };
}

/** Where each letter of "US$" lands on screen inside `l`: left to right, not "$US". */
function currencyLetterXs(l: Locator): Promise<number[]> {
  return l.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent!.indexOf('US$');
      if (at < 0) continue;
      return [0, 1, 2].map((i) => {
        const r = document.createRange();
        r.setStart(n, at + i);
        r.setEnd(n, at + i + 1);
        return r.getBoundingClientRect().left;
      });
    }
    return [];
  });
}

test('in Arabic the total and the Pay button read "US$", isolated from the right-to-left text around it', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), locale: 'ar' });
  await page.goto(session.checkoutUrl);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const where of [page.locator('.svp-summary__total-amount'), page.locator('.svp-pay__label')]) {
    await expect(where).toContainText('US$');
    const xs = await currencyLetterXs(where);
    expect(xs).toHaveLength(3);
    expect(xs[0]!, `U, S, $ at ${xs.join(', ')}`).toBeLessThan(xs[1]!);
    expect(xs[1]!, `U, S, $ at ${xs.join(', ')}`).toBeLessThan(xs[2]!);
    // The currency is a <bdi> of its own.
    await expect(where.locator('bdi')).toHaveText('US$');
  }
});

test('the expired state draws its icon as a picture, not an emoji glyph a font may lack', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), expiresIn: 300 });
  await api.advanceClock(301);
  await page.goto(session.checkoutUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'This checkout has expired' })).toBeVisible();
  const icon = page.locator('.svp-status--expired .svp-status__icon');
  await expect(icon.locator('svg')).toBeVisible();
  const glyph = await icon.evaluate((el) => getComputedStyle(el, '::before').content);
  expect(glyph === 'none' || glyph === 'normal', `icon text: ${glyph}`).toBe(true);
});

for (const width of [1280, 390]) {
  test(`the card inputs line up with the email and name inputs at ${width} px`, async ({ page, api, merchant, server }) => {
    await page.setViewportSize({ width, height: 900 });
    const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
    const hosted = new HostedCheckoutPage(page);
    await hosted.open(session.checkoutUrl);
    await expect(hosted.payButton).toBeEnabled();
    const email = await edges(hosted.buyer.email);
    const name = await edges(hosted.buyer.name);
    const number = await edges(hosted.card.number);
    const expiry = await edges(hosted.card.expiry);
    const postal = await edges(hosted.card.postalCode);
    expect(Math.abs(name.left - email.left)).toBeLessThanOrEqual(1);
    expect(Math.abs(number.left - email.left), `card number at ${number.left}, email at ${email.left}`).toBeLessThanOrEqual(1);
    expect(Math.abs(expiry.left - email.left)).toBeLessThanOrEqual(1);
    expect(Math.abs(number.right - email.right), `card number ends at ${number.right}, email at ${email.right}`).toBeLessThanOrEqual(1);
    expect(Math.abs(postal.right - email.right)).toBeLessThanOrEqual(1);
  });
}

test('at 390 px "Expiration date" stays on one line', async ({ page, api, merchant, server }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  const label = hosted.cardFrame.contentFrame().getByText('Expiration date', { exact: true });
  await expect(label).toBeVisible();
  const { height, line } = await label.evaluate((el) => ({ height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) }));
  expect(height, `label ${height} px high, line ${line} px`).toBeLessThan(line * 1.5);
});

test('a buyer who prefers a dark scheme gets a dark page, still AA, card frame included', async ({ page, api, merchant, server }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await expect(hosted.payButton).toBeEnabled();
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number) as [number, number, number];
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };
  const colours = await page.evaluate(() => {
    const css = (sel: string, prop: 'color' | 'backgroundColor') => getComputedStyle(document.querySelector(sel)!)[prop];
    return { page: css('html', 'backgroundColor'), text: css('.svp-summary__merchant', 'color'), total: css('.svp-summary__total-amount', 'color') };
  });
  expect(luminance(colours.page), `page background ${colours.page}`).toBeLessThan(0.2);
  expect(luminance(colours.text), `merchant name ${colours.text}`).toBeGreaterThan(0.8);
  expect(luminance(colours.total), `total ${colours.total}`).toBeGreaterThan(0.8);
  expectNoViolations(await scanWithCardFrame(page, `${server.processorUrl}/fields`));
});

test('without a dark preference the page stays light', async ({ page, api, merchant, server }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  await page.goto(session.checkoutUrl);
  await expect(page.locator('.svp-summary__merchant')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(244, 246, 250)');
});
