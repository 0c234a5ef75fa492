/**
 * The merchant's `appearance` reaches the card frame: the night and flat presets and a rule are
 * applied (read back as computed styles inside the cross-origin frame), and an appearance that
 * tries to load a resource is refused at `elements()` before any frame exists.
 */
import { openMerchantPage } from '../../fixtures/merchant-page.ts';
import { expect, test } from '../../fixtures/test.ts';

const styleOf = (el: Element, property: string) => getComputedStyle(el).getPropertyValue(property);

test('the night theme dresses the inputs and the frame behind the labels', async ({ page, server, api, merchant }) => {
  const shop = await openMerchantPage(page, { server, api, merchant }, { appearance: { theme: 'night' }, pageColors: { text: '#e6e8ef', background: '#14171f' } });
  const number = shop.input('Card number');
  await expect(number).toBeVisible();
  expect(await number.evaluate(styleOf, 'background-color')).toBe('rgb(31, 36, 48)');
  expect(await number.evaluate(styleOf, 'color')).toBe('rgb(230, 232, 239)');
  const label = shop.frame('card').getByText('Card number', { exact: true });
  expect(await label.evaluate(styleOf, 'color')).toBe('rgb(230, 232, 239)');
  expect(await shop.frame('card').locator('html').evaluate(styleOf, 'background-color')).toBe('rgb(20, 23, 31)');
});

test('the flat theme with the merchant variables and rules over it', async ({ page, server, api, merchant }) => {
  const appearance = {
    theme: 'flat',
    variables: { spacingUnit: '6px', fontFamily: 'Georgia, serif' },
    rules: { '.Label': { textTransform: 'uppercase', letterSpacing: '1px' }, '.Input': { boxShadow: '0 1px 2px rgba(0, 0, 0, 0.2)' } },
  };
  const shop = await openMerchantPage(page, { server, api, merchant }, { appearance });
  const number = shop.input('Card number');
  await expect(number).toBeVisible();
  expect(await number.evaluate(styleOf, 'border-radius')).toBe('0px');
  expect(await number.evaluate(styleOf, 'background-color')).toBe('rgb(241, 243, 245)');
  // spacingUnit 6px: inputs take 2.5 x 3 units of padding.
  expect(await number.evaluate(styleOf, 'padding')).toBe('15px 18px');
  expect(await number.evaluate(styleOf, 'font-family')).toBe('Georgia, serif');
  expect(await number.evaluate(styleOf, 'box-shadow')).toBe('rgba(0, 0, 0, 0.2) 0px 1px 2px 0px');
  const label = shop.frame('card').getByText('Card number', { exact: true });
  expect(await label.evaluate(styleOf, 'text-transform')).toBe('uppercase');
});

test('the default theme is what a page with no appearance gets', async ({ page, server, api, merchant }) => {
  const shop = await openMerchantPage(page, { server, api, merchant });
  const number = shop.input('Card number');
  await expect(number).toBeVisible();
  expect(await number.evaluate(styleOf, 'border-radius')).toBe('6px');
  expect(await number.evaluate(styleOf, 'background-color')).toBe('rgb(255, 255, 255)');
});

test('an appearance that would load a resource is refused at elements(), naming the key', async ({ page, server, api, merchant }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openMerchantPage(page, { server, api, merchant }, { appearance: { variables: { colorBackground: 'url(https://evil.test/pixel.png)' } } });
  await expect.poll(() => errors).toEqual([expect.stringContaining('svcpay: elements: appearance.variables.colorBackground does not fit the Appearance type')]);
  await expect(page.locator('iframe[src*="/frames/field.html"]')).toHaveCount(0);
});
