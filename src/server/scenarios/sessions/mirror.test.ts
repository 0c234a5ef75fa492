/**
 * Order mirroring on the two routes that take it (Document 2): `POST /v1/sessions` and
 * `POST /v1/payment_intents` keep the store order sealed with the session or intent, refuse a
 * broken rule with its code before anything is stored or charged, and a session describing a store
 * order keeps its total (PATCH `store_order`).
 */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { client } from '../payment-intents/fixtures.ts';
import { sealedIn } from '../../engine/sealed.ts';

const CONNECTED = [
  { platform: 'platform_a' as const, store: 'a.example.com', writeScopes: true },
  { platform: 'platform_b' as const, store: 'b.example.com', writeScopes: true },
];
const ORDER = { order: { lineItems: [{ name: 'Tee', quantity: 2, unitAmount: 1000 }, { name: 'Shipping', quantity: 1, unitAmount: 500 }] }, mirrorTo: { platform: 'platform_a', store: 'a.example.com' } };
const RAW = { destination: 'platform_b', shop: 'b.example.com', line_items: [{ external_product_ref: 'p_1', quantity: 1, unit_amount: 1500 }], customer: { email: 'ada@example.com' } };

async function world() {
  const t = await testApp();
  const m = await t.merchant({ settings: { connectedStores: CONNECTED, elements: true } });
  const sk = bearer(m.keys.secret);
  const c = client(t, m.merchant.id, m.keys);
  const session = async (body: Record<string, unknown>, key = sk) => {
    const res = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', ...body }, key);
    return { status: res.status, body: await res.json() };
  };
  const stored = (table: 'sessions' | 'payment_intents', id: string) =>
    t.store.db.prepare(`SELECT json_extract(data, '$.mirrorSealed') FROM ${table} WHERE id = ?`).pluck().get(id) as string | null;
  return { t, m, sk, c, session, stored };
}

describe('POST /v1/sessions with a store order', () => {
  it('keeps the store order sealed with the session, inheriting the buyer', async () => {
    const w = await world();
    const { status, body } = await w.session({ ...ORDER, buyer: { email: 'ada@example.com', name: 'Ada Lovelace' } });
    expect(status).toBe(201);
    const sealed = w.stored('sessions', body.id)!;
    expect(sealed).toMatch(/^v2\./);
    expect(sealed).not.toContain('ada@example.com');
    expect(w.t.deps.sealer.open(sealed, sealedIn.sessionMirror(body.id))).toMatchObject({ platform: 'platform_a', store: 'a.example.com', customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' } });
    // The session resource does not show it.
    expect(JSON.stringify(body)).not.toMatch(/mirror|a\.example\.com/);
    // A raw block too.
    const rawMade = await w.session({ amount: 1500, mirror: RAW });
    expect(w.t.deps.sealer.open(w.stored('sessions', rawMade.body.id)!, sealedIn.sessionMirror(rawMade.body.id))).toMatchObject({ model: 'raw', platform: 'platform_b' });
  });

  it('refuses a broken rule with its code and stores nothing; dry_run checks the same', async () => {
    const w = await world();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...ORDER, amount: 2000 }, 400, 'order_total_mismatch'],
      [{ order: ORDER.order }, 400, 'validation_error'],
      [{ ...ORDER, mirror: RAW }, 400, 'order_mirror_conflict'],
      [{ ...ORDER, mirrorTo: { ...ORDER.mirrorTo, colour: 'red' } }, 400, 'validation_unknown_field'],
      [{ mirror: 'not a block' }, 400, 'mirror_malformed'],
      [{ mirror: RAW, metadata: { mirror: '{"shop":"b.example.com"}' } }, 400, 'mirror_dual_specification'],
      [{ mirror: { ...RAW, shop: 'c.example.com' } }, 400, 'mirror_shop_not_authorized'],
      [{ mirror: { ...RAW, voucher: { code: 'V' } } }, 400, 'mirror_voucher_disabled'],
      [{ mode: 'setup', amount: undefined, ...ORDER }, 400, 'validation_error'],
    ];
    for (const [body, status, code] of cases) {
      const res = await w.session(body);
      expect([res.status, res.body.code], JSON.stringify(body).slice(0, 90)).toEqual([status, code]);
      const dry = await w.t.json('POST', '/v1/sessions?dry_run=true', { amount: 2500, currency: 'usd', ...body }, w.sk);
      expect((await dry.json()).code).toBe(code);
    }
    const total = await w.session({ ...ORDER, amount: 2000 });
    expect(total.body).toMatchObject({ derived_amount: 2500, charge_amount: 2000 });
    expect((await w.t.count('sessions'))).toBe(0);
  });

  it('takes a store order from a secret key only', async () => {
    const w = await world();
    const res = await w.session(ORDER, bearer(w.m.keys.publishable));
    expect([res.status, res.body.code]).toEqual([403, 'auth_key_type_forbidden']);
    expect((await w.t.count('sessions'))).toBe(0);
  });

  it('keeps the total of a session with a store order: PATCH answers store_order', async () => {
    const w = await world();
    const { body } = await w.session({ ...ORDER, integrationMode: 'elements' });
    const res = await w.t.json('PATCH', `/v1/sessions/${body.id}`, { amount: 3000 }, w.sk);
    expect([res.status, (await res.json()).reason]).toEqual([409, 'store_order']);
    const plain = await w.session({ integrationMode: 'elements' });
    expect((await w.t.json('PATCH', `/v1/sessions/${plain.body.id}`, { amount: 3000 }, w.sk)).status).toBe(200);
  });
});

describe('POST /v1/payment_intents with a store order', () => {
  it('keeps it sealed with the intent; metadata.mirror is the same block, never kept as metadata', async () => {
    const w = await world();
    const made = await w.c.payJson(await w.c.vault(), { amount: 2500, ...ORDER });
    expect(made.status).toBe(201);
    expect(w.t.deps.sealer.open(w.stored('payment_intents', made.body.id)!, sealedIn.intentMirror(made.body.id))).toMatchObject({ model: 'order', store: 'a.example.com' });
    const alias = await w.c.payJson(await w.c.vault(), { metadata: { mirror: RAW, order_ref: 'r1' } });
    expect(alias.status).toBe(201);
    expect(w.t.deps.sealer.open(w.stored('payment_intents', alias.body.id)!, sealedIn.intentMirror(alias.body.id))).toMatchObject({ model: 'raw', store: 'b.example.com' });
    expect((await w.c.get(`/v1/payment_intents/${alias.body.id}`)).metadata).toEqual({ order_ref: 'r1' });
    const both = await w.c.payJson(await w.c.vault(), { mirror: RAW, metadata: { mirror: RAW } });
    expect(both.status).toBe(201);
  });

  it('refuses before charging: nothing at the processor, no intent', async () => {
    const w = await world();
    const card = await w.c.vault();
    const cases: [Record<string, unknown>, string][] = [
      [{ mirror: RAW, metadata: { mirror: { ...RAW, shop: 'a.example.com' } } }, 'mirror_alias_conflict'],
      [{ amount: 2400, ...ORDER }, 'order_total_mismatch'],
      [{ mirror: { ...RAW, destination: 'platform_a', shop: 'a.example.com', shipping: { amount: 1 } } }, 'mirror_shopify_shipping_unsupported'],
      [{ metadata: { mirror: 'x' } }, 'mirror_malformed'],
    ];
    for (const [extra, code] of cases) {
      const res = await w.c.payJson(card, { amount: 2500, ...extra });
      expect([res.status, res.body.code], code).toEqual([400, code]);
    }
    expect((await w.t.count('payment_intents'))).toBe(0);
    expect(w.t.sandbox.db.prepare('SELECT count(*) FROM transactions').pluck().get()).toBe(0);
  });
});
