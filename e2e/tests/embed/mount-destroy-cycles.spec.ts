/**
 * Single-page apps mount and destroy checkout many times (issue 9, Elements): after 100
 * mount/ready/destroy cycles the page holds no svcpay iframe, no `message` listener and no timer
 * of svcpay's, and a card mounted afterwards still works.
 */
import { expect, test } from '../../fixtures/test.ts';
import { startMerchantPage, type MerchantPage } from '../../fixtures/options-page.ts';

let merchantPage: MerchantPage;
test.beforeAll(async ({ server }) => {
  merchantPage = await startMerchantPage(server.serviceUrl);
});
test.afterAll(async () => merchantPage.close());

/** Counts, in the top page only, the message listeners and timers still live. */
function countLiveHandles() {
  if (window !== window.top) return;
  const w = window as unknown as { svcpayProbe: { listeners: Set<unknown>; timers: Set<unknown> } };
  const probe = (w.svcpayProbe = { listeners: new Set(), timers: new Set() });
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  window.addEventListener = ((type: string, fn: unknown, o?: unknown) => {
    if (type === 'message') probe.listeners.add(fn);
    return add(type, fn as EventListener, o as boolean);
  }) as typeof window.addEventListener;
  window.removeEventListener = ((type: string, fn: unknown, o?: unknown) => {
    if (type === 'message') probe.listeners.delete(fn);
    return remove(type, fn as EventListener, o as boolean);
  }) as typeof window.removeEventListener;
  const [st, ct, si, ci] = [window.setTimeout, window.clearTimeout, window.setInterval, window.clearInterval];
  window.setTimeout = ((fn: () => void, ms?: number) => {
    const id = st(() => (probe.timers.delete(id), fn()), ms);
    probe.timers.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id: number) => (probe.timers.delete(id), ct(id))) as typeof window.clearTimeout;
  window.setInterval = ((fn: () => void, ms?: number) => {
    const id = si(fn, ms);
    probe.timers.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id: number) => (probe.timers.delete(id), ci(id))) as typeof window.clearInterval;
}

test('100 mount/destroy cycles leave no iframe, listener or timer behind, and the next card still works', async ({ page, api, merchant }) => {
  test.setTimeout(180_000);
  await page.addInitScript(countLiveHandles);
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  await page.goto(`${merchantPage.url}/?o=${encodeURIComponent(JSON.stringify({ mount: false }))}`);
  const before = await page.evaluate(() => {
    const p = (window as unknown as { svcpayProbe: { listeners: Set<unknown>; timers: Set<unknown> } }).svcpayProbe;
    return { listeners: p.listeners.size, timers: p.timers.size };
  });

  const cycles = await page.evaluate(
    async ({ pk, sessionId }) => {
      const svcpay = (window as unknown as { SvcPay: (pk: string) => any }).SvcPay(pk);
      let done = 0;
      for (let i = 0; i < 100; i++) {
        const card = svcpay.elements({ sessionId }).create(i % 2 ? 'card' : 'cardNumber');
        await new Promise<void>((resolve) => {
          card.on('ready', () => resolve());
          card.mount('#card');
        });
        card.destroy();
        done++;
      }
      return done;
    },
    { pk: merchant.keys.publishable, sessionId: session.id },
  );
  expect(cycles).toBe(100);

  await expect(page.locator('iframe')).toHaveCount(0);
  const after = await page.evaluate(() => {
    const p = (window as unknown as { svcpayProbe: { listeners: Set<unknown>; timers: Set<unknown> } }).svcpayProbe;
    return { listeners: p.listeners.size, timers: p.timers.size };
  });
  expect(after).toEqual(before);

  // The page is still a working checkout: one more card mounts and reports its state.
  const state = await page.evaluate(
    ({ pk, sessionId }) =>
      new Promise<string>((resolve) => {
        const card = (window as unknown as { SvcPay: (pk: string) => any }).SvcPay(pk).elements({ sessionId }).create('card');
        card.on('ready', () => resolve('ready'));
        card.mount('#card');
      }),
    { pk: merchant.keys.publishable, sessionId: session.id },
  );
  expect(state).toBe('ready');
});
