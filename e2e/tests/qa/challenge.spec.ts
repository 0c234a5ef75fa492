/**
 * `completeChallenge` from `svcpay/testing` against the sandbox bank's challenge page as it exists
 * today (the embed's challenge frame comes later; the helper's contract covers the page itself,
 * frames and popups). A payment intent for the 3-D Secure card waits in `requires_action`; the
 * buyer's answer decides it.
 */
import type { Page } from '@playwright/test';
import { completeChallenge } from '../../../embed/testing/index.ts';
import type { Merchant, SvcPayApi } from '../../fixtures/api.ts';
import type { ServerInfo } from '../../fixtures/server.ts';
import { expect, test } from '../../fixtures/test.ts';

async function pendingChallenge(api: SvcPayApi, merchant: Merchant, server: ServerInfo) {
  const token = await api.createToken(merchant.keys.secret, 'tok_sandbox_visa_3220');
  const intent = await api.createPaymentIntent(merchant.keys.secret, {
    amount: 1500,
    currency: 'usd',
    payment_method: { id: token.id },
    return_url: `${server.demoUrl}/qa/return`,
  });
  expect(intent.status).toBe('requires_action');
  const url = intent.next_action?.redirect_to_url.url;
  if (!url) throw new Error('the 3-D Secure intent has no challenge URL');
  return { intent, url };
}

/** The intent once the processor's answer reached the service (it travels by webhook). */
async function settledStatus(api: SvcPayApi, merchant: Merchant, id: string) {
  await expect.poll(async () => (await api.getPaymentIntent(merchant.keys.secret, id)).status).not.toBe('requires_action');
  return (await api.getPaymentIntent(merchant.keys.secret, id)).status;
}

/** The bank sends the buyer back to the return URL; the demo shop has no page there. */
async function stubReturnPage(page: Page, server: ServerInfo) {
  await page.route(`${server.demoUrl}/qa/return**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Back at the shop</title><h1>Back at the shop</h1>' }));
}

test('completeChallenge approves the bank challenge shown as the page itself', async ({ page, api, merchant, server }) => {
  const { intent, url } = await pendingChallenge(api, merchant, server);
  await stubReturnPage(page, server);
  await page.goto(url);

  await completeChallenge(page, 'approve');

  await expect(page).toHaveURL(new RegExp(`^${server.demoUrl}/qa/return\\?transactionId=`));
  expect(await settledStatus(api, merchant, intent.id)).toBe('succeeded');
});

test('completeChallenge fails the bank challenge shown in a popup', async ({ page, api, merchant, server }) => {
  const { intent, url } = await pendingChallenge(api, merchant, server);
  await stubReturnPage(page, server);
  await page.goto(`${server.demoUrl}/qa/return`);
  const popup = page.waitForEvent('popup');
  await page.evaluate((challenge) => void window.open(challenge, 'bank'), url);
  await (await popup).waitForLoadState();

  // Handed the opener: the helper finds the challenge in the context's other pages.
  await completeChallenge(page, 'fail');

  expect(await settledStatus(api, merchant, intent.id)).toBe('failed');
});
