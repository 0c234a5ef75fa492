/**
 * A key or session the service refuses is told at mount (issue 36): the elements `error` event
 * fires with the API's code before the buyer could press Pay, and the card never says `ready`
 * (docs/merchant.md, the `error` event). A good mount is the control: ready, and no error.
 */
import type { ElementsPage } from '../../fixtures/elements-page.ts';
import { openElementsPage } from '../../fixtures/elements-page.ts';
import { expect, test } from '../../fixtures/test.ts';

const card = [{ type: 'card' }];

/** The page's elements `error` events, once the first has come; the card must not have said ready. */
async function refusedWith(page: ElementsPage, code: string): Promise<void> {
  await expect.poll(() => page.eventsOf('elements', 'error')).toEqual([{ code, message: expect.any(String) }]);
  const [error] = await page.eventsOf('elements', 'error');
  expect((error!.message as string).length).toBeGreaterThan(0);
  // The frame rendered (the size is reserved, nothing moves) yet the element is not usable.
  await expect(page.frame('card').getByLabel('Card number')).toBeVisible();
  expect(await page.eventsOf('card', 'ready')).toEqual([]);
  await expect(page.iframe('card')).not.toHaveAttribute('data-svcpay-ready', '');
}

test('an unknown publishable key fires error with auth_invalid_key_publishable at mount', async ({ page, server, api, merchant }) => {
  const unknown = merchant.keys.publishable.replace(/_[A-Za-z0-9]+$/, '_Unknown0Key0Never0Issued');
  const shop = await openElementsPage(page, { server, api, merchant }, card, {}, { publishableKey: unknown });
  await refusedWith(shop, 'auth_invalid_key_publishable');
});

test("another mode's key (live) on a sandbox session fires error with session_not_found", async ({ page, server, api, merchant }) => {
  const live = await api.createMerchant({ environment: 'live' });
  expect(live.keys.publishable).toMatch(/^vp_pk_live_/);
  const shop = await openElementsPage(page, { server, api, merchant }, card, {}, { publishableKey: live.keys.publishable });
  await refusedWith(shop, 'session_not_found');
});

test('an unknown session fires error with session_not_found', async ({ page, server, api, merchant }) => {
  const probe = await api.createSession(merchant.keys.secret, { amount: 100, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  const unknown = probe.id.replace(/[A-Za-z0-9]{6}$/, 'Zz9Zz9');
  const shop = await openElementsPage(page, { server, api, merchant }, card, {}, { sessionId: unknown });
  await refusedWith(shop, 'session_not_found');
});

test('an expired session fires error with session_expired', async ({ page, server, api, merchant }) => {
  const gone = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
  expect((await api.expireSession(merchant.keys.secret, gone.id)).status).toBe('expired');
  const shop = await openElementsPage(page, { server, api, merchant }, card, {}, { sessionId: gone.id });
  await refusedWith(shop, 'session_expired');
});

test('a good key and session say ready and fire no error', async ({ page, server, api, merchant }) => {
  const shop = await openElementsPage(page, { server, api, merchant }, card);
  await shop.ready('card');
  expect(await shop.eventsOf('card', 'ready')).toHaveLength(1);
  expect(await shop.eventsOf('elements', 'error')).toEqual([]);
});
