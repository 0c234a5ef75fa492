import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.ts';
import { testApp } from '../../testing.ts';
import { linkChargeBuyer, readBuyer, upsertBuyer, validateChargeBuyer, type ChargeBuyerInput } from './buyers.ts';
import type { AuthContext } from '../../domain/index.ts';

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

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
  throw new Error('expected an DomainError, got a result');
}

describe('validateChargeBuyer: the rules that need no store', () => {
  it('names no buyer when no buyer field is sent', () => {
    expect(validateChargeBuyer({})).toEqual({ identity: null, echo: undefined });
  });

  it('takes the identity from the flat fields alone', () => {
    expect(validateChargeBuyer({ buyer_id: 'cust_1', buyer_email: 'a@example.com' }).identity).toEqual({ externalId: 'cust_1', email: 'a@example.com' });
  });

  it('refuses a nested buyer with no identity, directly or through the flat fields (400 validation_error)', () => {
    expect(codeOf(() => validateChargeBuyer({ buyer: { name: 'Ann', phone: '555 0100' } }))).toBe('validation_error');
    expect(validateChargeBuyer({ buyer_id: 'cust_1', buyer: { name: 'Ann' } }).identity).toEqual({ externalId: 'cust_1', email: null });
    expect(validateChargeBuyer({ buyer_email: 'a@example.com', buyer: { name: 'Ann' } }).identity).toEqual({ externalId: null, email: 'a@example.com' });
  });

  it('accepts equal duplicate values and refuses differing ones', () => {
    expect(validateChargeBuyer({ buyer_id: 'cust_1', buyer: { external_id: 'cust_1' } }).identity?.externalId).toBe('cust_1');
    expect(validateChargeBuyer({ buyer_email: 'A@example.com', buyer: { email: 'a@EXAMPLE.com' } }).identity?.email).toBe('a@EXAMPLE.com');
    expect(codeOf(() => validateChargeBuyer({ buyer_id: 'cust_1', buyer: { external_id: 'cust_2' } }))).toBe('validation_error');
    expect(codeOf(() => validateChargeBuyer({ buyer_email: 'a@example.com', buyer: { email: 'b@example.com' } }))).toBe('validation_error');
  });

  it('echoes the nested buyer as sent, metadata scrubbed; refuses buyer.metadata over its own 8 KB', () => {
    const buyer = { external_id: 'cust_1', first_name: 'Ann', metadata: { plan: 'pro', email: 'x@example.com' } };
    expect(validateChargeBuyer({ buyer }).echo).toEqual({ external_id: 'cust_1', first_name: 'Ann', metadata: { plan: 'pro' } });
    expect(validateChargeBuyer({ buyer: { email: 'a@example.com' } }).echo).toEqual({ email: 'a@example.com' });
    expect(codeOf(() => validateChargeBuyer({ buyer: { external_id: 'c', metadata: { blob: 'x'.repeat(8200) } } }))).toBe('validation_error');
  });
});

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
