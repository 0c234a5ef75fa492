/**
 * The store order of a captured payment (issue 20; Document 2, "Timing" and "Polling"), end to end
 * against the sandbox's store stand-ins: made once after capture (never for a hold), found again by
 * the payment's reference rather than made twice, tried again while the store is down, failed with
 * Document 2's codes, announced by `mirror.order.created`, and read on both poll routes.
 */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { client } from '../payment-intents/fixtures.ts';
import { CARD, origin } from '../checkout/fixtures.ts';
import type { StoreClient } from '../../processors/stores/store-clients.ts';

const STORES = [
  { platform: 'platform_a' as const, store: 'a.example.com', writeScopes: true },
  { platform: 'platform_b' as const, store: 'b.example.com', writeScopes: true },
];
const ORDER_A = { order: { lineItems: [{ name: 'Tee', quantity: 1, unitAmount: 1500 }] }, mirrorTo: { platform: 'platform_a', store: 'a.example.com', customer: { email: 'ada@example.com' } } };
const ORDER_B = { order: { lineItems: [{ name: 'Mug', quantity: 1, unitAmount: 1000, variantId: 7 }], shipping: { amount: 500 } }, mirrorTo: { platform: 'platform_b', store: 'b.example.com', shippingAddress: { line1: '1 Rue', city: 'Paris', state: 'IDF', postalCode: '75001', country: 'FR' } } };

async function world() {
  const t = await testApp();
  const m = await t.merchant({ settings: { connectedStores: STORES } });
  const c = client(t, m.merchant.id, m.keys);
  const pay = async (extra: Record<string, unknown>) => (await c.payJson(await c.vault(), extra)).body as { id: string; status: string };
  const poll = async (id: string) => c.get(`/v1/payment_intents/${id}/mirror-order`);
  const run = () => t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
  // The control API's QA view of the stand-ins: what each store holds, and its switches.
  const storeOrders = async (platform: string, shop: string) => ((await (await t.json('GET', `/_sandbox/stores/${platform}/${shop}/orders`)).json()) as { data: { number: string; reference: string }[] }).data;
  const switches = async (platform: string, shop: string, body: unknown) => {
    const res = await t.json('POST', `/_sandbox/stores/${platform}/${shop}/switches`, body);
    expect(res.status).toBe(200);
  };
  return { t, m, c, pay, poll, run, storeOrders, switches };
}

describe('the store order of a captured payment', () => {
  it('is made after capture, once, in the store the payment names, and announced', async () => {
    const w = await world();
    const paid = await w.pay({ ...ORDER_A });
    expect(await w.poll(paid.id)).toEqual({ status: 'pending', order_number: null, order_status_url: null });
    await w.run();
    const made = await w.poll(paid.id);
    expect(made).toEqual({ status: 'created', order_number: '#1001', order_status_url: expect.stringMatching(/\/stores\/platform_a\/a\.example\.com\/orders\/.+\/status\?key=/) });
    await w.run();
    expect(await w.storeOrders('platform_a', 'a.example.com')).toEqual([expect.objectContaining({ number: '#1001', reference: paid.id })]);
    expect((await w.c.types(paid.id))).toContain('mirror.order.created');
    // Platform B, with its shipping and address, the same way.
    const b = await w.pay({ amount: 1500, ...ORDER_B });
    await w.run();
    expect(await w.poll(b.id)).toMatchObject({ status: 'created', order_number: 'B-000001' });
    // The shopper's page is private: the row keeps it sealed.
    const row = w.t.store.db.prepare('SELECT data FROM mirror_orders WHERE id = ?').pluck().get(paid.id) as string;
    expect(row).not.toContain(made.order_status_url);
  });

  it('is never made for a hold: at capture it is, and a voided hold makes none', async () => {
    const w = await world();
    const held = await w.pay({ ...ORDER_A, capture_method: 'manual' });
    await w.run();
    expect(await w.poll(held.id)).toMatchObject({ status: 'pending' });
    expect(await w.storeOrders('platform_a', 'a.example.com')).toEqual([]);
    await w.c.post(`/v1/payment_intents/${held.id}/capture`);
    await w.run();
    expect(await w.poll(held.id)).toMatchObject({ status: 'created' });
    const voided = await w.pay({ ...ORDER_A, capture_method: 'manual' });
    await w.c.post(`/v1/payment_intents/${voided.id}/void`);
    await w.run();
    expect(await w.poll(voided.id)).toMatchObject({ status: 'not_mirrored' });
    expect(await w.storeOrders('platform_a', 'a.example.com')).toHaveLength(1);
  });

  it('waits out a store that is down, and looks the order up before making it again', async () => {
    const w = await world();
    await w.switches('platform_a', 'a.example.com', { down: true });
    const paid = await w.pay({ ...ORDER_A });
    await w.run();
    expect(await w.poll(paid.id)).toMatchObject({ status: 'pending' });
    await w.switches('platform_a', 'a.example.com', { down: false });
    // The store makes the order but its answer is lost: the next try finds it by the payment's reference.
    const a = w.t.deps.stores.platform_a as StoreClient;
    const create = a.create.bind(a);
    a.create = async (...args) => {
      await create(...args);
      return { kind: 'unavailable', message: 'answer lost' };
    };
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 20 });
    expect(await w.poll(paid.id)).toMatchObject({ status: 'pending' });
    // The next try looks first, and makes nothing: the store already has it.
    let creates = 0;
    a.create = async (...args) => (creates++, create(...args));
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 60 });
    expect(await w.poll(paid.id)).toMatchObject({ status: 'created', order_number: '#1001' });
    expect(creates).toBe(0);
    expect(await w.storeOrders('platform_a', 'a.example.com')).toHaveLength(1);
  });

  it('fails with Document 2’s codes: a refused line, a country not shipped to, a store no longer connected', async () => {
    const w = await world();
    await w.switches('platform_a', 'a.example.com', { refuseLines: true });
    const line = await w.pay({ ...ORDER_A });
    await w.switches('platform_b', 'b.example.com', { refuseShippingCountries: ['FR'] });
    const country = await w.pay({ amount: 1500, ...ORDER_B });
    await w.run();
    expect(await w.poll(line.id)).toMatchObject({ status: 'failed', code: 'mirror_line_invalid', message: expect.any(String) });
    expect(await w.poll(country.id)).toMatchObject({ status: 'failed', code: 'mirror_shipping_country_unsupported' });
    // Connected at the payment, disconnected before the order: the merchant must reauthorize it.
    const gone = await w.pay({ amount: 1500, ...ORDER_B, mirrorTo: { ...ORDER_B.mirrorTo, shippingAddress: { ...ORDER_B.mirrorTo.shippingAddress, country: 'US' } } });
    await w.t.json('PATCH', `/_sandbox/merchants/${w.m.merchant.id}`, { settings: { connectedStores: [STORES[0]] } });
    await w.run();
    expect(await w.poll(gone.id)).toMatchObject({ status: 'failed', code: 'mirror_connection_error' });
    expect((await w.c.types(line.id))).not.toContain('mirror.order.created');
  });

  it('is not_mirrored with no order described, or a raw block that skips it', async () => {
    const w = await world();
    const plain = await w.pay({});
    const skip = await w.pay({ mirror: { destination: 'platform_a', shop: 'a.example.com', skip: true, line_items: [{ external_product_ref: 'p', unit_amount: 1500 }], customer: { email: 'ada@example.com' } } });
    await w.run();
    expect(await w.poll(plain.id)).toMatchObject({ status: 'not_mirrored' });
    expect(await w.poll(skip.id)).toMatchObject({ status: 'not_mirrored' });
    expect(await w.storeOrders('platform_a', 'a.example.com')).toEqual([]);
  });
});

describe('the store stand-ins through the control API', () => {
  it('refuses an unknown platform and bad switches', async () => {
    const w = await world();
    expect((await w.t.json('GET', '/_sandbox/stores/platform_c/x.example.com/orders')).status).toBe(404);
    const bad = await w.t.json('POST', '/_sandbox/stores/platform_a/a.example.com/switches', { down: 'yes' });
    expect([bad.status, (await bad.json()).code]).toEqual([400, 'validation_error']);
    expect(await (await w.t.json('POST', '/_sandbox/stores/platform_a/a.example.com/switches', { refuseShippingCountries: ['fr'] })).json()).toEqual({ down: false, refuseLines: false, refuseShippingCountries: ['FR'], answerDelayMs: 0, prices: {}, vouchers: {}, currency: null });
  });
});

describe('the session poll route', () => {
  it('answers a hosted payment’s store order to the publishable key, never to the secret key', async () => {
    const w = await world();
    const session = await (await w.t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok', ...ORDER_A }, bearer(w.m.keys.secret))).json();
    const poll = async (key = w.m.keys.publishable) => w.t.json('GET', `/v1/public/sessions/${session.id}/mirror-order`, undefined, bearer(key));
    expect(await (await poll()).json()).toMatchObject({ status: 'pending' });
    const init = await (await w.t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json();
    const tx = await (await w.t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card: CARD }) })).json();
    expect((await w.t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.transactionId }, origin)).status).toBe(200);
    await w.run();
    expect(await (await poll()).json()).toMatchObject({ status: 'created', order_number: '#1001' });
    expect((await poll(w.m.keys.secret)).status).toBe(403);
  });

  it('a declined hosted payment leaves the order to come: the page takes the next card until the session expires', async () => {
    const w = await world();
    const session = await (await w.t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok', expiresIn: 600, ...ORDER_A }, bearer(w.m.keys.secret))).json();
    const poll = async () => (await w.t.json('GET', `/v1/public/sessions/${session.id}/mirror-order`, undefined, bearer(w.m.keys.publishable))).json();
    const init = await (await w.t.json('POST', '/api/checkout/init', { sessionId: session.id }, origin)).json();
    const tx = await (await w.t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card: { ...CARD, number: '4000000000000002' } }) })).json();
    await w.t.json('POST', '/api/checkout/complete', { sessionId: session.id, transactionId: tx.transactionId }, origin);
    expect((await w.t.store.read.sessions.get(session.id))!.status).toBe('failed');
    expect(await poll()).toMatchObject({ status: 'pending' });
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 601 });
    expect(await poll()).toMatchObject({ status: 'not_mirrored' });
  });
});
