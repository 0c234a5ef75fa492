/**
 * The hosted page's order summary (issue 10): the merchant's name, the description, each line
 * with its quantity and amount, and the total, formatted for the page's language and currency.
 */
import { expect, test } from '../../fixtures/test.ts';
import { HostedCheckoutPage } from '../../models/hosted-checkout-page.ts';

test('the summary shows the merchant, the lines and a yen total without minor digits', async ({ page, api, server }) => {
  const merchant = await api.createMerchant({ settings: { displayName: 'Kyoto Tea House' } });
  const session = await api.createSession(merchant.keys.secret, {
    amount: 1500,
    currency: 'jpy',
    description: 'Order 77',
    cancelUrl: `${server.demoUrl}/`,
    lineItems: [
      { name: 'Sencha', quantity: 2, unitAmount: 500 },
      { name: 'Cup', quantity: 1, unitAmount: 500 },
    ],
  });
  const hosted = new HostedCheckoutPage(page);
  await hosted.open(session.checkoutUrl);

  // Intl in the test runner writes yen as the page should: no decimals (1500 is ¥1,500, not ¥15.00).
  const yen = (n: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'JPY' }).format(n);
  await expect(page.getByRole('heading', { level: 1, name: 'Kyoto Tea House' })).toBeVisible();
  await expect(page.getByText('Order 77')).toBeVisible();
  const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items).toHaveText([new RegExp(`^Sencha\\s*Qty 2\\s*${yen(1000)}$`), new RegExp(`^Cup\\s*${yen(500)}$`)]);
  await expect(hosted.payButton).toHaveAccessibleName(`Pay ${yen(1500)}`);
  await expect(page).toHaveTitle(/Kyoto Tea House/);
});
