/**
 * Issue 36, the demo shop as a designer measures it: the elements page (/elements) shows no empty
 * box, names the split fields, wears the night theme's surface, speaks Arabic right to left around
 * Arabic frames; /success opened bare thanks nobody; links are the hosted page's blue.
 */
import type { Page } from '@playwright/test';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';

async function openElements(page: Page, demoUrl: string, query = ''): Promise<void> {
  await page.goto(`${demoUrl}/elements${query}`);
  for (const slot of await page.locator('#all-elements .card-slot').all()) await expect(slot).toHaveAttribute('data-ready', '');
}

test('the shipping address section shows address fields, not an empty box', async ({ page, server }) => {
  await openElements(page, server.demoUrl);
  const shipping = page.locator('#shipping');
  const frame = shipping.locator('iframe').contentFrame();
  await expect(frame.getByRole('textbox').first()).toBeVisible();
  expect((await shipping.boundingBox())!.height).toBeGreaterThan(100);
});

test('the wallet slot keeps no blank space above its note when the browser offers no wallet', async ({ page, server }) => {
  await openElements(page, server.demoUrl);
  await expect(page.locator('#wallet-state')).toHaveText('No wallet (Apple Pay or Google Pay) is offered by this browser.');
  expect((await page.locator('#wallet').boundingBox())!.height).toBeLessThanOrEqual(1);
});

test('each split card field is named by a visible label just above it', async ({ page, server }) => {
  await openElements(page, server.demoUrl);
  for (const [slot, label] of [['card-number', 'Card number'], ['card-expiry', 'Expiration date'], ['card-cvc', 'Security code']] as const) {
    const group = page.getByRole('group', { name: label });
    await expect(group).toHaveAttribute('id', slot);
    const text = (await page.getByText(label, { exact: true }).boundingBox())!;
    const box = (await group.boundingBox())!;
    expect(box.y - (text.y + text.height), `${label} label to its field`).toBeGreaterThanOrEqual(0);
    expect(box.y - (text.y + text.height), `${label} label to its field`).toBeLessThanOrEqual(12);
  }
});

test('in the night theme the page behind the elements is their own dark surface', async ({ page, server }) => {
  await openElements(page, server.demoUrl, '?theme=night');
  const surface = await page.locator('#all-elements').evaluate((el) => getComputedStyle(el).backgroundColor);
  const frame = page.locator('#card iframe').contentFrame();
  const inFrame = await frame.locator('body').evaluate((el) => {
    // The first painted background from the body up.
    for (let e: Element | null = el; e; e = e.parentElement) {
      const bg = getComputedStyle(e).backgroundColor;
      if (bg !== 'rgba(0, 0, 0, 0)') return bg;
    }
    return 'none';
  });
  expect(surface).toBe(inFrame);
  expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(230, 232, 239)');
});

test('in Arabic the page is Arabic and right to left around the frames', async ({ page, server }) => {
  await openElements(page, server.demoUrl, '?locale=ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect(await page.locator('#all-elements').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('كل عناصر svcpay');
  // The address headings are svcpay's own words for them, as the frames read.
  await expect(page.getByRole('heading', { level: 2, name: 'عنوان الشحن' })).toBeVisible();
  await expect(page.locator('#wallet-state')).not.toContainText('No wallet');
});

test('/success opened without a checkout thanks nobody for an order', async ({ page, server }) => {
  await page.goto(`${server.demoUrl}/success`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No order to show');
  await expect(page.getByText('Thank you for your order')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toBeVisible();
});

test('the shop uses the hosted page blue for its links and buttons', async ({ page, api, merchant, server }) => {
  await page.goto(server.demoUrl);
  const linkBlue = await page.getByRole('link', { name: 'Every svcpay element on one page' }).evaluate((el) => getComputedStyle(el).color);
  const buttonBlue = await page.getByRole('button', { name: 'Pay on the hosted page' }).evaluate((el) => getComputedStyle(el).backgroundColor);
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  await page.goto(session.checkoutUrl);
  const pay = page.getByRole('button', { name: /^Pay\b/ });
  await expect(pay).toBeEnabled();
  // Polled: the Pay button eases from its disabled colour.
  await expect.poll(() => pay.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(buttonBlue);
  expect(await page.locator('.checkout__cancel').evaluate((el) => getComputedStyle(el).color)).toBe(linkBlue);
});
