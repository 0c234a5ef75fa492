/**
 * The stand-in payment sheet (e2e/fixtures/payment-sheet-stub.ts) in real Chromium, with the
 * wallet endpoints: a page on the service origin (as the wallet frame will be) reads Google Pay's
 * setup for the session, opens the stub's sheet and charges the token it returns. The frame wiring
 * of the wallet element is built apart; this proves the stub and the server path it will drive.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { paymentSheetStub, type PaymentSheetOptions } from '../../fixtures/payment-sheet-stub.ts';
import { expect, test } from '../../fixtures/test.ts';

/** A blank page and a child frame served on the service origin by the test itself. */
async function walletPage(context: BrowserContext, page: Page, serviceUrl: string, options: PaymentSheetOptions) {
  await context.addInitScript(paymentSheetStub, options);
  await context.route(`${serviceUrl}/__wallet-test*`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: route.request().url().endsWith('frame') ? '<!doctype html><title>frame</title>' : `<!doctype html><title>wallet</title><iframe src="${serviceUrl}/__wallet-test-frame" title="wallet"></iframe>`,
    }),
  );
  await page.goto(`${serviceUrl}/__wallet-test`);
}

test('the stand-in sheet pays a session with a sandbox wallet token, in the page and in its frames', async ({ context, page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  await walletPage(context, page, server.serviceUrl, { available: true, token: 'tok_sandbox_mastercard_4444' });

  // page.goto waits for the load event, which waits for the frame.
  const inFrame = await page.frame({ url: /__wallet-test-frame$/ })!.evaluate(() =>
    new PaymentRequest([{ supportedMethods: 'https://google.com/pay' }], { total: { label: 'x', amount: { currency: 'USD', value: '1.00' } } }).canMakePayment(),
  );
  expect(inFrame).toBe(true);

  const result = await page.evaluate(
    async ({ sessionId, key }) => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
      const data = await post('/v1/public/wallets/google-session', { sessionId });
      const total = { label: data.merchantInfo.merchantName, amount: { currency: data.transactionInfo.currencyCode, value: data.transactionInfo.totalPrice } };
      const request = new PaymentRequest([{ supportedMethods: 'https://google.com/pay', data }], { total });
      const available = await request.canMakePayment();
      const response = await request.show();
      const token = (response.details as { paymentMethodData: { tokenizationData: { token: string } } }).paymentMethodData.tokenizationData.token;
      const charge = await post(`/v1/public/sessions/${sessionId}/charge`, { wallet: { type: 'google_pay', token } });
      await response.complete(charge.status === 'succeeded' ? 'success' : 'fail');
      return { available, token, charge, total, log: (window as unknown as { __paymentSheet: unknown }).__paymentSheet };
    },
    { sessionId: session.id, key: merchant.keys.publishable },
  );

  expect(result).toMatchObject({
    available: true,
    token: 'tok_sandbox_mastercard_4444',
    charge: { status: 'succeeded', sessionId: session.id },
    total: { amount: { currency: 'USD', value: '25.00' } },
    log: { completed: ['success'] },
  });
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('the unavailable variant answers canMakePayment false and never opens a sheet', async ({ context, page, server }) => {
  await walletPage(context, page, server.serviceUrl, { available: false });
  const result = await page.evaluate(async () => {
    const request = new PaymentRequest([{ supportedMethods: 'https://apple.com/apple-pay' }], { total: { label: 'x', amount: { currency: 'USD', value: '1.00' } } });
    const available = await request.canMakePayment();
    const shown = await request.show().then(
      () => 'shown',
      (e: DOMException) => e.name,
    );
    return { available, shown };
  });
  expect(result).toEqual({ available: false, shown: 'NotSupportedError' });
});

test('a buyer closing the sheet rejects show() with AbortError', async ({ context, page, server }) => {
  await walletPage(context, page, server.serviceUrl, { available: true, cancel: true });
  const name = await page.evaluate(() =>
    new PaymentRequest([{ supportedMethods: 'https://google.com/pay' }], { total: { label: 'x', amount: { currency: 'USD', value: '1.00' } } }).show().then(
      () => 'shown',
      (e: DOMException) => e.name,
    ),
  );
  expect(name).toBe('AbortError');
});
