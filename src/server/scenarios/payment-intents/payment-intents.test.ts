/**
 * `POST /v1/payment_intents` and its capture and void (Doc 2, Payment intents; Doc 3 decisions):
 * what a merchant reads back, and which requests are refused with nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { APPROVED, client, expectRefused, nothingCharged, testApp, world } from './fixtures.ts';

describe('manual capture and void', () => {
  it('authorizes a manual-capture payment and sends no succeeded event until it is captured', async () => {
    const w = await world();
    const { status, body } = await w.payJson(await w.vault(), { capture_method: 'manual' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'authorized', capture_method: 'manual', amount_capturable: 1500, amount_received: 0, vp_tx_id: null, refundable: false });
    expect((await w.types(body.id))).toEqual([]);
    const captured = await w.post(`/v1/payment_intents/${body.id}/capture`);
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ status: 'succeeded', amount_received: 1500, amount_capturable: 0 });
    expect(captured.body.vp_tx_id).toMatch(/^vp_tx_test_/);
    expect((await w.types(body.id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
  });

  it('captures part of an authorization with amount_to_capture', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault(), { capture_method: 'manual' });
    const captured = await w.post(`/v1/payment_intents/${body.id}/capture`, { amount_to_capture: 600 });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ status: 'succeeded', amount: 1500, amount_received: 600, remaining_refundable: 600 });
  });

  it('refuses to capture more than authorized with 422 capture_amount_exceeds_authorized, and changes nothing', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault(), { capture_method: 'manual' });
    const res = await w.t.json('POST', `/v1/payment_intents/${body.id}/capture`, { amount_to_capture: 1501 }, w.sk);
    const err = await expectRefused(w, res, 422, 'capture_amount_exceeds_authorized');
    expect(err.authorized_amount).toBe(1500);
    expect(await w.get(`/v1/payment_intents/${body.id}`)).toMatchObject({ status: 'authorized', amount_capturable: 1500 });
    expect((await w.t.count('settlements'))).toBe(0);
    // Still capturable in full.
    expect((await w.post(`/v1/payment_intents/${body.id}/capture`)).body.status).toBe('succeeded');
  });

  it('refuses a second capture with 409 invalid_transition', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault(), { capture_method: 'manual' });
    expect((await w.post(`/v1/payment_intents/${body.id}/capture`)).status).toBe(200);
    await expectRefused(w, await w.t.json('POST', `/v1/payment_intents/${body.id}/capture`, undefined, w.sk), 409, 'invalid_transition');
    expect((await w.t.count('settlements'))).toBe(1);
    expect((await w.types(body.id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
  });

  it('refuses to capture an automatic payment that already succeeded', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault());
    await expectRefused(w, await w.t.json('POST', `/v1/payment_intents/${body.id}/capture`, undefined, w.sk), 409, 'invalid_transition');
  });

  it('voids an authorization; a capture after it is refused', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault(), { capture_method: 'manual' });
    const voided = await w.post(`/v1/payment_intents/${body.id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'voided', amount_capturable: 0, vp_tx_id: null });
    expect(await w.get(`/v1/payment_intents/${body.id}`)).toMatchObject({ status: 'voided' });
    await expectRefused(w, await w.t.json('POST', `/v1/payment_intents/${body.id}/capture`, undefined, w.sk), 409, 'invalid_transition');
    expect((await w.types(body.id))).toEqual([]);
  });

  it('refuses a void after capture with 409 invalid_transition (a refund’s job)', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault(), { capture_method: 'manual' });
    await w.post(`/v1/payment_intents/${body.id}/capture`);
    await expectRefused(w, await w.t.json('POST', `/v1/payment_intents/${body.id}/void`, undefined, w.sk), 409, 'invalid_transition');
    expect(await w.get(`/v1/payment_intents/${body.id}`)).toMatchObject({ status: 'succeeded' });
  });
});

describe('refused requests change nothing', () => {
  it.each([
    ['six tags', { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' }],
    ['an empty value', { tier: '' }],
    ['a value over 80 characters', { tier: 'x'.repeat(81) }],
    ['a key over 64 characters', { ['k'.repeat(65)]: 'v' }],
    ['a reserved key', { amount: '5' }],
    ['a reserved prefix', { svcpay_route: 'a' }],
    ['an email-shaped value', { who: 'someone@example.com' }],
    ['a key-shaped value', { k: 'vp_sk_test_abcdefabcdefabcdef' }],
    ['a non-string value', { tier: { nested: true } }],
  ])('rule_tags with %s: 400 validation_error', async (_name, rule_tags) => {
    const w = await world();
    const id = await w.vault();
    await expectRefused(w, await w.pay(id, { rule_tags }), 400, 'validation_error');
    await nothingCharged(w);
  });

  it('accepts valid rule_tags (numbers as numeric strings)', async () => {
    const w = await world();
    const { status, body } = await w.payJson(await w.vault(), { rule_tags: { tier: 'gold', score: '42' } });
    expect(status).toBe(201);
    expect(body.status).toBe('succeeded');
  });

  it('removes filtered metadata keys before storage and keeps the rest as sent', async () => {
    const w = await world();
    const metadata = { order_id: 'A-1', card_number: '4242', Email: 'x@example.com', nested: { email: 'kept@example.com' }, n: 3 };
    const { body } = await w.payJson(await w.vault(), { metadata });
    const expected = { order_id: 'A-1', nested: { email: 'kept@example.com' }, n: 3 };
    expect(body.metadata).toEqual(expected);
    expect((await w.get(`/v1/payment_intents/${body.id}`)).metadata).toEqual(expected);
    expect(JSON.stringify((await w.t.query('SELECT * FROM payment_intents')))).not.toContain('x@example.com');
  });

  it('refuses metadata over 8 KB with 400 validation_error, nothing stored; 8 KB exactly is accepted', async () => {
    const w = await world();
    const id = await w.vault();
    // {"k":"…"} is 8 bytes plus the value.
    await expectRefused(w, await w.pay(id, { metadata: { k: 'x'.repeat(8 * 1024 - 7) } }), 400, 'validation_error');
    await nothingCharged(w);
    const ok = await w.pay(id, { metadata: { k: 'x'.repeat(8 * 1024 - 8) } });
    expect(ok.status).toBe(201);
  });
});

describe('buyer rules', () => {
  it('refuses a nested buyer without an identity with 400 validation_error', async () => {
    const w = await world();
    await expectRefused(w, await w.pay(await w.vault(), { buyer: { name: 'Ada' } }), 400, 'validation_error');
    await nothingCharged(w);
    expect((await w.t.count('buyers'))).toBe(0);
  });

  it.each([
    ['buyer_id and buyer.external_id', { buyer_id: 'b-1', buyer: { external_id: 'b-2' } }],
    ['buyer_email and buyer.email', { buyer_email: 'a@example.com', buyer: { email: 'b@example.com' } }],
  ])('refuses differing %s with 400 validation_error', async (_name, extra) => {
    const w = await world();
    await expectRefused(w, await w.pay(await w.vault(), extra), 400, 'validation_error');
    await nothingCharged(w);
    expect((await w.t.count('buyers'))).toBe(0);
  });

  it('accepts equal duplicates and echoes the nested buyer, buyer_id and buyer_email', async () => {
    const w = await world();
    const buyer = { external_id: 'cust-9', email: 'ada@example.com', name: 'Ada L' };
    const { status, body } = await w.payJson(await w.vault(), { buyer_id: 'cust-9', buyer });
    expect(status).toBe(201);
    expect(body).toMatchObject({ buyer, buyer_id: 'cust-9', buyer_email: 'ada@example.com' });
    const read = await w.get(`/v1/payment_intents/${body.id}`);
    expect(read).toMatchObject({ buyer_id: 'cust-9', buyer_email: 'ada@example.com' });
    expect(read.buyer).toBeUndefined();
  });

  it('omits buyer fields (never null) when no buyer is named', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault());
    expect('buyer' in body).toBe(false);
    expect('buyer_id' in body).toBe(false);
    expect('buyer_email' in body).toBe(false);
  });

  it('echoes flat buyer_id and buyer_email', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault(), { buyer_id: 'cust-1', buyer_email: 'c1@example.com' });
    expect(body).toMatchObject({ buyer_id: 'cust-1', buyer_email: 'c1@example.com' });
    expect(body.buyer).toBeUndefined();
  });

  it('a saved card’s own buyer wins over the buyer_email of the request', async () => {
    const w = await world();
    const card = await w.vault(APPROVED, { setup_for_future_use: 'on_session', buyer_id: 'owner-1' });
    const { status, body } = await w.payJson(card, { buyer_email: 'someone-else@example.com' });
    expect(status).toBe(201);
    expect(body.buyer_id).toBe('owner-1');
    const read = await w.get(`/v1/payment_intents/${body.id}`);
    expect(read.buyer_id).toBe('owner-1');
    expect(read.buyer_email).toBeUndefined();
  });

  it('naming another buyer for a saved card finds no such card (404 payment_method_not_found)', async () => {
    const w = await world();
    const card = await w.vault(APPROVED, { setup_for_future_use: 'on_session', buyer_id: 'owner-1' });
    await expectRefused(w, await w.pay(card, { buyer_id: 'intruder' }), 404, 'payment_method_not_found');
    await nothingCharged(w);
  });
});

describe('buyer_ip_address_forwarded and resolved_descriptor', () => {
  it('is true for a buyer-present charge with an IP, absent without one, and never echoes the IP', async () => {
    const w = await world();
    const withIp = await w.payJson(await w.vault(), { buyer_ip_address: '203.0.113.9' });
    expect(withIp.body.buyer_ip_address_forwarded).toBe(true);
    expect(JSON.stringify(withIp.body)).not.toContain('203.0.113.9');
    const without = await w.payJson(await w.vault());
    expect('buyer_ip_address_forwarded' in without.body).toBe(false);
  });

  it('resolves the statement descriptor tail of a merchant with settings.descriptor', async () => {
    const t = await testApp();
    const created = await t.json('POST', '/_sandbox/merchants', {
      settings: { descriptor: { name: 'ACME STORE', suffix: { source: 'order_id', fallback: 'pi_ref' } } },
    });
    expect(created.status).toBe(201);
    const m = await created.json();
    const w = client(t, m.id, m.keys);
    const withOrder = await w.payJson(await w.vault(), { metadata: { order_id: 'A1234' } });
    expect(withOrder.body.resolved_descriptor).toEqual({ kind: 'suffix', suffix: 'A1234' });
    const fallback = await w.payJson(await w.vault());
    expect(fallback.body.resolved_descriptor).toEqual({ kind: 'suffix', suffix: fallback.body.id.slice(-8) });
  });

  it('is skipped (no_config) for a merchant without a descriptor', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault(), { metadata: { order_id: 'A1234' } });
    expect(body.resolved_descriptor).toEqual({ kind: 'skipped', reason: 'no_config' });
  });
});
