/**
 * `upsell_duplicate` (Document 2): one add-on charge per upsell key and store, however many
 * requests race for it (real parallel requests, rows counted); a key whose charge was declined may
 * be charged again.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing.ts';
import { client } from '../payment-intents/fixtures.ts';

const STORE = { platform: 'platform_b' as const, store: 'b.example.com', writeScopes: true };
const upsell = (key: string) => ({
  amount: 700,
  order: { lineItems: [{ name: 'Socks', quantity: 1, unitAmount: 700, variantId: 3 }] },
  mirrorTo: { platform: 'platform_b', store: 'b.example.com', parentOrderRef: 'B-000001', upsellKey: key },
});

describe('an upsell key', () => {
  it('charges once when requests race for it; the others answer upsell_duplicate naming the first', async () => {
    const t = await testApp();
    const m = await t.merchant({ settings: { connectedStores: [STORE] } });
    const c = client(t, m.merchant.id, m.keys);
    const cards = await Promise.all(Array.from({ length: 6 }, () => c.vault()));
    const answers = await Promise.all(
      cards.map(async (card, i) => {
        const res = await c.pay(card, upsell('socks-1'), { 'Idempotency-Key': `up-${i}` });
        return { status: res.status, body: (await res.json()) as Record<string, any> };
      }),
    );
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.status).toBe('succeeded');
    const lost = answers.filter((a) => a.status !== 201);
    expect(lost.map((a) => [a.status, a.body.code, a.body.original_payment_intent_id])).toEqual(Array(5).fill([409, 'upsell_duplicate', won[0]!.body.id]));
    expect((await t.count('payment_intents'))).toBe(1);
    expect(t.sandbox.db.prepare('SELECT count(*) FROM transactions').pluck().get()).toBe(1);
    // Another key is another add-on.
    expect((await c.payJson(await c.vault(), upsell('socks-2'))).status).toBe(201);
  });

  it('may be charged again after its charge was declined', async () => {
    const t = await testApp();
    const m = await t.merchant({ settings: { connectedStores: [STORE] } });
    const c = client(t, m.merchant.id, m.keys);
    const declined = await c.payJson(await c.vault('tok_sandbox_visa_0002'), upsell('hat'));
    expect(declined.body.status).toBe('failed');
    expect((await c.payJson(await c.vault(), upsell('hat'))).body.status).toBe('succeeded');
    expect((await c.payJson(await c.vault(), upsell('hat'))).body.code).toBe('upsell_duplicate');
  });

  it('is held by a session that will charge it, until the session closes unpaid', async () => {
    const t = await testApp();
    const m = await t.merchant({ settings: { connectedStores: [STORE] } });
    const c = client(t, m.merchant.id, m.keys);
    const { amount, ...mirror } = upsell('belt');
    const session = async () => c.post('/v1/sessions', { amount, currency: 'usd', ...mirror });
    const first = await session();
    expect(first.status).toBe(201);
    const again = await session();
    expect([again.status, again.body.code, again.body.original_payment_intent_id]).toEqual([409, 'upsell_duplicate', undefined]);
    expect((await c.payJson(await c.vault(), upsell('belt'))).body.code).toBe('upsell_duplicate');
    expect((await t.count('sessions'))).toBe(1);
    await c.post(`/v1/sessions/${first.body.id}/expire`);
    expect((await session()).status).toBe(201);
  });
});
