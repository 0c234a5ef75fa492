/**
 * Tokens and saved cards (Doc 2): what a merchant's server and the service's own fields see when
 * they vault, update, revoke and list cards.
 */
import { describe, expect, it } from 'vitest';
import { futureExpiry } from '../../../card/test-cards.ts';
import { SERVICE, bearer, testApp } from '../../testing.ts';

type T = Awaited<ReturnType<typeof testApp>>;
const expiry = futureExpiry();
const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };

async function setup(settings: Record<string, unknown> = {}, input: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant({ settings, ...input });
  const h = bearer(m.keys.secret);
  const vault = (body: Record<string, unknown>, headers: Record<string, string> = {}) => t.json('POST', '/v1/tokens', body, { ...h, ...headers });
  return { t, m, h, vault };
}

const cardDataIn = (t: T) => {
  const rows: string[] = [];
  for (const db of [t.store.db, t.sandbox.db]) {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables) for (const row of db.prepare(`SELECT * FROM "${name}"`).all()) rows.push(JSON.stringify(row));
  }
  return rows.filter((r) => r.includes(CARD.number) || /"cvc"|"123"/.test(r));
};

describe('POST /v1/tokens', () => {
  it('vaults a sandbox reference: the card the reference names, never its number, and a single-use token by default', async () => {
    const { vault } = await setup();
    const res = await vault({ provider_reference: 'tok_sandbox_amex_0005' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ id: expect.stringMatching(/^vp_pmt_test_/), status: 'active', card: { brand: 'amex', last4: '0005', exp_month: expect.any(Number), exp_year: expect.any(Number) } });
  });

  it('refuses an unknown field, a missing reference and a reference that names no test card, storing nothing', async () => {
    const { t, vault } = await setup();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ provider_reference: 'tok_sandbox_visa_4242', card_number: '4242424242424242' }, 400, 'validation_unknown_field'],
      // Doc 2: a missing provider_reference is validation_error (other missing fields are validation_missing_field).
      [{}, 400, 'validation_error'],
      [{ buyer_id: 'b1' }, 400, 'validation_error'],
      // Doc 1, Errors: the processor refusing the reference is 422 provider_request_rejected.
      [{ provider_reference: 'tok_sandbox_visa_1234' }, 422, 'provider_request_rejected'],
    ];
    for (const [body, status, code] of cases) {
      const res = await vault(body);
      expect([res.status, (await res.json()).code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await t.count('payment_methods'))).toBe(0);
  });

  it('echoes what was sent, marks replays, and answers the same token to the same key', async () => {
    const { t, vault } = await setup();
    const body = { provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'cust_1', setup_for_future_use: 'off_session', allow_redisplay: 'always', currency: 'usd', stored_credential_use: 'recurring' };
    const first = await vault(body, { 'Idempotency-Key': 'save-1' });
    expect(first.status).toBe(201);
    const a = await first.json();
    expect(a).toMatchObject({ setup_for_future_use: 'off_session', allow_redisplay: 'always', idempotent: false });
    expect(a.warnings).toBeUndefined();
    const again = await vault(body, { 'Idempotency-Key': 'save-1' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...a, idempotent: true });
    expect((await t.count('payment_methods'))).toBe(1);
  });

  it('refuses to save a card for later use without a buyer, and warns when the stored-credential declaration cannot reach the networks', async () => {
    const { t, vault } = await setup();
    const refused = await vault({ provider_reference: 'tok_sandbox_visa_4242', setup_for_future_use: 'off_session' });
    expect([refused.status, (await refused.json()).code]).toEqual([422, 'saved_card_buyer_required']);
    expect((await t.count('payment_methods'))).toBe(0);
    const saved = await (await vault({ provider_reference: 'tok_sandbox_visa_4242', setup_for_future_use: 'off_session', buyer_id: 'cust_1' })).json();
    expect(saved.warnings).toEqual([{ code: 'stored_credential_use_not_applied', message: expect.any(String), field: 'currency' }]);
  });

  it('keeps the billing address encrypted and never returns it, and drops personal metadata keys', async () => {
    const { t, vault } = await setup();
    const res = await vault({
      provider_reference: 'tok_sandbox_visa_4242',
      billing_address: { address_line1: '1 Main St', postal_code: '94107', country: 'US' },
      metadata: { order: 'A-1', email: 'ann@example.com' },
    });
    const text = await res.text();
    expect(text).not.toContain('Main St');
    const row = (await t.query('SELECT data FROM payment_methods'))[0] as { data: string };
    expect(row.data).not.toContain('Main St');
    expect(row.data).not.toContain('ann@example.com');
    expect(JSON.parse(row.data).metadata).toEqual({ order: 'A-1' });
  });

  it('refuses a test card reference to a live account, which has no test environment (422 sandbox_account_required), storing nothing', async () => {
    const { t, vault } = await setup({}, { environment: 'live' });
    const res = await vault({ provider_reference: 'tok_sandbox_visa_4242' });
    expect([res.status, (await res.json()).code]).toEqual([422, 'sandbox_account_required']);
    expect((await t.count('payment_methods'))).toBe(0);
    expect(t.sandbox.db.prepare('SELECT count(*) FROM vault').pluck().get()).toBe(0);
  });

  it('is refused to a publishable key and on an account with no payment provider', async () => {
    const { t, m, vault } = await setup();
    const pk = await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, bearer(m.keys.publishable));
    expect([pk.status, (await pk.json()).code]).toEqual([403, 'auth_key_type_forbidden']);
    const none = await t.merchant({ processor: 'none' });
    const res = await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, bearer(none.keys.secret));
    expect([res.status, (await res.json()).code]).toEqual([409, 'binder_unavailable']);
    expect((await vault({ provider_reference: 'tok_sandbox_visa_4242' })).status).toBe(201);
  });
});

describe('PATCH and DELETE /v1/tokens/{id}', () => {
  it('sets and clears the billing address, answering only whether one is stored', async () => {
    const { t, h, vault } = await setup();
    const { id } = await (await vault({ provider_reference: 'tok_sandbox_visa_4242' })).json();
    const set = await t.json('PATCH', `/v1/tokens/${id}`, { billing_address: { address_line1: '1 Main St', postal_code: '94107', country: 'US' } }, h);
    expect(await set.json()).toEqual({ id, status: 'active', card: expect.any(Object), has_billing_address: true });
    const cleared = await t.json('PATCH', `/v1/tokens/${id}`, { billing_address: null }, h);
    expect(await cleared.json()).toMatchObject({ has_billing_address: false });
  });

  it('takes only billing_address, in JSON, under 1 KiB', async () => {
    const { t, h, vault } = await setup();
    const { id } = await (await vault({ provider_reference: 'tok_sandbox_visa_4242' })).json();
    const other = await t.json('PATCH', `/v1/tokens/${id}`, { billing_address: null, buyer_id: 'x' }, h);
    expect([other.status, (await other.json()).code]).toEqual([400, 'validation_unknown_field']);
    const missing = await t.json('PATCH', `/v1/tokens/${id}`, {}, h);
    expect([missing.status, (await missing.json()).code]).toEqual([400, 'validation_missing_field']);
    const big = await t.json('PATCH', `/v1/tokens/${id}`, { billing_address: { address_line1: 'x'.repeat(100), address_line2: 'y'.repeat(2000), postal_code: '1', country: 'US' } }, h);
    expect([big.status, (await big.json()).code]).toEqual([413, 'validation_error']);
    const text = await t.app.request(`/v1/tokens/${id}`, { method: 'PATCH', headers: { ...h, 'Content-Type': 'text/plain' }, body: 'billing_address=null' });
    expect(text.status).toBe(415);
  });

  it('revokes for good: a revoked card cannot be updated or charged, and the other mode’s id is a mode mismatch', async () => {
    const { t, h, vault } = await setup();
    const { id } = await (await vault({ provider_reference: 'tok_sandbox_visa_4242' })).json();
    const revoked = await t.json('DELETE', `/v1/tokens/${id}`, undefined, h);
    expect(await revoked.json()).toMatchObject({ id, status: 'revoked' });
    const patch = await t.json('PATCH', `/v1/tokens/${id}`, { billing_address: null }, h);
    expect([patch.status, (await patch.json()).code]).toEqual([422, 'payment_method_inactive']);
    const charge = await t.json('POST', '/v1/payment_intents', { amount: 100, currency: 'usd', payment_method: { id } }, h);
    expect([charge.status, (await charge.json()).code]).toEqual([422, 'payment_method_inactive']);
    const live = await t.json('DELETE', `/v1/tokens/${id.replace('_test_', '_live_')}`, undefined, h);
    expect([live.status, (await live.json()).code]).toEqual([400, 'payment_method_mode_mismatch']);
    const unknown = await t.json('DELETE', '/v1/tokens/vp_pmt_test_nothing', undefined, h);
    expect([unknown.status, (await unknown.json()).code]).toEqual([404, 'payment_method_not_found']);
  });

  it('keeps another merchant’s card out of reach (404)', async () => {
    const { t, vault } = await setup();
    const { id } = await (await vault({ provider_reference: 'tok_sandbox_visa_4242' })).json();
    const other = await t.merchant();
    const res = await t.json('DELETE', `/v1/tokens/${id}`, undefined, bearer(other.keys.secret));
    expect([res.status, (await res.json()).code]).toEqual([404, 'payment_method_not_found']);
  });
});

describe('GET /v1/payment_methods', () => {
  it('lists a buyer’s saved cards newest first, page by page, leaving out revoked and single-use cards', async () => {
    const { t, h, vault } = await setup();
    const saved: string[] = [];
    for (const ref of ['tok_sandbox_visa_4242', 'tok_sandbox_mastercard_4444', 'tok_sandbox_amex_0005']) {
      saved.push((await (await vault({ provider_reference: ref, buyer_id: 'cust_1', setup_for_future_use: 'on_session', allow_redisplay: 'always' })).json()).id);
      await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    }
    await vault({ provider_reference: 'tok_sandbox_discover_1117', buyer_id: 'cust_1' });
    const revoked = (await (await vault({ provider_reference: 'tok_sandbox_jcb_0505', buyer_id: 'cust_1', setup_for_future_use: 'off_session' })).json()).id;
    await t.json('DELETE', `/v1/tokens/${revoked}`, undefined, h);

    const page1 = await (await t.json('GET', '/v1/payment_methods?buyer_id=cust_1&limit=2', undefined, h)).json();
    expect(page1.data.map((c: { id: string }) => c.id)).toEqual([saved[2], saved[1]]);
    expect(page1).toMatchObject({ has_more: true, next_cursor: saved[1] });
    expect(page1.data[0]).toEqual({ id: saved[2], status: 'active', card: expect.objectContaining({ brand: 'amex' }), wallet_type: null, setup_for_future_use: 'on_session', allow_redisplay: 'always' });
    const page2 = await (await t.json('GET', `/v1/payment_methods?buyer_id=cust_1&limit=2&starting_after=${page1.next_cursor}`, undefined, h)).json();
    expect(page2).toMatchObject({ data: [expect.objectContaining({ id: saved[0] })], has_more: false, next_cursor: null });
  });

  it('needs buyer_id, caps limit at 100 with a warning, refuses a cursor of another list, and shows nothing of another merchant', async () => {
    const { t, h, vault } = await setup();
    await vault({ provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'cust_1', setup_for_future_use: 'on_session' });
    const missing = await t.json('GET', '/v1/payment_methods', undefined, h);
    expect([missing.status, (await missing.json()).code]).toEqual([400, 'validation_missing_field']);
    const capped = await (await t.json('GET', '/v1/payment_methods?buyer_id=cust_1&limit=500', undefined, h)).json();
    expect(capped.warnings).toEqual([expect.objectContaining({ code: 'limit_capped', field: 'limit' })]);
    const cursor = await t.json('GET', '/v1/payment_methods?buyer_id=cust_1&starting_after=vp_pmt_test_bogus', undefined, h);
    expect([cursor.status, (await cursor.json()).code]).toEqual([400, 'validation_error']);
    const other = await t.merchant();
    expect(await (await t.json('GET', '/v1/payment_methods?buyer_id=cust_1', undefined, bearer(other.keys.secret))).json()).toMatchObject({ data: [], has_more: false });
  });
});

describe('POST /v1/public/tokens', () => {
  async function elements(t: T, m: Awaited<ReturnType<T['merchant']>>, extra: Record<string, unknown> = {}) {
    const res = await t.json('POST', '/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false, ...extra }, bearer(m.keys.secret));
    return (await res.json()) as { id: string };
  }
  const save = (t: T, key: string, body: Record<string, unknown>, headers: Record<string, string> = { Origin: SERVICE }) =>
    t.json('POST', '/v1/public/tokens', body, { ...bearer(key), ...headers });

  it('vaults the card the fields collected for the session, keeping only brand, last four and expiry', async () => {
    const { t, m } = await setup();
    const s = await elements(t, m);
    const res = await save(t, m.keys.publishable, { sessionId: s.id, card: CARD });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: expect.stringMatching(/^vp_pmt_test_/), card: { brand: 'visa', last4: '4242', exp_month: CARD.expMonth, exp_year: CARD.expYear } });
    expect(cardDataIn(t)).toEqual([]);
    expect(t.logLines.join('\n')).not.toContain(CARD.number);
  });

  it('is only for the service’s own frames and the publishable key', async () => {
    const { t, m } = await setup();
    const s = await elements(t, m);
    const noOrigin = await save(t, m.keys.publishable, { sessionId: s.id, card: CARD }, {});
    expect([noOrigin.status, (await noOrigin.json()).code]).toEqual([403, 'origin_forbidden']);
    const secret = await save(t, m.keys.secret, { sessionId: s.id, card: CARD });
    expect([secret.status, (await secret.json()).code]).toEqual([403, 'auth_key_type_forbidden']);
    expect((await t.count('payment_methods'))).toBe(0);
  });

  it('refuses to save for later use on a session without a buyer, and a session that is not elements', async () => {
    const { t, m } = await setup();
    const s = await elements(t, m);
    const res = await save(t, m.keys.publishable, { sessionId: s.id, card: CARD, setupForFutureUse: 'off_session' });
    expect([res.status, (await res.json()).code]).toEqual([422, 'saved_card_buyer_required']);
    const hosted = (await (await t.json('POST', '/v1/sessions', { amount: 100, currency: 'usd' }, bearer(m.keys.secret))).json()) as { id: string };
    const wrong = await save(t, m.keys.publishable, { sessionId: hosted.id, card: CARD });
    expect([wrong.status, (await wrong.json()).code]).toEqual([409, 'session_wrong_state']);
    const withBuyer = await elements(t, m, { buyerId: 'cust_9' });
    expect((await save(t, m.keys.publishable, { sessionId: withBuyer.id, card: CARD, setupForFutureUse: 'off_session' })).status).toBe(201);
    const list = await (await t.json('GET', '/v1/payment_methods?buyer_id=cust_9', undefined, bearer(m.keys.secret))).json();
    expect(list.data).toHaveLength(1);
  });

  it('counts card saves per session: the seventh in a minute is refused', async () => {
    const { t, m } = await setup();
    const s = await elements(t, m);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await save(t, m.keys.publishable, { sessionId: s.id, card: CARD })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });
});

describe('metadata the store can read back', () => {
  it('refuses metadata nested past the limit, so a buyer’s saved-card list never breaks on it', async () => {
    const { t, h, vault } = await setup();
    let deep: unknown = 'x';
    for (let i = 0; i < 999; i++) deep = [deep];
    const res = await vault({ provider_reference: 'tok_sandbox_visa_4242', buyer_id: 'cust_1', setup_for_future_use: 'on_session', metadata: { k: deep } });
    expect([res.status, (await res.json()).code]).toEqual([400, 'validation_error']);
    expect((await t.count('payment_methods'))).toBe(0);
    expect((await t.json('GET', '/v1/payment_methods?buyer_id=cust_1', undefined, h)).status).toBe(200);
  });
});
