/**
 * confirmPayment and createToken on a merchant page (Doc 3, "The browser API merchants call"):
 * declines and same-session retry, the bank challenge (3-D Secure) in svcpay's dialog (a charge
 * whose outcome is not known yet is in processing.spec.ts), a card vaulted in the browser and charged by the merchant's
 * server, and a frame failure reported to the service without card data.
 *
 * On a server of their own, started with rate limits off: these flows make many card entries from
 * one loopback address, and would starve the shared server's per-IP card bucket (20 a minute) for
 * every other spec running beside them. Rate limits have tests of their own.
 */
import Database from 'better-sqlite3';
import type { Frame, Page } from '@playwright/test';
import { completeChallenge } from '../../../embed/testing/index.ts';
import { startSvcPay } from '../../../embed/testing/server.ts';
import type { SvcPayServer } from '../../../embed/testing/types.js';
import { sqliteInfo, type ServerInfo } from '../../fixtures/server.ts';
import { runsController } from '../../../src/frames/binding.ts';
import { SvcPayApi, type Merchant } from '../../fixtures/api.ts';
import { approvedNumberForms, cards } from '../../fixtures/cards.ts';
import { openElementsPage } from '../../fixtures/elements-page.ts';
import { startFlowsPage } from '../../fixtures/flows-page.ts';
import type { MerchantPage } from '../../fixtures/options-page.ts';
import { expect, test as base } from '../../fixtures/test.ts';
import { FlowsPage } from '../../models/flows-page.ts';

let own: SvcPayServer;
let shop: MerchantPage;
base.beforeAll(async () => {
  base.setTimeout(120_000);
  own = await startSvcPay({ env: { SVCPAY_RATE_LIMITS: 'off' } });
  shop = await startFlowsPage(own.serviceUrl);
});
base.afterAll(async () => {
  await shop?.close();
  await own?.stop();
});

/** The shared fixtures' names, bound to this spec's own server. */
const test = base.extend<{ api: SvcPayApi; merchant: Merchant; server: ServerInfo }>({
  server: async ({}, use) => use(sqliteInfo(own)),
  api: async ({}, use) => use(new SvcPayApi(own.serviceUrl)),
  merchant: async ({ api }, use) => use(await api.createMerchant()),
});

async function open(page: Page, api: SvcPayApi, merchant: Merchant, opts: { chargeAtSubmit?: boolean; mode?: 'payment' | 'token' } = {}) {
  const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: opts.chargeAtSubmit ?? true });
  const flows = new FlowsPage(page);
  await flows.open(shop.url, { publishableKey: merchant.keys.publishable, sessionId: session.id, mode: opts.mode });
  return { flows, session };
}

/** The card's field frame, found through its iframe (waited for), to run a script in it as the frame's own code would. */
async function fieldFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe[data-svcpay-element="card"]').elementHandle())?.contentFrame();
  if (!frame) throw new Error('the card field iframe has no document');
  return frame;
}

/** Counts the charge requests svcpay's frames make, whichever frame makes them. */
function countCharges(page: Page) {
  let n = 0;
  page.on('request', (r) => void (r.method() === 'POST' && /\/v1\/public\/sessions\/[^/]+\/charge$/.test(r.url()) && n++));
  return () => n;
}

test('a declined card shows the buyer-safe reason, the fields stay usable, and another card pays on the same session', async ({ page, api }) => {
  const merchant = await api.createMerchant({ settings: { sameSessionRetry: 2 } });
  const { flows, session } = await open(page, api, merchant);

  await flows.submit(cards.insufficientFunds);
  expect(await flows.result()).toMatchObject({
    status: 'failed',
    error: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds. Try another card.' },
    retry: { allowed: true, attempts_remaining: 2 },
  });
  await expect(flows.card.number).toBeEditable();

  await flows.submit(cards.approved);
  expect(await flows.result()).toMatchObject({ status: 'succeeded', sessionId: session.id });
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
});

test('a card buyer downloads one frame page: the controller frame runs in the copy of the card page the browser has', async ({ page, api, merchant }) => {
  // Frame pages that came over the network (a copy from the HTTP cache has no body to receive).
  const downloads: Promise<string | null>[] = [];
  page.on('requestfinished', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/frames/')) downloads.push(r.sizes().then((s) => (s.responseBodySize > 0 ? path : null)));
  });
  const { flows, session } = await open(page, api, merchant);
  await flows.submit(cards.approved);
  expect(await flows.result()).toMatchObject({ status: 'succeeded', sessionId: session.id });

  // Two documents of the card page, the card's and the controller that charged it: one download.
  const roles = page
    .frames()
    .map((f) => new URL(f.url()))
    .filter((u) => u.pathname === '/frames/field.html')
    .map((u) => (runsController(u.hash) ? 'controller' : 'card'));
  expect(roles.sort()).toEqual(['card', 'controller']);
  expect((await Promise.all(downloads)).filter(Boolean)).toEqual(['/frames/field.html']);
});

test('without retry a decline is final: the next confirm answers at once and the service is not called again', async ({ page, api, merchant }) => {
  const { flows } = await open(page, api, merchant);
  const charges = countCharges(page);

  await flows.submit(cards.declined);
  expect(await flows.result()).toMatchObject({ status: 'failed', error: { code: 'card_declined' }, retry: null });

  await flows.submit(cards.approved);
  expect(await flows.result()).toMatchObject({ status: 'failed', error: { code: 'session_failed' } });
  expect(charges()).toBe(1);
});

test.describe('3-D Secure', () => {
  test('the bank check shows in a dialog over the page; approving it pays', async ({ page, api, merchant }) => {
    // The dialog's code is a part of svcpay.js fetched when a bank first asks (embed/lazy.ts); the
    // confirm code, one fetched once the card is ready.
    const parts: string[] = [];
    page.on('request', (r) => void (r.url().includes('/js/v1/svcpay-') && parts.push(new URL(r.url()).pathname)));
    const { flows, session } = await open(page, api, merchant);
    await flows.card.fill(cards.challenge);
    expect(parts).not.toContain('/js/v1/svcpay-challenge.js');
    await flows.pay.click();

    await expect(page.getByRole('dialog', { name: 'Confirm your payment with your bank' })).toBeVisible();
    await completeChallenge(page, 'approve');

    expect(await flows.result()).toMatchObject({ status: 'succeeded', sessionId: session.id });
    await expect(flows.dialog).toHaveCount(0);
    expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
    expect(parts).toEqual(['/js/v1/svcpay-confirm.js', '/js/v1/svcpay-challenge.js']);
  });

  test('when the dialog cannot load, the merchant hears why and the payment ends as canceled, not hanging', async ({ page, api, merchant }) => {
    await page.route('**/js/v1/svcpay-challenge.js', (route) => route.abort());
    const { flows, session } = await open(page, api, merchant);
    await flows.submit(cards.challenge);

    await expect(flows.errors).toContainText('"code":"script_load_failed"');
    expect(await flows.result()).toMatchObject({ status: 'failed', error: { code: 'authentication_canceled' } });
    await expect(flows.dialog).toHaveCount(0);
    expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ paymentStatus: 'unpaid' });
  });

  test('failing the bank check fails the payment', async ({ page, api, merchant }) => {
    const { flows, session } = await open(page, api, merchant);
    await flows.submit(cards.challenge);
    await completeChallenge(page, 'fail');

    expect(await flows.result()).toMatchObject({ status: 'failed', error: { code: 'card_declined' } });
    await expect(flows.dialog).toHaveCount(0);
    expect((await api.getSession(merchant.keys.secret, session.id)).status).not.toBe('succeeded');
  });

  test('Escape closes the bank check: focus stayed in the dialog, returns to Pay, nothing is charged, another card pays', async ({ page, api }) => {
    const merchant = await api.createMerchant({ settings: { sameSessionRetry: 1 } });
    const { flows, session } = await open(page, api, merchant);
    await flows.submit(cards.challenge);
    await expect(flows.dialog).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Complete authentication' })).toHaveCount(0); // inside its frame, not the page
    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    await expect.poll(focusInDialog).toBe(true);
    // Tabbing round never leaves the dialog for the page behind it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id !== 'pay' && !document.activeElement?.closest('#card'))).toBe(true);
    }
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Escape');

    expect(await flows.result()).toMatchObject({ status: 'failed', error: { code: 'authentication_canceled' }, retry: { allowed: true } });
    await expect(flows.dialog).toHaveCount(0);
    await expect(flows.pay).toBeFocused();
    expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });

    await flows.submit(cards.approved);
    expect(await flows.result()).toMatchObject({ status: 'succeeded' });
  });
});

test('createToken vaults the card inside the frames; the merchant server charges it with session_id, settling the session', async ({ page, api, merchant }) => {
  const { flows, session } = await open(page, api, merchant, { chargeAtSubmit: false, mode: 'token' });
  const pageRequests: string[] = [];
  page.on('request', (r) => void (r.frame() === page.mainFrame() && pageRequests.push(`${r.url()}\n${r.postData() ?? ''}`)));

  await flows.submit(cards.approved);
  const { token } = await flows.result();
  expect(token).toMatchObject({ id: expect.stringMatching(/^vp_pmt_/), card: { brand: 'visa', last4: '4242', expMonth: expect.any(Number), expYear: expect.any(Number) } });
  expect(pageRequests.join('\n')).not.toContain(approvedNumberForms[0]);

  const intent = await api.createPaymentIntent(merchant.keys.secret, { amount: 2500, currency: 'usd', payment_method: { id: token.id }, session_id: session.id });
  expect(intent.status).toBe('succeeded');
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', paymentIntentId: intent.id });
});

test('an unexpected failure in a card frame reaches the merchant as an error event and the service as a client error, without the card', async ({ page, api, merchant, server }) => {
  const { flows, session } = await open(page, api, merchant);
  await flows.card.fill(cards.approved);
  const field = await fieldFrame(page);
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/checkout/client-error'));
  // An exception whose message quotes the number, as a careless bug might.
  await field.evaluate((n) => void setTimeout(() => { throw new Error(`cannot format ${n}`); }), approvedNumberForms[0]);

  await expect(flows.errors).toContainText('"code":"frame_error"');
  expect((await (await reported).response())?.status()).toBe(200);
  const db = new Database(server.dataFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT message, context FROM client_errors WHERE session_id = ?').all(session.id) as { message: string; context: string }[];
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.context)).toMatchObject({ code: 'frame_error', where: 'field', kind: 'error', name: 'Error' });
    for (const form of approvedNumberForms) expect(JSON.stringify(rows)).not.toContain(form);
  } finally {
    db.close();
  }
  // Heard from the frame itself, not relayed a second time by the controller.
  expect((await flows.errors.textContent())?.trim().split('\n')).toEqual([expect.stringContaining('"code":"frame_error"')]);
});

test('a card frame that fails before the controller frame exists still reaches the merchant, once, as an error event', async ({ page, api, merchant, server }) => {
  // The controller frame starts once every mounted element is ready: an address frame that never
  // loads keeps it away, while the card is ready and takes input.
  await page.route('**/frames/address.html*', (route) => route.abort());
  const shop = await openElementsPage(page, { server, api, merchant }, [{ type: 'card', options: { hidePostalCode: true } }, { type: 'address', options: { mode: 'billing' } }]);
  const card = shop.frame('card');
  await card.getByRole('textbox', { name: 'Card number', exact: true }).fill(cards.approved.number);
  await expect.poll(() => shop.eventsOf('card', 'ready')).toHaveLength(1);
  const field = await fieldFrame(page);
  await field.evaluate((n) => void setTimeout(() => { throw new Error(`cannot format ${n}`); }), approvedNumberForms[0]);

  await expect.poll(() => shop.eventsOf('elements', 'error')).toEqual([{ code: 'frame_error', message: 'svcpay card frame failed unexpectedly.' }]);
  await expect(page.locator('iframe[title="svcpay controller"]')).toHaveCount(0);
  for (const form of approvedNumberForms) expect(JSON.stringify(await shop.events())).not.toContain(form);
});

test('when the confirm script cannot load, confirmPayment resolves script_load_failed and the error event says why; the next Pay loads it and pays', async ({ page, api, merchant }) => {
  // The part svcpay.js fetches once the card is ready (embed/lazy.ts), blocked as a strict CSP or a proxy might.
  await page.route('**/js/v1/svcpay-confirm.js', (route) => route.abort());
  const charges = countCharges(page);
  const { flows, session } = await open(page, api, merchant);

  await flows.submit(cards.approved);
  expect(await flows.result()).toMatchObject({ status: 'failed', sessionId: session.id, error: { code: 'script_load_failed' } });
  await expect(flows.errors).toContainText('"code":"script_load_failed"');
  expect(charges()).toBe(0);
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });

  // The block lifts: the next confirm fetches the script again, and pays.
  await page.unroute('**/js/v1/svcpay-confirm.js');
  await flows.pay.click();
  expect(await flows.result()).toMatchObject({ status: 'succeeded', sessionId: session.id });
});
