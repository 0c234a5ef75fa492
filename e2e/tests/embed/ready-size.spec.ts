/**
 * Issue 22, Speed: a field frame's script runs as its document parses, often before the frame has
 * learnt its width from the page (a race between two processes, so the test makes it certain with a
 * box 0 px wide). `ready` still means "sized": the page has the frame's own height when it hears
 * `ready`, even where the skeleton (src/vocab/element-heights.ts) cannot predict it.
 * And a frame that never gets a width (mounted in a hidden container) still says `ready`.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.ts';
import { isElementFrame } from '../../fixtures/frames.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';

let merchantPage: MerchantPage;
test.beforeAll(async ({ server }) => {
  merchantPage = await startMerchantPage(server.serviceUrl);
});
test.afterAll(async () => merchantPage.close());

const blankPage = () => `${merchantPage.url}/?o=${encodeURIComponent(JSON.stringify({ mount: false }))}`;

/** The height of the card frame's content, measured inside the frame, rounded up as the frame reports it. */
const contentHeight = (page: Page) =>
  page
    .frames()
    .find((f) => isElementFrame(f, ['field']))!
    .evaluate(() => Math.ceil(document.querySelector('.svp-frame')!.getBoundingClientRect().height));

test('ready waits for the frame to know its width, so the page has sized the frame when it hears ready', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  await page.goto(blankPage());
  // Taller inputs than the skeleton's rule knows of: only the frame's own report sizes it right.
  const appearance = { rules: { '.Input': { padding: '22px 12px' } } };
  // The frame has drawn before the page gives it a width: its box is 0 px wide until the test widens it.
  await page.evaluate(
    ({ pk, sessionId, appearance }) => {
      const box = document.getElementById('card')!;
      box.style.width = '0px';
      const card = (window as unknown as { SvcPay: (pk: string) => any }).SvcPay(pk).elements({ sessionId, appearance }).create('card');
      const w = window as unknown as { heardReady: { frameHeight: number } | null };
      w.heardReady = null;
      card.on('ready', () => (w.heardReady = { frameHeight: box.querySelector('iframe')!.getBoundingClientRect().height }));
      card.mount(box);
    },
    { pk: merchant.keys.publishable, sessionId: session.id, appearance },
  );
  const field = page.frameLocator('#card iframe');
  await expect(field.locator('input').first()).toBeAttached();
  const heard = () => page.evaluate(() => (window as unknown as { heardReady: { frameHeight: number } | null }).heardReady);
  expect(await heard(), 'no ready while the frame has no width to be sized at').toBeNull();

  await page.evaluate(() => (document.getElementById('card')!.style.width = '480px'));
  await expect.poll(heard).not.toBeNull();
  const content = await contentHeight(page);
  const atReady = (await heard())!.frameHeight;
  expect(Math.abs(atReady - content), `${atReady} px at ready, ${content} px of content`).toBeLessThanOrEqual(1);
});

test('a card mounted in a hidden container says ready, and takes its height once shown', async ({ page, api, merchant }) => {
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  await page.goto(blankPage());
  await page.evaluate(
    ({ pk, sessionId }) =>
      new Promise<void>((resolve) => {
        const box = document.getElementById('card')!;
        box.style.display = 'none';
        const card = (window as unknown as { SvcPay: (pk: string) => any }).SvcPay(pk).elements({ sessionId }).create('card');
        card.on('ready', () => resolve());
        card.mount(box);
      }),
    { pk: merchant.keys.publishable, sessionId: session.id },
  );
  await page.evaluate(() => (document.getElementById('card')!.style.display = ''));
  const field = page.frameLocator('#card iframe');
  await expect(field.getByRole('textbox').first()).toBeVisible();
  await expect
    .poll(async () => {
      const frameHeight = await page.locator('#card iframe').evaluate((f) => f.getBoundingClientRect().height);
      return Math.abs(frameHeight - (await contentHeight(page)));
    })
    .toBeLessThanOrEqual(1);
});
