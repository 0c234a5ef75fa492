import { describe, expect, it } from 'vitest';
import { Buyer, BuyerList } from '../../../api/buyers.ts';
import { newId } from '../../ids.ts';
import { bearer } from '../../testing.ts';
import { PATH, ADDRESS, world } from './fixtures.ts';

describe('GET /v1/buyers: exact lookup', () => {
  it('finds by external_id or by email (any case), one buyer in data', async () => {
    const { lookup, upsert } = await world();
    const a = (await upsert({ external_id: 'cust_1', email: 'ann@example.com' })).buyer;
    expect(await lookup('external_id=cust_1')).toEqual([a]);
    expect(await lookup(`email=${encodeURIComponent('Ann@EXAMPLE.com')}`)).toEqual([a]);
  });

  it('answers a miss with an empty data array, not 404', async () => {
    const { lookup, upsert } = await world();
    await upsert({ external_id: 'cust_1', email: 'ann@example.com' });
    expect(await lookup('external_id=cust_2')).toEqual([]);
    expect(await lookup('email=bob@example.com')).toEqual([]);
    expect(await lookup('external_id=CUST_1')).toEqual([]);
  });

  it('lets external_id win when both are sent, even when it misses', async () => {
    const { lookup, upsert } = await world();
    const a = (await upsert({ external_id: 'cust_1', email: 'ann@example.com' })).buyer;
    const b = (await upsert({ external_id: 'cust_2', email: 'bob@example.com' })).buyer;
    expect((await lookup('external_id=cust_1&email=bob@example.com')).map((x) => x.id)).toEqual([a.id]);
    expect((await lookup('external_id=cust_2&email=ann@example.com')).map((x) => x.id)).toEqual([b.id]);
    expect(await lookup('external_id=nobody&email=ann@example.com')).toEqual([]);
  });

  it('needs external_id or email (400 validation_error)', async () => {
    const { call, refused } = await world();
    expect(await refused(await call('GET', PATH))).toEqual([400, 'validation_error']);
    expect(await refused(await call('GET', `${PATH}?name=Ann`))).toEqual([400, 'validation_error']);
  });
});

describe('PATCH /v1/buyers/{id}', () => {
  const full = { external_id: 'cust_1', email: 'ann@example.com', name: 'Ann', phone: '+1 415 555 0100', company: 'Acme', address: ADDRESS, metadata: { a: 1 } };

  it('changes only the fields sent and keeps the rest', async () => {
    const { call, upsert, get } = await world();
    const a = (await upsert(full)).buyer;
    const res = await call('PATCH', `${PATH}/${a.id}`, { company: 'Globex' });
    expect(res.status).toBe(200);
    const after = await get(a.id);
    expect(after).toEqual({ ...a, company: 'Globex', last_seen_at: after.last_seen_at });
    expect(Buyer.parse(await res.json())).toEqual(after);
  });

  it('updates email, name, phone and address, and clears a field sent as null', async () => {
    const { call, upsert, get, lookup } = await world();
    const a = (await upsert(full)).buyer;
    const address = { address_line1: '2 Side St', address_line2: 'Apt 4', city: 'Paris', state: 'IDF', postal_code: '75001', country: 'FR' };
    await call('PATCH', `${PATH}/${a.id}`, { email: 'ann@new.example.com', name: 'Ann B', phone: '0612345678', address, company: null });
    expect(await get(a.id)).toMatchObject({ email: 'ann@new.example.com', name: 'Ann B', phone: '0612345678', address, company: null, external_id: 'cust_1' });
    expect((await lookup('email=ann@new.example.com')).map((b) => b.id)).toEqual([a.id]);
    expect(await lookup('email=ann@example.com')).toEqual([]);
  });

  it('erases the email and its lookup value on email: null; the buyer stays readable by id and the email is free again', async () => {
    const { t, call, upsert, get, lookup, row } = await world();
    const e = (await upsert({ email: 'ann@example.com', name: 'Ann' })).buyer;
    const res = await call('PATCH', `${PATH}/${e.id}`, { email: null });
    expect(res.status).toBe(200);
    expect((await row(e.id))).toEqual({ email: null, email_lookup: null });
    expect(await lookup('email=ann@example.com')).toEqual([]);
    expect(await get(e.id)).toMatchObject({ id: e.id, email: null, name: 'Ann' });
    // Nothing of the old email is left to match: the same address now makes a new buyer.
    const again = await upsert({ email: 'ann@example.com' });
    expect([again.status, again.buyer.id === e.id]).toEqual([201, false]);
    expect((await t.count('buyers'))).toBe(2);
  });

  it('refuses external_id, first_name and last_name with 400 validation_error naming the field, changing nothing', async () => {
    const { call, refused, upsert, get } = await world();
    const a = (await upsert(full)).buyer;
    for (const [field, body] of [
      ['external_id', { external_id: 'cust_2' }],
      ['first_name', { first_name: 'Ann', name: 'X' }],
      ['last_name', { last_name: 'Lee' }],
    ] as const) {
      const res = await call('PATCH', `${PATH}/${a.id}`, body);
      const err = (await res.json()) as { code: string; error: string };
      expect([res.status, err.code]).toEqual([400, 'validation_error']);
      expect(err.error).toContain(field);
    }
    expect(await refused(await call('PATCH', `${PATH}/${a.id}`, { nickname: 'A' }))).toEqual([400, 'validation_unknown_field']);
    expect(await refused(await call('PATCH', `${PATH}/${a.id}`, { phone: 'call me' }))).toEqual([400, 'validation_error']);
    expect(await get(a.id)).toEqual(a);
  });

  it('refuses an email owned by another buyer with 409 buyer_email_conflict, changing nothing', async () => {
    const { t, call, refused, upsert, get } = await world();
    const a = (await upsert({ external_id: 'cust_1', email: 'ann@example.com' })).buyer;
    const b = (await upsert({ email: 'bob@example.com' })).buyer;
    await t.deps.clock.advance(60);
    expect(await refused(await call('PATCH', `${PATH}/${b.id}`, { email: 'ANN@example.com', name: 'Bob' }))).toEqual([409, 'buyer_email_conflict']);
    expect(await get(a.id)).toEqual(a);
    expect(await get(b.id)).toEqual(b);
    // Its own email in another case is not a conflict.
    const own = await call('PATCH', `${PATH}/${a.id}`, { email: 'Ann@Example.com' });
    expect(own.status).toBe(200);
  });

  it('answers 404 buyer_not_found for an unknown id', async () => {
    const { call, refused } = await world();
    expect(await refused(await call('PATCH', `${PATH}/vp_by_test_nothing`, { name: 'X' }))).toEqual([404, 'buyer_not_found']);
    expect(await refused(await call('GET', `${PATH}/vp_by_test_nothing`))).toEqual([404, 'buyer_not_found']);
  });
});

describe('buyers are per merchant and per mode', () => {
  it("answers 404 buyer_not_found for another merchant's buyer, and its lookups miss", async () => {
    const { t, call, refused, upsert, get } = await world();
    const a = (await upsert({ external_id: 'cust_1', email: 'ann@example.com' })).buyer;
    const other = bearer((await t.merchant()).keys.secret);
    expect(await refused(await call('GET', `${PATH}/${a.id}`, undefined, other))).toEqual([404, 'buyer_not_found']);
    expect(await refused(await call('PATCH', `${PATH}/${a.id}`, { name: 'Mallory' }, other))).toEqual([404, 'buyer_not_found']);
    const miss = await call('GET', `${PATH}?external_id=cust_1`, undefined, other);
    expect(BuyerList.parse(await miss.json()).data).toEqual([]);
    // The same reference and email are free in the other account.
    expect((await upsert({ external_id: 'cust_1', email: 'ann@example.com' }, other)).status).toBe(201);
    expect(await get(a.id)).toEqual(a);
  });

  it("answers 404 for the other mode's buyer of the same merchant, which keeps its own references", async () => {
    const { t, m, call, refused, upsert, get } = await world();
    const liveKey = newId.secretKey(true);
    await t.deps.store.tx((r) => r.merchants.addKey(liveKey, m.merchant.id, 'secret', true, t.deps.clock.iso()));
    const live = bearer(liveKey);
    const a = (await upsert({ external_id: 'cust_1', email: 'ann@example.com' })).buyer;
    expect(await refused(await call('GET', `${PATH}/${a.id}`, undefined, live))).toEqual([404, 'buyer_not_found']);
    expect(await refused(await call('PATCH', `${PATH}/${a.id}`, { name: 'X' }, live))).toEqual([404, 'buyer_not_found']);
    const miss = await call('GET', `${PATH}?email=ann@example.com`, undefined, live);
    expect(BuyerList.parse(await miss.json()).data).toEqual([]);
    const l = await upsert({ external_id: 'cust_1', email: 'ann@example.com' }, live);
    expect(l.status).toBe(201);
    expect(l.buyer.id).toMatch(/^vp_by_live_/);
    expect(await get(a.id)).toEqual(a);
  });
});
