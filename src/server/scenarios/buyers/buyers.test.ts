import { describe, expect, it } from 'vitest';
import { bearer } from '../../testing.ts';
import { PATH, ADDRESS, world } from './fixtures.ts';

describe('POST /v1/buyers: create', () => {
  it('creates a buyer with every key present, null where nothing is stored (201)', async () => {
    const { t, upsert } = await world();
    const { status, buyer } = await upsert({ email: 'ann@example.com' });
    expect(status).toBe(201);
    expect(buyer.id).toMatch(/^vp_by_test_[A-Za-z0-9]{24}$/);
    expect(buyer).toMatchObject({ external_id: null, email: 'ann@example.com', name: null, phone: null, company: null, address: null, metadata: {} });
    expect(buyer.last_seen_at).toBe(buyer.created_at);
    expect((await t.count('buyers'))).toBe(1);
  });

  it('stores the whole profile; first_name and last_name are accepted but belong to the charge, not the profile', async () => {
    const { upsert, get } = await world();
    const { status, buyer } = await upsert({
      external_id: 'cust_1',
      email: 'ann@example.com',
      name: 'Ann Lee',
      first_name: 'Ann',
      last_name: 'Lee',
      phone: '+1 (415) 555-0100',
      company: 'Acme',
      address: { ...ADDRESS, city: 'San Francisco' },
    });
    expect(status).toBe(201);
    expect(buyer).not.toHaveProperty('first_name');
    expect(await get(buyer.id)).toEqual({
      ...buyer,
      external_id: 'cust_1',
      name: 'Ann Lee',
      phone: '+1 (415) 555-0100',
      company: 'Acme',
      address: { address_line1: '1 Main St', address_line2: null, city: 'San Francisco', state: null, postal_code: '94107', country: 'US' },
    });
  });

  it('needs external_id or email (400 validation_error), and stores nothing', async () => {
    const { t, call, refused } = await world();
    for (const body of [{}, { name: 'Ann' }, { email: null, name: 'Ann' }]) {
      expect(await refused(await call('POST', PATH, body))).toEqual([400, 'validation_error']);
    }
    expect((await t.count('buyers'))).toBe(0);
  });

  it.each([
    ['an external_id over 200 characters', { external_id: 'x'.repeat(201) }, 'validation_error'],
    ['an invalid email', { email: 'not-an-email' }, 'validation_error'],
    ['an email over 254 characters', { email: `${'a'.repeat(250)}@example.com` }, 'validation_error'],
    ['an empty name', { email: 'a@example.com', name: '' }, 'validation_error'],
    ['a name over 200 characters', { email: 'a@example.com', name: 'n'.repeat(201) }, 'validation_error'],
    ['a first_name over 100 characters', { email: 'a@example.com', first_name: 'n'.repeat(101) }, 'validation_error'],
    ['a last_name over 100 characters', { email: 'a@example.com', last_name: 'n'.repeat(101) }, 'validation_error'],
    ['a company over 200 characters', { email: 'a@example.com', company: 'c'.repeat(201) }, 'validation_error'],
    ['a phone with letters', { email: 'a@example.com', phone: '555-CALL-NOW' }, 'validation_error'],
    ['a phone shorter than 3', { email: 'a@example.com', phone: '12' }, 'validation_error'],
    ['a phone longer than 32', { email: 'a@example.com', phone: '1'.repeat(33) }, 'validation_error'],
    ['a phone with + inside', { email: 'a@example.com', phone: '1+555' }, 'validation_error'],
    ['a phone of separators only', { email: 'a@example.com', phone: '(-) .' }, 'validation_error'],
    ['an address without postal_code', { email: 'a@example.com', address: { address_line1: '1 Main St', country: 'US' } }, 'validation_missing_field'],
    ['an address without address_line1', { email: 'a@example.com', address: { postal_code: '1', country: 'US' } }, 'validation_missing_field'],
    ['a lowercase country', { email: 'a@example.com', address: { ...ADDRESS, country: 'us' } }, 'validation_error'],
    ['a 3-letter country', { email: 'a@example.com', address: { ...ADDRESS, country: 'USA' } }, 'validation_error'],
    ['a postal_code over 16', { email: 'a@example.com', address: { ...ADDRESS, postal_code: '1'.repeat(17) } }, 'validation_error'],
    ['an address_line2 over 100', { email: 'a@example.com', address: { ...ADDRESS, address_line2: 'x'.repeat(101) } }, 'validation_error'],
    ['an unknown address field', { email: 'a@example.com', address: { ...ADDRESS, line1: 'x' } }, 'validation_unknown_field'],
    ['an unknown field', { email: 'a@example.com', nickname: 'A' }, 'validation_unknown_field'],
    ['camelCase keys', { externalId: 'cust_1' }, 'validation_unknown_field'],
  ])('refuses %s with 400 and stores nothing', async (_name, body, code) => {
    const { t, call, refused } = await world();
    expect(await refused(await call('POST', PATH, body))).toEqual([400, code]);
    expect((await t.count('buyers'))).toBe(0);
  });

  it.each(['+14155550100', '415 555 0100', '(415) 555-0100', '+44 20.7946.0958', '123'])('takes the phone %j', async (phone) => {
    const { upsert } = await world();
    expect((await upsert({ email: 'a@example.com', phone })).buyer.phone).toBe(phone);
  });

  it('is secret-key only: a publishable key gets 403 on every buyer route and nothing is stored', async () => {
    const { t, m, call, refused, upsert } = await world();
    const { buyer } = await upsert({ email: 'a@example.com' });
    const pk = bearer(m.keys.publishable);
    expect(await refused(await call('POST', PATH, { email: 'b@example.com' }, pk))).toEqual([403, 'auth_key_type_forbidden']);
    expect(await refused(await call('GET', `${PATH}?email=a@example.com`, undefined, pk))).toEqual([403, 'auth_key_type_forbidden']);
    expect(await refused(await call('GET', `${PATH}/${buyer.id}`, undefined, pk))).toEqual([403, 'auth_key_type_forbidden']);
    expect(await refused(await call('PATCH', `${PATH}/${buyer.id}`, { name: 'X' }, pk))).toEqual([403, 'auth_key_type_forbidden']);
    expect((await t.count('buyers'))).toBe(1);
  });

  it('replays a request sent again with its Idempotency-Key (200, one buyer)', async () => {
    const { t, auth, call } = await world();
    const h = { ...auth, 'Idempotency-Key': 'k1' };
    const first = await call('POST', PATH, { email: 'a@example.com' }, h);
    const again = await call('POST', PATH, { email: 'a@example.com' }, h);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(await again.json()).toEqual(await first.json());
    expect((await t.count('buyers'))).toBe(1);
  });
});

describe('POST /v1/buyers: upsert keys (external_id, else email)', () => {
  it('updates the buyer with that external_id (200), else the one with that email', async () => {
    const { t, upsert } = await world();
    const a = (await upsert({ external_id: 'cust_1', email: 'ann@example.com' })).buyer;
    const byRef = await upsert({ external_id: 'cust_1', name: 'Ann' });
    expect([byRef.status, byRef.buyer.id, byRef.buyer.name, byRef.buyer.email]).toEqual([200, a.id, 'Ann', 'ann@example.com']);
    const byEmail = await upsert({ email: 'ANN@example.com', company: 'Acme' });
    expect([byEmail.status, byEmail.buyer.id, byEmail.buyer.company, byEmail.buyer.name]).toEqual([200, a.id, 'Acme', 'Ann']);
    expect((await t.count('buyers'))).toBe(1);
  });

  it('keys on external_id first: a new reference with a new email is a new buyer', async () => {
    const { t, upsert } = await world();
    await upsert({ external_id: 'cust_1', email: 'ann@example.com' });
    const other = await upsert({ external_id: 'cust_2', email: 'bob@example.com' });
    expect(other.status).toBe(201);
    expect((await t.count('buyers'))).toBe(2);
  });

  it('changes the email of the buyer with that external_id when no other buyer has it', async () => {
    const { lookup, upsert } = await world();
    const a = (await upsert({ external_id: 'cust_1', email: 'ann@example.com' })).buyer;
    const moved = await upsert({ external_id: 'cust_1', email: 'ann@new.example.com' });
    expect([moved.status, moved.buyer.id, moved.buyer.email]).toEqual([200, a.id, 'ann@new.example.com']);
    expect(await lookup('email=ann@example.com')).toEqual([]);
  });

  it('attaches a new external_id to the email-only buyer with that email (200)', async () => {
    const { t, upsert, lookup } = await world();
    const e = (await upsert({ email: 'ann@example.com', metadata: { tier: 'gold' } })).buyer;
    const attached = await upsert({ external_id: 'cust_9', email: 'Ann@Example.com' });
    expect([attached.status, attached.buyer.id, attached.buyer.external_id]).toEqual([200, e.id, 'cust_9']);
    expect(attached.buyer.metadata).toEqual({ tier: 'gold' });
    expect((await lookup('external_id=cust_9')).map((b) => b.id)).toEqual([e.id]);
    expect((await t.count('buyers'))).toBe(1);
  });

  it('refuses with 409 buyer_email_conflict when the email belongs to a buyer with another external_id, changing nothing', async () => {
    const { t, call, refused, upsert, get } = await world();
    const a = (await upsert({ external_id: 'cust_1', email: 'ann@example.com', name: 'Ann' })).buyer;
    const b = (await upsert({ external_id: 'cust_2', email: 'bob@example.com', name: 'Bob' })).buyer;
    await t.deps.clock.advance(60);
    // A new reference with A's email (any case), and B's reference with A's email.
    for (const body of [
      { external_id: 'cust_3', email: 'ANN@example.com', name: 'X' },
      { external_id: 'cust_2', email: 'ann@example.com', name: 'X' },
    ]) {
      expect(await refused(await call('POST', PATH, body))).toEqual([409, 'buyer_email_conflict']);
    }
    expect(await get(a.id)).toEqual(a);
    expect(await get(b.id)).toEqual(b);
    expect((await t.count('buyers'))).toBe(2);
  });

  it('touches last_seen_at on every write and keeps created_at', async () => {
    const { t, upsert } = await world();
    const a = (await upsert({ email: 'ann@example.com' })).buyer;
    await t.deps.clock.advance(120);
    const b = (await upsert({ email: 'ann@example.com' })).buyer;
    expect(b.created_at).toBe(a.created_at);
    expect(Date.parse(b.last_seen_at) - Date.parse(a.last_seen_at)).toBeGreaterThanOrEqual(120_000);
  });

  it('erases the email on email: null, keyed on external_id', async () => {
    const { upsert, lookup, row } = await world();
    const a = (await upsert({ external_id: 'cust_1', email: 'ann@example.com' })).buyer;
    const erased = await upsert({ external_id: 'cust_1', email: null });
    expect([erased.status, erased.buyer.email]).toEqual([200, null]);
    expect((await row(a.id))).toEqual({ email: null, email_lookup: null });
    expect(await lookup('email=ann@example.com')).toEqual([]);
  });
});

describe('POST /v1/buyers and PATCH: metadata', () => {
  it('merges with append semantics: keys kept, re-sent keys overwritten, none removed, {} clears nothing', async () => {
    const { upsert, call, get } = await world();
    const a = (await upsert({ email: 'ann@example.com', metadata: { a: 1, b: { deep: true } } })).buyer;
    expect((await upsert({ email: 'ann@example.com', metadata: { b: 2, c: 'three' } })).buyer.metadata).toEqual({ a: 1, b: 2, c: 'three' });
    expect((await upsert({ email: 'ann@example.com', metadata: {} })).buyer.metadata).toEqual({ a: 1, b: 2, c: 'three' });
    await call('PATCH', `${PATH}/${a.id}`, { metadata: { d: null } });
    await call('PATCH', `${PATH}/${a.id}`, { metadata: {} });
    expect((await get(a.id)).metadata).toEqual({ a: 1, b: 2, c: 'three', d: null });
  });

  it('drops personal-data key names before storage, values never inspected', async () => {
    const { upsert } = await world();
    const { buyer } = await upsert({
      email: 'ann@example.com',
      metadata: { email: 'x@example.com', Phone: '1', card_number: '4242', 'last-4': '4242', address: 'x', order: 'ann@example.com', plan: 'pro' },
    });
    expect(buyer.metadata).toEqual({ order: 'ann@example.com', plan: 'pro' });
  });

  it('refuses metadata over 8 KB serialized with 400 validation_error and stores none of the request', async () => {
    const { t, call, refused, upsert, get } = await world();
    const big = { blob: 'x'.repeat(8 * 1024) };
    expect(await refused(await call('POST', PATH, { email: 'ann@example.com', metadata: big }))).toEqual([400, 'validation_error']);
    expect((await t.count('buyers'))).toBe(0);
    const a = (await upsert({ email: 'ann@example.com', metadata: { a: 1 } })).buyer;
    expect(await refused(await call('PATCH', `${PATH}/${a.id}`, { name: 'X', metadata: big }))).toEqual([400, 'validation_error']);
    expect(await get(a.id)).toEqual(a);
  });

  it('refuses a merge that would make the stored map pass 8 KB, leaving it as it was', async () => {
    const { call, refused, upsert, get } = await world();
    const half = 'x'.repeat(5000);
    const a = (await upsert({ email: 'ann@example.com', metadata: { one: half } })).buyer;
    expect(await refused(await call('POST', PATH, { email: 'ann@example.com', metadata: { two: half } }))).toEqual([400, 'validation_error']);
    expect(await refused(await call('PATCH', `${PATH}/${a.id}`, { metadata: { two: half } }))).toEqual([400, 'validation_error']);
    expect(await get(a.id)).toEqual(a);
    // Overwriting the same key stays within the cap.
    expect((await upsert({ email: 'ann@example.com', metadata: { one: 'small' } })).buyer.metadata).toEqual({ one: 'small' });
  });
});
