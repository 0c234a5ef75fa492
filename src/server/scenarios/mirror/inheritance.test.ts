/**
 * Inheritance from a stored buyer record (Document 2, "Inheritance"; issue 20): what neither
 * `mirrorTo` nor the request's own buyer fields say of the store customer comes from the buyer the
 * payment is for (an intent's card's own buyer, else its `buyer_id`; a session's `buyerId`).
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing.ts';
import { client, expectRefused } from '../payment-intents/fixtures.ts';
import { sealedIn } from '../../engine/sealed.ts';
import type { MirrorSpec } from '../../domain/mirror.ts';

const STORES = [{ platform: 'platform_b' as const, store: 'b.example.com', writeScopes: true }];
const ORDER = { order: { lineItems: [{ name: 'Mug', quantity: 1, unitAmount: 1500, variantId: 7 }] }, mirrorTo: { platform: 'platform_b', store: 'b.example.com' } };
const ADDRESS = { address_line1: '1 Rue de Rivoli', city: 'Paris', state: 'IDF', postal_code: '75001', country: 'FR' };

async function world() {
  const t = await testApp();
  const m = await t.merchant({ settings: { connectedStores: STORES } });
  const c = client(t, m.merchant.id, m.keys);
  expect((await c.post('/v1/buyers', { external_id: 'cust_1', email: 'ada@example.com', name: 'Ada Lovelace King', address: ADDRESS })).status).toBe(201);
  const ordered = async () => {
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    return ((await (await t.json('GET', '/_sandbox/stores/platform_b/b.example.com/orders')).json()) as { data: { order: Record<string, any> }[] }).data.map((o) => o.order);
  };
  return { t, m, c, ordered };
}

describe('a store order inherits the stored buyer', () => {
  it('an intent for a stored buyer: the email as the store customer, the name split on its first word, the address for shipping and billing', async () => {
    const w = await world();
    const paid = await w.c.payJson(await w.c.vault(), { ...ORDER, buyer_id: 'cust_1' });
    expect(paid.body.status).toBe('succeeded');
    const [order] = await w.ordered();
    expect(order!.customer).toEqual({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace King' });
    expect(order!.ship_to).toMatchObject({ line1: '1 Rue de Rivoli', city: 'Paris', state: 'IDF', postal_code: '75001', country: 'FR' });
    expect(order!.bill_to).toEqual(order!.ship_to);
  });

  it('what the request says wins: its buyer fields, then mirrorTo', async () => {
    const w = await world();
    await w.c.payJson(await w.c.vault(), { ...ORDER, buyer_id: 'cust_1', buyer_email: 'grace@example.com' });
    const to = { ...ORDER.mirrorTo, customer: { email: 'alan@example.org', firstName: 'Alan' }, shippingAddress: { line1: '2 High St', city: 'Leeds', state: 'WYK', postalCode: 'LS1', country: 'GB' } };
    await w.c.payJson(await w.c.vault(), { ...ORDER, mirrorTo: to, buyer_id: 'cust_1' });
    const [first, second] = await w.ordered();
    expect(first!.customer.email).toBe('grace@example.com');
    // mirrorTo's customer and address win; what it left out (the last name, billing) still comes from the record.
    expect(second!.customer).toEqual({ email: 'alan@example.org', first_name: 'Alan', last_name: 'Lovelace King' });
    expect([second!.ship_to.city, second!.bill_to.city]).toEqual(['Leeds', 'Paris']);
  });

  it('first_name / last_name win over a combined buyer.name, taken as sent, never split (Document 2, Buyers; issue 35)', async () => {
    const w = await world();
    const buyer = { email: 'grace@example.com', name: 'Grace Brewster Hopper', address: ADDRESS };
    await w.c.payJson(await w.c.vault(), { ...ORDER, buyer, first_name: 'Mary Ann', last_name: 'Lee' });
    await w.c.payJson(await w.c.vault(), { ...ORDER, buyer: { ...buyer, first_name: 'Mary Ann', last_name: 'Lee' } });
    await w.c.payJson(await w.c.vault(), { ...ORDER, buyer });
    const [flat, nested, nameOnly] = await w.ordered();
    for (const order of [flat, nested]) {
      expect(order!.customer).toEqual({ email: 'grace@example.com', first_name: 'Mary Ann', last_name: 'Lee' });
      expect(order!.ship_to.name).toBe('Mary Ann Lee');
    }
    // Without them the combined name is what there is: split on its first word (Inheritance).
    expect(nameOnly!.customer).toEqual({ email: 'grace@example.com', first_name: 'Grace', last_name: 'Brewster Hopper' });
    expect(nameOnly!.ship_to.name).toBe('Grace Brewster Hopper');
  });

  it('a buyer with no city or state gives no address, and none at all leaves the order as described', async () => {
    const w = await world();
    await w.c.post('/v1/buyers', { external_id: 'cust_2', email: 'bob@example.com', address: { address_line1: '3 Elm', postal_code: '1000', country: 'BE' } });
    await w.c.payJson(await w.c.vault(), { ...ORDER, buyer_id: 'cust_2' });
    await w.c.payJson(await w.c.vault(), { ...ORDER, buyer_id: 'cust_unknown' });
    const [withEmail, none] = await w.ordered();
    expect([withEmail!.customer, withEmail!.ship_to]).toEqual([{ email: 'bob@example.com', first_name: null, last_name: null }, null]);
    expect(none!.customer).toBeNull();
  });

  it('an inherited email outside the reserved test domains is refused in test mode, before money moves', async () => {
    const w = await world();
    await w.c.post('/v1/buyers', { external_id: 'cust_3', email: 'real@gmail.com' });
    await expectRefused(w.c, await w.c.pay(await w.c.vault(), { ...ORDER, buyer_id: 'cust_3' }), 400, 'mirror_sandbox_email_not_reserved');
  });

  it('a session naming a stored buyer keeps the inherited store customer', async () => {
    const w = await world();
    const made = await w.c.post('/v1/sessions', { amount: 1500, currency: 'usd', buyerId: 'cust_1', ...ORDER });
    expect(made.status).toBe(201);
    const session = (await w.t.store.read.sessions.get(made.body.id))!;
    const spec = w.t.deps.sealer.open(session.mirrorSealed!, sealedIn.sessionMirror(session.id)) as MirrorSpec;
    expect(spec.customer).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace King' });
    expect(spec.shippingAddress).toMatchObject({ city: 'Paris', country: 'FR' });
  });
});
