/**
 * The merchant's `appearance` reaches the card frame: the night and flat presets and a rule are
 * applied (read back as computed styles inside the cross-origin frame), and an appearance that
 * tries to load a resource is refused at `elements()` before any frame exists. Styles are read
 * once the card is ready (the page enables Pay then), by assertions that retry: a style still
 * being applied is waited for rather than read half way.
 */
import { openMerchantPage } from '../../fixtures/merchant-page.ts';
import { expect, test } from '../../fixtures/test.ts';

test('the night theme dresses the inputs and the frame behind the labels', async ({ page, server, api, merchant }) => {
  const shop = await openMerchantPage(page, { server, api, merchant }, { appearance: { theme: 'night' }, pageColors: { text: '#e6e8ef', background: '#14171f' } });
  await expect(shop.payButton).toBeEnabled();
  const number = shop.input('Card number');
  await expect(number).toBeVisible();
  await expect(number).toHaveCSS('background-color', 'rgb(31, 36, 48)');
  await expect(number).toHaveCSS('color', 'rgb(230, 232, 239)');
  const label = shop.frame('card').getByText('Card number', { exact: true });
  await expect(label).toHaveCSS('color', 'rgb(230, 232, 239)');
  await expect(shop.frame('card').locator('html')).toHaveCSS('background-color', 'rgb(20, 23, 31)');
});

test('the flat theme with the merchant variables and rules over it', async ({ page, server, api, merchant }) => {
  const appearance = {
    theme: 'flat',
    variables: { spacingUnit: '6px', fontFamily: 'Georgia, serif' },
    rules: { '.Label': { textTransform: 'uppercase', letterSpacing: '1px' }, '.Input': { boxShadow: '0 1px 2px rgba(0, 0, 0, 0.2)' } },
  };
  const shop = await openMerchantPage(page, { server, api, merchant }, { appearance });
  await expect(shop.payButton).toBeEnabled();
  const number = shop.input('Card number');
  await expect(number).toBeVisible();
  await expect(number).toHaveCSS('border-radius', '0px');
  await expect(number).toHaveCSS('background-color', 'rgb(241, 243, 245)');
  // spacingUnit 6px: inputs take 2.5 x 3 units of padding.
  await expect(number).toHaveCSS('padding', '15px 18px');
  await expect(number).toHaveCSS('font-family', 'Georgia, serif');
  await expect(number).toHaveCSS('box-shadow', 'rgba(0, 0, 0, 0.2) 0px 1px 2px 0px');
  const label = shop.frame('card').getByText('Card number', { exact: true });
  await expect(label).toHaveCSS('text-transform', 'uppercase');
});

test('the default theme is what a page with no appearance gets', async ({ page, server, api, merchant }) => {
  const shop = await openMerchantPage(page, { server, api, merchant });
  await expect(shop.payButton).toBeEnabled();
  const number = shop.input('Card number');
  await expect(number).toBeVisible();
  await expect(number).toHaveCSS('border-radius', '6px');
  await expect(number).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('an appearance that would load a resource is refused at elements(), naming the key', async ({ page, server, api, merchant }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openMerchantPage(page, { server, api, merchant }, { appearance: { variables: { colorBackground: 'url(https://evil.test/pixel.png)' } } });
  await expect.poll(() => errors).toEqual([expect.stringContaining('svcpay: elements: appearance.variables.colorBackground does not fit the Appearance type')]);
  await expect(page.locator('iframe[src*="/frames/field.html"]')).toHaveCount(0);
});
