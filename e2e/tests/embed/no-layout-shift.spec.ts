/**
 * Issue 9, Elements: the mount point holds the element's final height from the moment of
 * `mount()` (a skeleton), so the merchant's page never jumps when the frame becomes ready, and
 * the frame is sized to its content afterwards (no 2-pixel or clipped frames). Issue 22: at any
 * width of the merchant's box (the card lays its fields out in two rows from 520 px, the address
 * pairs inputs from 360 px) and with the appearance variables that change sizes.
 */
import { expect, test } from '../../fixtures/test.ts';
import { isElementFrame } from '../../fixtures/frames.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';
import { paymentSheetStub } from '../../fixtures/payment-sheet-stub.ts';

let merchantPage: MerchantPage;
test.beforeAll(async ({ server }) => {
  merchantPage = await startMerchantPage(server.serviceUrl);
});
test.afterAll(async () => merchantPage.close());

/**
 * Widths of the merchant's box: the narrowest phone, a plain page on a 1280 px screen, and both
 * sides of the element's own breakpoint (the card lays its fields out in two rows from 520 px, the
 * address pairs inputs from 360 px). Each width is a page load: widths between breakpoints lay out
 * as their neighbours do and are left out (CI's time).
 */
const CARD_WIDTHS = [320, 519, 520, 1264];
const ADDRESS_WIDTHS = [320, 359, 360, 1264];
const SOME_WIDTHS = [320, 1264];

interface Case {
  types: string[];
  widths: number[];
  appearance?: object;
  options?: object;
}
const cases: Case[] = [
  { types: ['card'], widths: CARD_WIDTHS },
  { types: ['cardNumber', 'cardExpiry', 'cardCvc'], widths: SOME_WIDTHS },
  { types: ['address'], widths: ADDRESS_WIDTHS },
  { types: ['wallet'], widths: SOME_WIDTHS },
  { types: ['card'], widths: SOME_WIDTHS, options: { hidePostalCode: true } },
  ...[{ variables: { spacingUnit: '8px' } }, { variables: { fontSize: '20px', spacingUnit: '0.125rem' } }, { theme: 'night' }].flatMap((appearance) => [
    // Both layouts of each element (one row and two at 1264 px, stacked at 320 px); the edges of
    // the breakpoints are the default appearance's cases above.
    { types: ['card'], widths: SOME_WIDTHS, appearance },
    { types: ['cardNumber'], widths: SOME_WIDTHS, appearance },
    { types: ['address'], widths: SOME_WIDTHS, appearance },
  ]),
];

for (const { types, widths, appearance, options } of cases) {
  const name = [types.join(' + '), appearance && JSON.stringify(appearance), options && JSON.stringify(options)].filter(Boolean).join(' ');
  test(`${name}: the same height from mount() on as once drawn, at ${widths.join(', ')} px, and the frame fits its content`, async ({ page, context, api, merchant }) => {
    // A browser with a wallet, so the wallet element draws its button.
    await context.addInitScript(paymentSheetStub, { available: true });
    const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true, billingAddress: 'required' });
    for (const width of widths) {
      // A plain page: the box is the body, the viewport less the body's 8 px margins.
      await page.setViewportSize({ width: width + 16, height: 900 });
      await page.goto(`${merchantPage.url}/?o=${encodeURIComponent(JSON.stringify({ mount: false }))}`);
      const heights = await page.evaluate(
        ({ pk, sessionId, types, appearance, options }) =>
          new Promise<{ width: number; atMount: number[]; seen: number[][] }>((resolve) => {
            const box = document.getElementById('card')!;
            const elements = (window as unknown as { SvcPay: (pk: string) => any }).SvcPay(pk).elements({ sessionId, appearance });
            const frames = () => [...box.querySelectorAll('iframe')].map((f) => f.getBoundingClientRect().height);
            // Every frame the page paints, from mount() until a while after the last `ready`.
            const seen: number[][] = [];
            let until = Infinity;
            const sample = (now: number) => {
              seen.push(frames());
              if (now < until) requestAnimationFrame(sample);
              else resolve({ width: box.getBoundingClientRect().width, atMount, seen });
            };
            let waiting = types.length;
            const made = types.map((t) =>
              elements.create(t, t === 'address' ? { mode: 'billing' } : options).on('ready', () => {
                if (--waiting === 0) until = performance.now() + 800;
              }),
            );
            made.forEach((e: { mount(el: HTMLElement): void }) => {
              const slot = document.createElement('div');
              box.appendChild(slot);
              e.mount(slot);
            });
            const atMount = frames();
            requestAnimationFrame(sample);
          }),
        { pk: merchant.keys.publishable, sessionId: session.id, types, appearance, options },
      );
      expect(heights.width).toBe(width);
      const at = `${width} px`;
      for (const h of heights.atMount) expect(h, `${at}: not a sliver, every frame holds its inputs`).toBeGreaterThan(40);
      for (const frame of heights.seen) frame.forEach((h, i) => expect(Math.abs(h - heights.atMount[i]!), `${at}: ${h} px painted, ${heights.atMount[i]} px at mount`).toBeLessThanOrEqual(1));

      // Drawn by now (a wallet's button once the browser said it has one), still the skeleton's
      // height, and none is clipped (content fits the frame).
      const elementFrames = page.frames().filter((f) => isElementFrame(f));
      expect(elementFrames, 'one frame per element, each measured').toHaveLength(types.length);
      for (const frame of elementFrames) {
        await expect(frame.locator('input, button').first()).toBeVisible();
        const { scroll, client } = await frame.evaluate(() => ({ scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight }));
        expect(scroll, at).toBeLessThanOrEqual(client);
      }
      const final = await page.locator('#card iframe').evaluateAll((fs) => fs.map((f) => f.getBoundingClientRect().height));
      final.forEach((h, i) => expect(Math.abs(h - heights.atMount[i]!), `${at}: ${h} px drawn, ${heights.atMount[i]} px at mount`).toBeLessThanOrEqual(1));
    }
  });
}

// Issue 36: on a loaded machine a card (spacingUnit 8px, 768 px) painted at 0 px for a frame after
// mount. A frame that measures before it is laid out reports 0; the page must keep the element's
// height whatever a frame reports, short of `unavailable`. The frame's report is sent here from
// inside the field frame, as that run's frame sent it, at a known moment.
test('a 0 px size report from the card frame never paints the element at 0 px', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  await page.setViewportSize({ width: 768 + 16, height: 900 });
  await page.goto(`${merchantPage.url}/?o=${encodeURIComponent(JSON.stringify({ mount: false }))}`);
  const atMount = await page.evaluate(
    ({ pk, sessionId }) =>
      new Promise<number>((resolve) => {
        const elements = (window as unknown as { SvcPay: (pk: string) => any }).SvcPay(pk).elements({ sessionId, appearance: { variables: { spacingUnit: '8px' } } });
        const card = elements.create('card');
        card.mount('#card');
        const height = document.querySelector('#card iframe')!.getBoundingClientRect().height;
        card.on('ready', () => resolve(height));
      }),
    { pk: merchant.keys.publishable, sessionId: session.id },
  );
  const field = page.frames().find((f) => isElementFrame(f, ['field']))!;
  // Every frame the page paints from just before the report until well after it.
  const painted = page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const sample = () => {
          seen.push(document.querySelector('#card iframe')!.getBoundingClientRect().height);
          if (seen.length < 30) requestAnimationFrame(sample);
          else resolve(seen);
        };
        requestAnimationFrame(sample);
      }),
  );
  await field.evaluate(() => {
    const hash = new URLSearchParams(location.hash.slice(1));
    const msg = { protocol: 'svcpay/1', type: 'element.resize', channel: hash.get('channel'), elementId: hash.get('elementId'), height: 0 };
    parent.postMessage(msg, hash.get('parentOrigin')!);
  });
  for (const h of await painted) expect(Math.abs(h - atMount), `${h} px painted, ${atMount} px at mount`).toBeLessThanOrEqual(1);
  // Still the frame's own size afterwards: it fits its content.
  const { scroll, client } = await field.evaluate(() => ({ scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight }));
  expect(scroll).toBeLessThanOrEqual(client);
});
