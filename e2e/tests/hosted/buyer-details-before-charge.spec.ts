/**
 * Issue 22: the hosted page saves what the buyer typed on the session before the card is charged.
 * The processor charges the card but its answer to the fields page is lost (fault switchboard,
 * `browser_charge` `lose_answer`), and the buyer closes the tab: the page never completes. The
 * session already holds the details, and keeps them when the reconciler settles the payment.
 * Issue 35: the session requires details, so they come first (Continue saves them), then the card.
 * On a server of its own: this flow moves the service clock.
 */
import type { Request } from '@playwright/test';
import { armFault, processorLedger } from '../../../embed/testing/index.ts';
import { startSvcPay } from '../../../embed/testing/server.ts';
import type { SvcPayServer } from '../../../embed/testing/types.js';
import { SvcPayApi } from '../../fixtures/api.ts';
import { cards } from '../../fixtures/cards.ts';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';
import { sanFrancisco } from '../../models/buyer-details-form.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

let own: SvcPayServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startSvcPay({ env: { SVCPAY_RATE_LIMITS: 'off' } });
});
test.afterAll(async () => {
  await own?.stop();
});

const SHIP_TO = { name: 'Ada Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

test('the details are on the session before the charge: a lost answer and a closed tab lose nothing', async ({ page }) => {
  const api = new SvcPayApi(own.serviceUrl);
  const merchant = await api.createMerchant({ settings: { requiredBuyerFields: ['email', 'name', 'phone', 'shipping_address'] } });
  const session = await api.createSession(merchant.keys.secret, teeOrderWithoutRedirect('http://127.0.0.1:4244/'));
  await armFault(own, { operation: 'browser_charge', kind: 'lose_answer', merchant: merchant.id });

  // The order the page's requests go out in: the details first, then the charge.
  const sent: string[] = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (['/api/checkout/buyer-details', '/v1/charges', '/api/checkout/complete'].includes(path)) sent.push(path);
  });
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await hosted.buyer.email.fill('ada@example.com');
  await hosted.buyer.name.fill('Ada Lovelace');
  await hosted.buyer.phone.fill('+1 415 555 0100');
  await hosted.buyer.fillAddress(hosted.buyer.shipping, sanFrancisco);
  await hosted.continueButton.click();
  await expect(hosted.cardFrame).toBeVisible();
  const charged = page.waitForEvent('requestfinished', (r) => new URL(r.url()).pathname === '/v1/charges').catch(() => null);
  const lost = page.waitForEvent('requestfailed', (r) => new URL(r.url()).pathname === '/v1/charges').catch(() => null);
  await hosted.pay(cards.approved);
  await Promise.race([charged, lost]);
  // The buyer closes the tab: the page never tells the service how the charge went.
  await page.close();
  // Saved at Continue (before any form existed) and again at Pay, before the charge.
  expect(sent).toEqual(['/api/checkout/buyer-details', '/api/checkout/buyer-details', '/v1/charges']);

  // The processor charged the card; the session already holds what the buyer typed.
  expect(await processorLedger(own, merchant.id)).toMatchObject([{ amount: 2500, status: 'captured', captured: 2500 }]);
  expect(await api.getSession(merchant.keys.secret, session.id)).toMatchObject({ buyerPhone: '+1 415 555 0100' });

  // The processor's event or the reconciler settles the session without the page (it may have by
  // now): the details are the paid session's.
  await expect
    .poll(
      async () => {
        await api.advanceClock(20);
        return (await api.getSession(merchant.keys.secret, session.id)).status;
      },
      { timeout: 30_000 },
    )
    .toBe('succeeded');
  const paid = await api.getSession(merchant.keys.secret, session.id);
  expect(paid).toMatchObject({ paymentStatus: 'paid', buyerPhone: '+1 415 555 0100', shippingAddress: SHIP_TO });
  // Email and name are kept for the merchant, never returned on the session (Doc 1).
  expect(JSON.stringify(paid)).not.toContain('ada@example.com');
});
