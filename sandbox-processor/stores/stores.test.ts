/**
 * The store platform stand-ins (issue 20) as the service and a QA suite use them: each platform's
 * own API shape, one order per reference however often it is sent, the switches a test flips, the
 * buyer's private status page, and the QA listing.
 */
import { describe, expect, it } from 'vitest';
import { SECRET, testProcessor } from '../testing.ts';

const auth = { Authorization: `Bearer ${SECRET}`, 'Content-Type': 'application/json' };

function stores() {
  const { processor } = testProcessor();
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) => {
    const res = await processor.app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
  };
  return { processor, call };
}

const A_ORDER = {
  order: {
    line_items: [{ title: 'Tee', quantity: 2, price: '10.00', sku: 'TEE-M' }],
    email: 'ada@example.com',
    shipping_address: { address1: '1 Main St', city: 'Springfield', province: 'IL', zip: '62701', country_code: 'US' },
    financial_status: 'paid',
    currency: 'USD',
    total_price: '20.00',
    source_identifier: 'att_1',
  },
};
const B_ORDER = { external_ref: 'att_2', currency: 'USD', items: [{ variant_id: 42, quantity: 1, unit_price_cents: 1500, name: 'Mug' }], shipping: { amount_cents: 500 }, ship_to: { country: 'FR' }, paid: true };

describe('platform A’s stand-in', () => {
  it('makes a paid order once per source_identifier, finds it by it, and shows the buyer its status page', async () => {
    const { call, processor } = stores();
    const made = await call('POST', '/stores/platform_a/a.example.com/admin/orders.json', A_ORDER);
    expect(made.status).toBe(201);
    expect(made.body.order).toMatchObject({ name: '#1001', financial_status: 'paid', source_identifier: 'att_1', order_status_url: expect.stringMatching(/\/status\?key=/) });
    const again = await call('POST', '/stores/platform_a/a.example.com/admin/orders.json', A_ORDER);
    expect([again.status, again.body.order.id]).toEqual([200, made.body.order.id]);
    // QA sees that the reference was sent twice (a caller that did not look first).
    expect((await call('GET', '/v1/stores/platform_a/a.example.com/orders')).body.data).toEqual([expect.objectContaining({ reference: 'att_1', createRequests: 2 })]);
    expect((await call('GET', '/stores/platform_a/a.example.com/admin/orders.json?source_identifier=att_1')).body.orders).toHaveLength(1);
    expect((await call('GET', '/stores/platform_a/a.example.com/admin/orders.json?source_identifier=att_9')).body.orders).toEqual([]);
    const page = await processor.app.request(new URL(made.body.order.order_status_url).pathname + new URL(made.body.order.order_status_url).search);
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('Order #1001')]);
    expect((await processor.app.request(new URL(made.body.order.order_status_url).pathname + '?key=wrong')).status).toBe(404);
    // Another store keeps its own numbers.
    expect((await call('POST', '/stores/platform_a/other.example.com/admin/orders.json', { order: { ...A_ORDER.order, source_identifier: 'x' } })).body.order.name).toBe('#1001');
  });

  it('refuses a caller without the connection’s token, and does what its switches say', async () => {
    const { call } = stores();
    expect((await call('POST', '/stores/platform_a/a.example.com/admin/orders.json', A_ORDER, { 'Content-Type': 'application/json' })).status).toBe(401);
    const shop = '/v1/stores/platform_a/a.example.com';
    await call('PUT', `${shop}/switches`, { down: true });
    expect((await call('POST', '/stores/platform_a/a.example.com/admin/orders.json', A_ORDER)).status).toBe(503);
    await call('PUT', `${shop}/switches`, { down: false, refuseLines: true });
    expect(await call('POST', '/stores/platform_a/a.example.com/admin/orders.json', A_ORDER)).toMatchObject({ status: 422, body: { errors: { line_items: expect.any(Array) } } });
    await call('PUT', `${shop}/switches`, { refuseLines: false, refuseShippingCountries: ['us'] });
    expect(await call('POST', '/stores/platform_a/a.example.com/admin/orders.json', A_ORDER)).toMatchObject({ status: 422, body: { errors: { shipping_address: expect.any(Array) } } });
    expect((await call('GET', `${shop}/orders`)).body.data).toEqual([]);
    expect((await call('PUT', `${shop}/switches`, { down: 'yes' })).status).toBe(400);
  });
});

describe('platform B’s stand-in', () => {
  it('makes an order in cents with its variants, appends once per reference, and finds either by reference', async () => {
    const { call } = stores();
    const made = await call('POST', '/stores/platform_b/b.example.com/api/v2/orders', B_ORDER);
    expect(made).toMatchObject({ status: 201, body: { data: { number: 'B-000001', payment_state: 'paid', status_page: expect.any(String) } } });
    const items = { external_ref: 'att_3', items: [{ variant_id: 7, quantity: 1, unit_price_cents: 300 }] };
    await call('POST', '/stores/platform_b/b.example.com/api/v2/orders/B-000001/items', items);
    const twice = await call('POST', '/stores/platform_b/b.example.com/api/v2/orders/B-000001/items', items);
    expect(twice.body.data.appended).toHaveLength(1);
    expect((await call('GET', '/stores/platform_b/b.example.com/api/v2/orders?external_ref=att_3')).body.data.map((o: { number: string }) => o.number)).toEqual(['B-000001']);
    expect((await call('POST', '/stores/platform_b/b.example.com/api/v2/orders/B-000404/items', items)).status).toBe(404);
    const listed = (await call('GET', '/v1/stores/platform_b/b.example.com/orders')).body.data;
    expect(listed).toEqual([expect.objectContaining({ number: 'B-000001', reference: 'att_2' })]);
  });

  it('refuses an item without a variant, a refused country, and an order that does not say whether it is paid', async () => {
    const { call } = stores();
    const url = '/stores/platform_b/b.example.com/api/v2/orders';
    expect(await call('POST', url, { ...B_ORDER, items: [{ quantity: 1, unit_price_cents: 1500 }] })).toMatchObject({ status: 422, body: { error: { code: 'invalid_items' } } });
    expect(await call('POST', url, { ...B_ORDER, paid: 'yes' })).toMatchObject({ status: 422, body: { error: { code: 'invalid_paid' } } });
    await call('PUT', '/v1/stores/platform_b/b.example.com/switches', { refuseShippingCountries: ['FR'] });
    expect(await call('POST', url, B_ORDER)).toMatchObject({ status: 422, body: { error: { code: 'country_not_shipped' } } });
    await call('PUT', '/v1/stores/platform_b/b.example.com/switches', { refuseShippingCountries: [], down: true });
    expect((await call('POST', url, B_ORDER)).status).toBe(503);
  });
});

describe('pricing: quotes, and orders made before payment', () => {
  const catalogue = { prices: { '42': 1800, 'TEE-M': 1200 }, vouchers: { SAVE5: 500 } };

  it('platform B quotes a basket at the store’s prices, less a voucher it knows, and refuses one it does not', async () => {
    const { call } = stores();
    await call('PUT', '/v1/stores/platform_b/b.example.com/switches', catalogue);
    const quote = { currency: 'usd', items: [{ variant_id: 42, quantity: 2, unit_price_cents: 1500 }, { variant_id: 9, quantity: 1, unit_price_cents: 400 }], shipping: { amount_cents: 500 }, voucher_code: 'SAVE5' };
    expect(await call('POST', '/stores/platform_b/b.example.com/api/v2/quotes', quote)).toEqual({
      status: 200,
      body: { data: { currency: 'USD', items: [{ unit_price_cents: 1800, quantity: 2 }, { unit_price_cents: 400, quantity: 1 }], subtotal_cents: 4000, shipping_cents: 500, discount_cents: 500, total_cents: 4000 } },
    });
    expect(await call('POST', '/stores/platform_b/b.example.com/api/v2/quotes', { ...quote, voucher_code: 'NOPE' })).toMatchObject({ status: 422, body: { error: { code: 'voucher_invalid' } } });
    await call('PUT', '/v1/stores/platform_b/b.example.com/switches', { currency: 'eur' });
    expect(await call('POST', '/stores/platform_b/b.example.com/api/v2/quotes', quote)).toMatchObject({ status: 422, body: { error: { code: 'currency_mismatch', store_currency: 'EUR' } } });
    await call('PUT', '/v1/stores/platform_b/b.example.com/switches', { down: true });
    expect((await call('POST', '/stores/platform_b/b.example.com/api/v2/quotes', quote)).status).toBe(503);
  });

  it('platform A calculates in decimal prices, and refuses an unknown discount code', async () => {
    const { call } = stores();
    await call('PUT', '/v1/stores/platform_a/a.example.com/switches', catalogue);
    const order = { line_items: [{ title: 'Tee', quantity: 2, price: '10.00', sku: 'TEE-M' }], discount_codes: [{ code: 'SAVE5' }], currency: 'USD' };
    expect(await call('POST', '/stores/platform_a/a.example.com/admin/orders/calculate.json', { order })).toEqual({
      status: 200,
      body: { calculation: { currency: 'USD', line_items: [{ price: '12.00', quantity: 2 }], subtotal_price: '24.00', total_discounts: '5.00', total_price: '19.00' } },
    });
    const unknown = { order: { ...order, discount_codes: [{ code: 'NOPE' }] } };
    expect(await call('POST', '/stores/platform_a/a.example.com/admin/orders/calculate.json', unknown)).toMatchObject({ status: 422, body: { errors: { discount_codes: expect.any(Array) } } });
  });

  it('an order made before payment is priced by the store, then paid or released once, and a released one cannot be paid', async () => {
    const { call, processor } = stores();
    await call('PUT', '/v1/stores/platform_a/a.example.com/switches', catalogue);
    const base = '/stores/platform_a/a.example.com/admin/orders';
    const made = await call('POST', `${base}.json`, { order: { ...A_ORDER.order, financial_status: 'pending', source_identifier: 'ofp_1' } });
    expect(made).toMatchObject({ status: 201, body: { order: { financial_status: 'pending', total_price: '24.00', line_items: [expect.objectContaining({ price: '12.00' })] } } });
    const id = made.body.order.id;
    expect((await call('POST', `${base}/${id}/transactions.json`, { transaction: { kind: 'capture' } })).body.order.financial_status).toBe('paid');
    expect((await call('POST', `${base}/${id}/transactions.json`, {})).status).toBe(200);
    expect((await call('POST', `${base}/${id}/cancel.json`, {})).status).toBe(422);

    const b = '/stores/platform_b/b.example.com/api/v2/orders';
    const unpaid = await call('POST', b, { ...B_ORDER, external_ref: 'ofp_2', paid: false });
    expect(unpaid.body.data).toMatchObject({ payment_state: 'awaiting_payment', total_cents: 2000 });
    const number = unpaid.body.data.number;
    const page = async () => {
      const url = new URL(unpaid.body.data.status_page);
      return (await processor.app.request(url.pathname + url.search)).text();
    };
    expect(await page()).toContain('Awaiting payment.');
    expect((await call('POST', `${b}/${number}/cancel`, {})).body.data.payment_state).toBe('cancelled');
    expect(await page()).toContain('Cancelled: the payment did not complete.');
    expect((await call('POST', `${b}/${number}/cancel`, {})).status).toBe(200);
    expect(await call('POST', `${b}/${number}/pay`, {})).toMatchObject({ status: 409, body: { error: { code: 'order_cancelled' } } });
    expect((await call('POST', `${b}/B-999999/pay`, {})).status).toBe(404);
  });

  it('a paid order with a voucher keeps its lines’ prices, less the voucher at the store’s price', async () => {
    const { call } = stores();
    await call('PUT', '/v1/stores/platform_b/b.example.com/switches', catalogue);
    const made = await call('POST', '/stores/platform_b/b.example.com/api/v2/orders', { ...B_ORDER, voucher_code: 'SAVE5' });
    expect(made.body.data).toMatchObject({ payment_state: 'paid', items: [expect.objectContaining({ unit_price_cents: 1500 })], discount_cents: 500, total_cents: 1500 });
  });
});
