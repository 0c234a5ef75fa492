/**
 * Issue 10, Layout: nothing on the hosted page moves while the processor's card frame loads and
 * reports its height, at a phone's width and a desktop's, left to right and right to left. Measured
 * as the browser does (Layout Instability API, shifts without recent input), from the first paint
 * until the card inputs can be typed into.
 */
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';

for (const { width, locale } of [
  { width: 320, locale: 'en' },
  { width: 390, locale: 'en' },
  { width: 1024, locale: 'en' },
  { width: 390, locale: 'de' },
  { width: 390, locale: 'ar' },
  { width: 320, locale: 'ar' },
]) {
  test(`${width} px, ${locale}: no layout shift while the card frame loads`, async ({ page, api, merchant, server }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
          if (!e.hadRecentInput) w.__shifts.push({ value: e.value, sources: (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName))) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), locale });
    await page.goto(session.checkoutUrl);
    // Names differ by language: the frame and the button are found by their place instead.
    await expect(page.frameLocator('iframe.checkout__frame').locator('input').first()).toBeEditable();
    await expect(page.locator('button.svp-pay')).toBeEnabled();
    // Two frames: a height reported with the ready message is applied by then.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    expect(shifts).toEqual([]);
  });
}
