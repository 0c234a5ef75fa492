/**
 * Order mirroring in a browser (issue 20): a merchant's hosted session describes the store order
 * (`order` + `mirrorTo`); the buyer pays on the hosted page and is sent back to the merchant's
 * return page, which polls `GET /v1/public/sessions/{id}/mirror-order` with its publishable key as
 * the loop in docs/merchant.md (Order mirroring) does and shows the store's order number, and the shopper's private status page.
 * The store stand-in holds that one order, made under the payment's reference.
 */
import { cards } from '../../fixtures/cards.ts';
import { serveWithOptions, type MerchantPage } from '../../fixtures/loopback-page.ts';
import { serverState } from '../../fixtures/state.ts';
import { expect, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

const STORE = 'tees.example.test';

/** The merchant's return page: the poll loop of docs/merchant.md, in the buyer's browser. */
function returnPage(serviceUrl: string): Promise<MerchantPage> {
  return serveWithOptions(
    (json) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Thank you</title></head><body><main>
<h1>Thank you for your order</h1><p id="order" role="status">Looking up your order…</p></main>
<script>
  const o = ${json};
  const sessionId = new URLSearchParams(location.search).get('session_id');
  const say = (text) => (document.getElementById('order').textContent = text);
  (async () => {
    for (let wait = 250; wait <= 8000; wait *= 2) {
      const res = await fetch('${serviceUrl}/v1/public/sessions/' + encodeURIComponent(sessionId) + '/mirror-order', { headers: { Authorization: 'Bearer ' + o.publishableKey } });
      const order = await res.json();
      if (order.status === 'created') {
        say('Store order ' + order.order_number + '. ');
        const track = document.getElementById('order').appendChild(document.createElement('a'));
        track.href = order.order_status_url;
        track.textContent = 'Track your order';
        return;
      }
      if (order.status !== 'pending') return say('No store order: ' + order.status);
      await new Promise((r) => setTimeout(r, wait));
    }
    say('Your order is on its way to the store.');
  })();
</script></body></html>`,
  );
}

let merchantReturn: MerchantPage;
test.beforeAll(async () => {
  merchantReturn = await returnPage(serverState().serviceUrl);
});
test.afterAll(async () => {
  await merchantReturn.close();
});
const ORDER = {
  order: { lineItems: [{ name: 'Svc Tee', quantity: 1, unitAmount: 2000, variantId: 42 }], shipping: { amount: 500, label: 'Standard' } },
  mirrorTo: { platform: 'platform_b', store: STORE, shippingAddress: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' } },
};

test.describe('order before charge', () => {
  test.use({ merchantBody: { settings: { orderFirst: true, connectedStores: [{ platform: 'platform_b', store: STORE, writeScopes: true }] } } });

  test('the order exists before the buyer pays; a declined card keeps it, the next card pays it, and the return page shows it', async ({ page, api, merchant }) => {
    const successUrl = `${merchantReturn.url}/return?o=${encodeURIComponent(JSON.stringify({ publishableKey: merchant.keys.publishable }))}`;
    const session = await api.createSession(merchant.keys.secret, { amount: 2500, currency: 'usd', successUrl, buyer: { email: 'ada@example.com', name: 'Ada Lovelace' }, ...ORDER });
    const ours = async () => (await api.storeOrders('platform_b', STORE)).data.filter((o) => o.reference?.startsWith('ofp_'));
    const [made] = await ours();
    expect(made!.order).toMatchObject({ paid: false });

    const hosted = new HostedCheckoutPage(page);
    await hosted.open(session.checkoutUrl);
    await hosted.pay(cards.declined);
    await hosted.expectDeclinedThenReady();
    await hosted.pay(cards.approved);

    await expect(page).toHaveURL(new RegExp(`^${merchantReturn.url}/return`));
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^Store order ${made!.number}\\.`));
    // One order for the purchase, paid at the store once the payment was captured.
    await expect.poll(async () => (await ours()).map((o) => [o.number, o.order.paid])).toEqual([[made!.number, true]]);
    await page.getByRole('link', { name: 'Track your order' }).click();
    await expect(page.getByText(/^Paid\./)).toBeVisible();
  });
});

test.use({ merchantBody: { settings: { connectedStores: [{ platform: 'platform_b', store: STORE, writeScopes: true }] } } });

test('a paid hosted session makes its store order, and the merchant’s return page shows its number', async ({ page, api, merchant }) => {
  const successUrl = `${merchantReturn.url}/return?o=${encodeURIComponent(JSON.stringify({ publishableKey: merchant.keys.publishable }))}`;
  const session = await api.createSession(merchant.keys.secret, {
    amount: 2500,
    currency: 'usd',
    description: 'Svc Tee (e2e)',
    successUrl,
    buyer: { email: 'ada@example.com', name: 'Ada Lovelace' },
    order: { lineItems: [{ name: 'Svc Tee', quantity: 1, unitAmount: 2000, variantId: 42 }], shipping: { amount: 500, label: 'Standard' } },
    mirrorTo: { platform: 'platform_b', store: STORE, shippingAddress: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' } },
  });
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);
  await hosted.pay(cards.approved);

  // Back on the merchant's page, which found the store order by polling.
  await expect(page).toHaveURL(new RegExp(`^${merchantReturn.url}/return`));
  await expect(page.getByRole('status')).toHaveText(/^Store order B-\d{6}\./);
  const number = /B-\d{6}/.exec((await page.getByRole('status').textContent()) ?? '')![0];

  // The store holds exactly that order, paid for this payment, with the buyer inherited.
  const after = await api.getSession(merchant.keys.secret, session.id);
  const held = (await api.storeOrders('platform_b', STORE)).data.filter((o) => o.reference === after.paymentIntentId);
  expect(held).toEqual([expect.objectContaining({ number, order: expect.objectContaining({ paid: true, customer: expect.objectContaining({ email: 'ada@example.com', first_name: 'Ada' }) }) })]);

  // The shopper's own status page.
  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
});
