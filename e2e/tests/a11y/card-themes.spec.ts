/**
 * svcpay's card element passes axe (WCAG 2.1 A/AA) in each theme, the cross-origin field frame
 * analysed as part of the page, on a merchant page whose colours suit the theme; and a buyer pays
 * with the keyboard alone across the split cardNumber, cardExpiry and cardCvc frames.
 */
import { expectNoViolations, scanWithCardFrame } from '../../fixtures/axe.ts';
import { cards } from '../../fixtures/cards.ts';
import { openMerchantPage, type MerchantPageOptions } from '../../fixtures/merchant-page.ts';
import { expect, test } from '../../fixtures/test.ts';

const themes: Record<string, MerchantPageOptions> = {
  default: {},
  night: { appearance: { theme: 'night' }, pageColors: { text: '#e6e8ef', background: '#14171f' } },
  flat: { appearance: { theme: 'flat' } },
};

for (const [theme, options] of Object.entries(themes)) {
  test(`the card element passes axe in the ${theme} theme, with an error showing`, async ({ page, server, api, merchant }) => {
    const shop = await openMerchantPage(page, { server, api, merchant }, options);
    await expect(shop.payButton).toBeEnabled();
    // An error on screen too: its colour is part of what the theme must keep readable.
    await shop.input('Card number').pressSequentially('4242 4242 4242 4241');
    await page.keyboard.press('Tab');
    await expect(shop.input('Card number')).toHaveAttribute('aria-invalid', 'true');

    const results = await scanWithCardFrame(page, `${server.serviceUrl}/frames/field.html#`);
    expectNoViolations(results);
  });
}

test('a buyer pays with the keyboard alone across the split card frames', async ({ page, server, api, merchant }) => {
  const shop = await openMerchantPage(page, { server, api, merchant }, { layout: 'split' });
  await expect(shop.payButton).toBeEnabled();

  await page.keyboard.press('Tab');
  await expect(shop.input('Card number')).toBeFocused();
  await page.keyboard.type(cards.approved.number);
  // Each frame holds one input: Tab, not the form, moves the buyer on.
  await page.keyboard.press('Tab');
  await expect(shop.input('Expiration date')).toBeFocused();
  await page.keyboard.type(cards.approved.expiry);
  await page.keyboard.press('Tab');
  await expect(shop.input('Security code')).toBeFocused();
  await page.keyboard.type(cards.approved.cvc);
  await page.keyboard.press('Tab');
  await expect(shop.payButton).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(shop.result).toHaveText('Payment succeeded');
  // Back again: Shift+Tab from Pay returns into the last frame.
  await page.keyboard.press('Shift+Tab');
  await expect(shop.input('Security code')).toBeFocused();
});
