/**
 * Issue 36, /docs/errors: nothing on the error codes page runs past its content edge, at a laptop's
 * width and a phone's. The longest codes (mirror_shopify_shipping_unsupported) are one word of
 * monospace, wider than a column of the index and than a phone's line.
 */
import { expect, test } from '../../fixtures/test.ts';

for (const width of [1280, 390]) {
  test(`every code on /docs/errors stays inside the content at ${width} px`, async ({ page, server }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.serviceUrl}/docs/errors`);
    await expect(page.locator('.codes .index li').first()).toBeVisible();
    const overflows = await page.evaluate(() => {
      const main = document.querySelector('.codes')!;
      const style = getComputedStyle(main);
      const box = main.getBoundingClientRect();
      const right = box.right - parseFloat(style.paddingRight);
      const left = box.left + parseFloat(style.paddingLeft);
      return [...main.querySelectorAll('code, a, h2, li, dd')]
        .map((el) => ({ text: (el.textContent ?? '').slice(0, 60), over: Math.max(el.getBoundingClientRect().right - right, left - el.getBoundingClientRect().left) }))
        .filter((o) => o.over > 0.5);
    });
    expect(overflows).toEqual([]);
    // And the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
