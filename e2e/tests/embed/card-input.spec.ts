/**
 * What a buyer notices while filling svcpay's card element on a merchant page: a pasted number is
 * formatted and the caret stays after it, the brand shows as the number starts, and an invalid
 * number is flagged only once they leave it, marked invalid, described and announced.
 */
import { futureExpiry } from '../../../src/card/test-cards.ts';
import { openMerchantPage } from '../../fixtures/merchant-page.ts';
import { expect, test } from '../../fixtures/test.ts';

// The paste comes through the system clipboard, as a buyer's does.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a pasted spaced and dashed number is formatted, with the caret after it', async ({ page, server, api, merchant }) => {
  const shop = await openMerchantPage(page, { server, api, merchant });
  await expect(shop.payButton).toBeEnabled();
  // The buyer copied the number from somewhere that spaced and dashed it.
  await page.evaluate(() => navigator.clipboard.writeText('4242 4242-4242 4242'));
  const number = shop.input('Card number');
  await number.click();
  await page.keyboard.press('ControlOrMeta+V');

  await expect(number).toHaveValue('4242 4242 4242 4242');
  await expect.poll(() => number.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([19, 19]);
  // Complete, so the form moves on to the expiry date.
  await expect(shop.input('Expiration date')).toBeFocused();
  await expect(shop.frame('card').locator('svg[data-brand="visa"]')).toBeVisible();
  await expect(number).toHaveAccessibleDescription('Card brand: Visa');
});

test('an invalid number is flagged on blur: aria-invalid, described by the error, announced', async ({ page, server, api, merchant }) => {
  const shop = await openMerchantPage(page, { server, api, merchant });
  await expect(shop.payButton).toBeEnabled();
  const number = shop.input('Card number');
  const announcer = shop.frame('card').locator('[aria-live="polite"]', { hasText: 'Your card number is invalid.' });

  await number.click();
  await number.pressSequentially('4242 4242 4242 4241');
  // Still typing: a 16-digit Visa could grow to 19 digits, so nothing is said yet.
  await expect(number).toHaveAttribute('aria-invalid', 'false');
  await expect(announcer).toHaveCount(0);

  await page.keyboard.press('Tab');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription('Card brand: Visa Your card number is invalid.');
  await expect(announcer).toHaveCount(1);
  await expect(announcer).toBeVisible();
});

test('the expiry accepts an autofill-style whole date with a four-digit year', async ({ page, server, api, merchant }) => {
  const shop = await openMerchantPage(page, { server, api, merchant }, { layout: 'split' });
  await expect(shop.payButton).toBeEnabled();
  const { month, year } = futureExpiry();
  const expiry = shop.input('Expiration date');
  await expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
  await expect(shop.input('Card number')).toHaveAttribute('autocomplete', 'cc-number');
  await expect(shop.input('Security code')).toHaveAttribute('autocomplete', 'cc-csc');
  // What Chrome's autofill does: the whole value set at once, one input event without inputType.
  await expiry.evaluate((el: HTMLInputElement, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, `${String(month).padStart(2, '0')}/${year}`);
  await expect(expiry).toHaveValue(`${String(month).padStart(2, '0')} / ${String(year).slice(2)}`);
  await expect(expiry).toHaveAttribute('aria-invalid', 'false');
});
