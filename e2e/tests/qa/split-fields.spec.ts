/**
 * `waitForReady` and `fillCard` from `svcpay/testing` on a merchant page with the split elements
 * (cardNumber, cardExpiry, cardCvc), each in its own cross-origin frame. The page is a minimal
 * merchant integration served by the test from a loopback origin of its own (e2e/fixtures/loopback-page.ts).
 */
import { fillCard, waitForReady } from '../../../embed/testing/index.ts';
import { cards } from '../../fixtures/cards.ts';
import { openHtml } from '../../fixtures/loopback-page.ts';
import { expect, test } from '../../fixtures/test.ts';

function splitPage(serviceUrl: string, publishableKey: string, sessionId: string): string {
  const config = JSON.stringify({ publishableKey, sessionId });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Split fields</title>
<script src="${serviceUrl}/js/v1/svcpay.js"></script></head><body>
<main><h1>Pay</h1><div id="number"></div><div id="expiry"></div><div id="cvc"></div>
<button id="pay" type="button">Pay</button><p id="result" role="status"></p></main>
<script>
  const { publishableKey, sessionId } = ${config};
  const svcpay = SvcPay(publishableKey);
  const elements = svcpay.elements({ sessionId });
  window.readyEvents = [];
  for (const [type, box] of [['cardNumber', '#number'], ['cardExpiry', '#expiry'], ['cardCvc', '#cvc']]) {
    const element = elements.create(type);
    element.on('ready', () => window.readyEvents.push(type));
    element.mount(box);
  }
  document.getElementById('pay').addEventListener('click', async () => {
    const outcome = await svcpay.confirmPayment({ elements });
    document.getElementById('result').textContent = 'Payment ' + outcome.status;
  });
</script></body></html>`;
}

test('waitForReady waits for every split element, and fillCard types into each one’s own frame', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, { amount: 1200, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  // The third field frame to load waits for the test's word, so two elements are ready before it.
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  let fieldLoads = 0;
  await page.route(
    (url) => url.origin === server.serviceUrl && url.pathname === '/frames/field.html',
    async (route) => {
      if (++fieldLoads === 3) await held;
      await route.continue();
    },
  );
  // Not `load`: that waits for every frame, the held one included.
  await openHtml(page, splitPage(server.serviceUrl, merchant.keys.publishable, session.id), 'domcontentloaded');

  let resolved = false;
  const ready = waitForReady(page, { elements: ['cardNumber', 'cardExpiry', 'cardCvc'] }).then(() => (resolved = true));
  await expect(page.locator('iframe[data-svcpay-ready]')).toHaveCount(2);
  // One more frame of the page's own, so waitForReady has looked at this state at least once.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(resolved, 'waitForReady resolved while one element was not ready').toBe(false);
  release();
  await ready;
  // Read once, not retried: when waitForReady returns, the merchant's ready handlers have all run.
  const readyEvents = await page.evaluate(() => (window as unknown as { readyEvents: string[] }).readyEvents);
  expect([...readyEvents].sort()).toEqual(['cardCvc', 'cardExpiry', 'cardNumber']);

  await fillCard(page, cards.approved);
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByRole('status')).toHaveText('Payment succeeded');
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});
