/**
 * Issue 9, Elements: the mount point holds the element's final height from the moment of
 * `mount()` (a skeleton), so the merchant's page never jumps when the frame becomes ready, and
 * the frame is sized to its content afterwards (no 2-pixel or clipped frames).
 */
import { expect, test } from '../../fixtures/test.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';

let merchantPage: MerchantPage;
test.beforeAll(async ({ server }) => {
  merchantPage = await startMerchantPage(server.serviceUrl);
});
test.afterAll(async () => merchantPage.close());

for (const types of [['card'], ['cardNumber', 'cardExpiry', 'cardCvc'], ['address']]) {
  test(`${types.join(' + ')}: the same height at mount() as once ready, and the frame fits its content`, async ({ page, api, merchant }) => {
    const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true, billingAddress: 'required' });
    await page.setViewportSize({ width: 480, height: 900 });
    await page.goto(`${merchantPage.url}/?o=${encodeURIComponent(JSON.stringify({ mount: false }))}`);
    const heights = await page.evaluate(
      ({ pk, sessionId, types }) =>
        new Promise<{ atMount: number[]; atReady: number[] }>((resolve) => {
          const box = document.getElementById('card')!;
          const elements = (window as unknown as { SvcPay: (pk: string) => any }).SvcPay(pk).elements({ sessionId });
          const frames = () => [...box.querySelectorAll('iframe')].map((f) => f.getBoundingClientRect().height);
          let waiting = types.length;
          const made = types.map((t) =>
            elements.create(t, t === 'address' ? { mode: 'billing' } : undefined).on('ready', () => {
              // The frame reports its size before ready; give the page one frame to apply it.
              if (--waiting === 0) requestAnimationFrame(() => resolve({ atMount, atReady: frames() }));
            }),
          );
          made.forEach((e: { mount(el: HTMLElement): void }) => {
            const slot = document.createElement('div');
            box.appendChild(slot);
            e.mount(slot);
          });
          const atMount = frames();
        }),
      { pk: merchant.keys.publishable, sessionId: session.id, types },
    );
    expect(heights.atReady).toEqual(heights.atMount);
    // Not a sliver: every frame holds its inputs, and none is clipped (content fits the frame).
    for (const h of heights.atReady) expect(h).toBeGreaterThan(40);
    const elementFrames = page.frames().filter((f) => /\/frames\/(field|address)\.html/.test(f.url()));
    expect(elementFrames, 'one frame per element, each measured').toHaveLength(types.length);
    for (const frame of elementFrames) {
      const { scroll, client } = await frame.evaluate(() => ({ scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight }));
      expect(scroll).toBeLessThanOrEqual(client);
    }
  });
}
