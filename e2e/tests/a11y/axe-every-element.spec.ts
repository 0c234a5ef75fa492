/**
 * Issue 9, Accessibility: axe finds no WCAG 2.1 A/AA violation on the demo page with every element
 * mounted (wallet, card, billing address, split card, shipping address), in every theme and in
 * Arabic, every cross-origin element frame analysed with the page.
 */
import { expectNoViolations, scanWithEveryFrame } from '../../fixtures/axe.ts';
import { expect, test } from '../../fixtures/test.ts';

const cases = [
  { theme: 'default', locale: 'en' },
  { theme: 'night', locale: 'en' },
  { theme: 'flat', locale: 'en' },
  { theme: 'default', locale: 'ar' },
];

for (const { theme, locale } of cases) {
  test(`every element passes axe in the ${theme} theme (${locale})`, async ({ page, server }) => {
    const problems: string[] = [];
    // Chromium fetches the wallets' payment-method manifests itself when the wallet frame asks
    // `canMakePayment()`; the frame's CSP (connect-src 'self') refuses them. Noted, not a page error.
    const walletDiscovery = /^Connecting to 'https:\/\/(apple\.com\/apple-pay|google\.com\/pay)' violates/;
    page.on('console', (m) => void (m.type() === 'error' && !walletDiscovery.test(m.text()) && problems.push(m.text())));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.demoUrl}/elements?theme=${theme}&locale=${locale}`);
    const slots = page.locator('#all-elements .card-slot');
    await expect(slots).toHaveCount(7);
    // Each element said ready (the wallet: ready, or unavailable in a browser with no wallet).
    for (const slot of await slots.all()) await expect(slot).toHaveAttribute('data-ready', '');
    await expect(page.locator('iframe[data-svcpay-element]')).toHaveCount(7);

    // The element frames' content was analysed with the page, not skipped: each of the six frames
    // with inputs (all but the wallet's) must have been entered by the scan whose results count.
    const results = await scanWithEveryFrame(page, page.locator('iframe[data-svcpay-element]:not([data-svcpay-element="wallet"])'));
    expectNoViolations(results);
    if (locale === 'ar') {
      const frame = page.frameLocator('iframe[data-svcpay-element="address"]').first();
      await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    expect(problems).toEqual([]);
  });
}
