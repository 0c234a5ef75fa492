/**
 * Issue 10: a 3-D Secure card on the hosted page. The bank's page shows in a modal dialog over the
 * checkout (the embed script's dialog, reused); approve pays and redirects, fail and Escape leave
 * nothing charged and a fresh form for another card.
 */
import { completeChallenge } from '../../../embed/testing/index.ts';
import { expectNoViolations, scanWithEveryFrame } from '../../fixtures/axe.ts';
import { cards } from '../../fixtures/cards.ts';
import { expect, teeOrder, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

const challengeThenDecline = { ...cards.challenge, number: '4000 0000 0011 0116' };

test('approving the bank check pays and sends the buyer back to the merchant, signed', async ({ page, api, merchant, server }) => {
  const successUrl = `${server.demoUrl}/success`;
  const session = await api.createSession(merchant.keys.secret, teeOrder(successUrl, `${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  const redirect = await hosted.stopRedirect(successUrl);
  await hosted.pay(cards.challenge);

  const dialog = page.getByRole('dialog', { name: 'Confirm your payment with your bank' });
  await expect(dialog).toBeVisible();
  // Nothing is settled while the bank waits.
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });
  // The dialog with the bank's page in it passes axe too, once that page is there.
  await expect(dialog.locator('iframe').contentFrame().getByRole('button', { name: 'Complete authentication' })).toBeVisible();
  expectNoViolations(await scanWithEveryFrame(page, dialog.locator('iframe')));

  await completeChallenge(page, 'approve');
  await expect(dialog).toHaveCount(0);
  await expect(hosted.success).toBeVisible();
  const url = await redirect.url;
  expect(url.searchParams.get('session_id')).toBe(session.id);
  expect(url.searchParams.get('svcpay_signature')).toMatch(/^[0-9a-f]{64}$/);
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('failing the bank check is a decline: nothing charged, and another card pays on the same page', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await hosted.pay(cards.challenge);
  await completeChallenge(page, 'fail');

  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(hosted.declineAlert).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });

  await expect(hosted.card.number).toHaveValue('');
  await expect(hosted.payButton).toBeEnabled();
  await hosted.pay(cards.approved);
  await expect(hosted.success).toBeVisible();
});

test('card 0116 is declined after the bank check, whatever the buyer answers', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await hosted.pay(challengeThenDecline);
  await completeChallenge(page, 'approve');

  await expect(hosted.declineAlert).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'failed', paymentStatus: 'unpaid' });
});

test('Escape closes the bank check: focus stayed inside, nothing is charged, and the buyer is back on the form', async ({ page, api, merchant, server }) => {
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect(`${server.demoUrl}/`));
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await hosted.pay(cards.challenge);

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  await expect.poll(focusInDialog).toBe(true);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !document.activeElement?.closest('form.checkout__form'))).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Escape');

  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: "You closed your bank's check, so nothing was charged." })).toBeVisible();
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });
  // The bank page cannot approve what the buyer closed: the next card is a new attempt.
  await expect(hosted.card.number).toHaveValue('');
  await expect(hosted.payButton).toBeEnabled();
  await hosted.pay(cards.approved);
  await expect(hosted.success).toBeVisible();
});
