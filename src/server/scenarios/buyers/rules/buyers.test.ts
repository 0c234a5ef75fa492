import { describe, expect, it } from 'vitest';
import { testApp } from '../../../testing.ts';
import { linkChargeBuyer, readBuyer, upsertBuyer, type ChargeBuyerInput } from '../../../engine/buyers/buyers.ts';
import type { AuthContext } from '../../../domain/index.ts';

async function world() {
  const t = await testApp();
  const { merchant } = await t.merchant();
  const auth: AuthContext = { merchant, keyType: 'secret', livemode: false, keyId: merchant.id };
  const owner = { merchantId: merchant.id, livemode: false };
  /** What the payment engine does: the link inside its own transaction. */
  const link = (input: ChargeBuyerInput) => t.deps.store.tx((r) => linkChargeBuyer(r, owner, input, t.deps.clock.iso()));
  const upsert = async (body: Parameters<typeof upsertBuyer>[2]) => (await upsertBuyer(t.deps, auth, body)).record;
  const read = (id: string) => readBuyer(t.deps, auth, id);
  return { t, auth, owner, link, upsert, read };
}

describe('linkChargeBuyer: find or create the buyer a charge or token names', () => {
  it('writes nothing and links nothing when no buyer is named', async () => {
    const { t, link } = await world();
    expect((await link({})).buyer).toBeNull();
    expect((await t.count('buyers'))).toBe(0);
  });

  it('creates the buyer from the reference and nested profile, then finds the same one', async () => {
    const { t, link, read } = await world();
    const first = await link({ buyer_id: 'cust_1', buyer: { email: 'ann@example.com', name: 'Ann', first_name: 'A', metadata: { plan: 'pro', phone: '1' } } });
    expect(first.buyer).toMatchObject({ externalId: 'cust_1', email: 'ann@example.com', name: 'Ann', metadata: { plan: 'pro' } });
    const again = await link({ buyer_id: 'cust_1' });
    expect(again.buyer?.id).toBe(first.buyer!.id);
    expect(await read(first.buyer!.id)).toEqual(again.buyer);
    expect((await t.count('buyers'))).toBe(1);
  });

  it('finds an email-only buyer by email (any case), and creates one from a flat buyer_email', async () => {
    const { t, link, upsert } = await world();
    const e = await upsert({ email: 'ann@example.com' });
    expect((await link({ buyer_email: 'ANN@example.com' })).buyer?.id).toBe(e.id);
    const fresh = await link({ buyer_email: 'bob@example.com' });
    expect(fresh.buyer).toMatchObject({ externalId: null, email: 'bob@example.com' });
    expect((await t.count('buyers'))).toBe(2);
  });

  it('attaches the reference to the email-only buyer with that email', async () => {
    const { link, upsert, read } = await world();
    const e = await upsert({ email: 'ann@example.com' });
    expect((await link({ buyer_id: 'cust_5', buyer_email: 'ann@example.com' })).buyer?.id).toBe(e.id);
    expect((await read(e.id)).externalId).toBe('cust_5');
  });

  it('does not fail when the email belongs to a buyer with another reference: the buyer is just not linked, nothing written', async () => {
    const { t, link, upsert, read } = await world();
    const a = await upsert({ external_id: 'cust_1', email: 'ann@example.com' });
    await t.deps.clock.advance(60);
    const res = await link({ buyer_id: 'cust_2', buyer: { email: 'Ann@example.com', name: 'Mallory' } });
    expect(res.buyer).toBeNull();
    expect(res.echo).toEqual({ email: 'Ann@example.com', name: 'Mallory' });
    expect((await t.count('buyers'))).toBe(1);
    expect(await read(a.id)).toEqual(a);
  });

  it('touches last_seen_at of the buyer it links', async () => {
    const { t, link, upsert } = await world();
    const a = await upsert({ external_id: 'cust_1' });
    await t.deps.clock.advance(300);
    const linked = (await link({ buyer_id: 'cust_1' })).buyer!;
    expect(Date.parse(linked.lastSeenAt) - Date.parse(a.lastSeenAt)).toBeGreaterThanOrEqual(300_000);
    expect(linked.createdAt).toBe(a.createdAt);
  });

  it('merges nested metadata, and links without merging when the stored map would pass 8 KB', async () => {
    const { link, upsert } = await world();
    await upsert({ external_id: 'cust_1', metadata: { one: 'x'.repeat(5000) } });
    expect(Object.keys((await link({ buyer: { external_id: 'cust_1', metadata: { two: 'y' } } })).buyer!.metadata)).toEqual(['one', 'two']);
    const full = await link({ buyer: { external_id: 'cust_1', metadata: { three: 'z'.repeat(5000) } } });
    expect(full.buyer).not.toBeNull();
    expect(Object.keys(full.buyer!.metadata)).toEqual(['one', 'two']);
  });

  it('refuses bad input inside the transaction too, before writing', async () => {
    const { t, link } = await world();
    await expect(link({ buyer_id: 'cust_1', buyer: { external_id: 'cust_2' } })).rejects.toMatchObject({ code: 'validation_error' });
    expect((await t.count('buyers'))).toBe(0);
  });

  it('keeps buyers of the other mode apart', async () => {
    const { t, owner, link } = await world();
    const test = (await link({ buyer_id: 'cust_1' })).buyer!;
    const live = await t.deps.store.tx((r) => linkChargeBuyer(r, { ...owner, livemode: true }, { buyer_id: 'cust_1' }, t.deps.clock.iso()));
    expect(live.buyer!.id).not.toBe(test.id);
    expect(live.buyer!.id).toMatch(/^vp_by_live_/);
  });
});
