/**
 * `POST /v1/payment_intents` and its capture and void (Doc 2, Payment intents; Doc 3 decisions):
 * what a merchant reads back, which requests are refused (with nothing changed), the rules of the
 * card being charged (single use, revoked, mode, owner, MIT consent), `session_id`, and one
 * Idempotency-Key under concurrent load.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

type T = Awaited<ReturnType<typeof testApp>>;

const expiry = futureExpiry();
const APPROVED = 'tok_sandbox_visa_4242';
const DECLINED = 'tok_sandbox_visa_9995';

async function world(t?: T, settings: Record<string, unknown> = {}) {
  t ??= await testApp();
  const m = await t.merchant({ settings });
  return client(t, m.merchant.id, m.keys);
}

function client(t: T, merchantId: string, keys: { secret: string; publishable: string }) {
  const sk = bearer(keys.secret);
  const vault = async (ref = APPROVED, extra: Record<string, unknown> = {}) => {
    const res = await t.json('POST', '/v1/tokens', { provider_reference: ref, ...extra }, sk);
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const pay = (id: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, ip?: string) =>
    t.json('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id }, ...extra }, { ...sk, ...headers }, ip);
  const payJson = async (id: string, extra: Record<string, unknown> = {}) => {
    const res = await pay(id, extra);
    return { status: res.status, body: await res.json() };
  };
  const post = async (path: string, body?: unknown) => {
    const res = await t.json('POST', path, body, sk);
    return { status: res.status, body: await res.json() };
  };
  const get = async (path: string) => (await t.json('GET', path, undefined, sk)).json();
  const types = (intentId: string) =>
    (t.store.db.prepare('SELECT type, data FROM events WHERE merchant_id = ? ORDER BY created, rowid').all(merchantId) as { type: string; data: string }[])
      .filter((e) => (JSON.parse(e.data) as { payment_intent_id?: string }).payment_intent_id === intentId)
      .map((e) => e.type);
  /** An elements session and a card vaulted from its fields (`POST /v1/public/tokens`). */
  const fieldsToken = async (number = '4242424242424242', session?: { id: string }) => {
    session ??= (await post('/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false })).body as { id: string };
    const res = await t.json(
      'POST',
      '/v1/public/tokens',
      { sessionId: session.id, card: { number, expMonth: expiry.month, expYear: expiry.year, cvc: '123' } },
      { ...bearer(keys.publishable), Origin: SERVICE },
    );
    expect(res.status).toBe(201);
    return { session, token: ((await res.json()) as { id: string }).id };
  };
  return { t, merchantId, keys, sk, vault, pay, payJson, post, get, types, fieldsToken };
}

/** A refused request: the Doc 1 envelope with `code`, and no intent, attempt, event or processor call. */
async function expectRefused(w: ReturnType<typeof client>, res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  return body;
}

const nothingCharged = (w: ReturnType<typeof client>) => {
  expect(w.t.count('payment_intents')).toBe(0);
  expect(w.t.count('payment_attempts')).toBe(0);
  expect(w.t.count('events')).toBe(0);
  expect((w.t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n).toBe(0);
};

describe('manual capture and void', () => {
  it('authorizes a manual-capture payment and sends no succeeded event until it is captured', async () => {
    const w = await world();
    const { status, body } = await w.payJson(await w.vault(), { capture_method: 'manual' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'authorized', capture_method: 'manual', amount_capturable: 1500, amount_received: 0, vp_tx_id: null, refundable: false });
    expect(w.types(body.id)).toEqual([]);
    const captured = await w.post(`/v1/payment_intents/${body.id}/capture`);
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ status: 'succeeded', amount_received: 1500, amount_capturable: 0 });
    expect(captured.body.vp_tx_id).toMatch(/^vp_tx_test_/);
    expect(w.types(body.id)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
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
    expect(w.t.count('settlements')).toBe(0);
    // Still capturable in full.
    expect((await w.post(`/v1/payment_intents/${body.id}/capture`)).body.status).toBe('succeeded');
  });

  it('refuses a second capture with 409 invalid_transition', async () => {
    const w = await world();
    const { body } = await w.payJson(await w.vault(), { capture_method: 'manual' });
    expect((await w.post(`/v1/payment_intents/${body.id}/capture`)).status).toBe(200);
    await expectRefused(w, await w.t.json('POST', `/v1/payment_intents/${body.id}/capture`, undefined, w.sk), 409, 'invalid_transition');
    expect(w.t.count('settlements')).toBe(1);
    expect(w.types(body.id)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
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
    expect(w.types(body.id)).toEqual([]);
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
    nothingCharged(w);
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
    expect(JSON.stringify(w.t.store.db.prepare('SELECT * FROM payment_intents').all())).not.toContain('x@example.com');
  });

  it('refuses metadata over 8 KB with 400 validation_error, nothing stored; 8 KB exactly is accepted', async () => {
    const w = await world();
    const id = await w.vault();
    // {"k":"…"} is 8 bytes plus the value.
    await expectRefused(w, await w.pay(id, { metadata: { k: 'x'.repeat(8 * 1024 - 7) } }), 400, 'validation_error');
    nothingCharged(w);
    const ok = await w.pay(id, { metadata: { k: 'x'.repeat(8 * 1024 - 8) } });
    expect(ok.status).toBe(201);
  });
});

describe('buyer rules', () => {
  it('refuses a nested buyer without an identity with 400 validation_error', async () => {
    const w = await world();
    await expectRefused(w, await w.pay(await w.vault(), { buyer: { name: 'Ada' } }), 400, 'validation_error');
    nothingCharged(w);
    expect(w.t.count('buyers')).toBe(0);
  });

  it.each([
    ['buyer_id and buyer.external_id', { buyer_id: 'b-1', buyer: { external_id: 'b-2' } }],
    ['buyer_email and buyer.email', { buyer_email: 'a@example.com', buyer: { email: 'b@example.com' } }],
  ])('refuses differing %s with 400 validation_error', async (_name, extra) => {
    const w = await world();
    await expectRefused(w, await w.pay(await w.vault(), extra), 400, 'validation_error');
    nothingCharged(w);
    expect(w.t.count('buyers')).toBe(0);
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
    nothingCharged(w);
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

describe('the card being charged', () => {
  it('spends a single-use card with its first approved charge', async () => {
    const w = await world();
    const id = await w.vault();
    expect((await w.payJson(id)).body.status).toBe('succeeded');
    await expectRefused(w, await w.pay(id), 404, 'payment_method_not_found');
    expect(w.t.count('payment_intents')).toBe(1);
  });

  it('keeps a single-use card chargeable after a decline', async () => {
    const w = await world();
    const id = await w.vault(DECLINED);
    expect((await w.payJson(id)).body.status).toBe('failed');
    const again = await w.payJson(id);
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('failed');
    expect(w.t.count('payment_intents')).toBe(2);
  });

  it('refuses a revoked card with 422 payment_method_inactive', async () => {
    const w = await world();
    const id = await w.vault(APPROVED, { setup_for_future_use: 'on_session', buyer_id: 'b-1' });
    expect((await w.t.json('DELETE', `/v1/tokens/${id}`, undefined, w.sk)).status).toBe(200);
    await expectRefused(w, await w.pay(id), 422, 'payment_method_inactive');
    nothingCharged(w);
  });

  it('refuses a live token id with a test key: 400 payment_method_mode_mismatch', async () => {
    const w = await world();
    await expectRefused(w, await w.pay('vp_pmt_live_0123456789abcdef'), 400, 'payment_method_mode_mismatch');
    nothingCharged(w);
  });

  it('answers 404 payment_method_not_found for another merchant’s card', async () => {
    const t = await testApp();
    const a = await world(t);
    const b = await world(t);
    const bCard = await b.vault();
    await expectRefused(a, await a.pay(bCard), 404, 'payment_method_not_found');
    nothingCharged(a);
    // Still b's to charge.
    expect((await b.payJson(bCard)).body.status).toBe('succeeded');
  });

  it('a guest single-use card expires 24 hours of clock after saving; one with a buyer does not', async () => {
    const w = await world();
    const guest = await w.vault();
    const guestLater = await w.vault();
    const owned = await w.vault(APPROVED, { buyer_id: 'b-24' });
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 24 * 3600 - 60 });
    expect((await w.payJson(guestLater)).body.status).toBe('succeeded');
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    await expectRefused(w, await w.pay(guest), 404, 'payment_method_not_found');
    expect((await w.payJson(owned)).body.status).toBe('succeeded');
    expect(w.t.count('payment_intents')).toBe(2);
  });
});

describe('merchant-initiated charges', () => {
  it.each([
    ['a single-use card', {}],
    ['a card saved for on-session use', { setup_for_future_use: 'on_session', buyer_id: 'b-mit' }],
  ])('refuses MIT on %s with 422 payment_method_consent_missing', async (_name, vaultExtra) => {
    const w = await world();
    const card = await w.vault(APPROVED, vaultExtra);
    const first = await w.payJson(card);
    expect(first.body.status).toBe('succeeded');
    const before = w.t.count('payment_intents');
    const res = await w.pay(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: first.body.id } });
    // A spent single-use card is not found before its consent is read.
    if ('setup_for_future_use' in vaultExtra) await expectRefused(w, res, 422, 'payment_method_consent_missing');
    else await expectRefused(w, res, 404, 'payment_method_not_found');
    expect(w.t.count('payment_intents')).toBe(before);
  });

  it('refuses MIT on an unused card without off-session consent with 422 payment_method_consent_missing', async () => {
    const w = await world();
    const first = await w.payJson(await w.vault(APPROVED, { setup_for_future_use: 'off_session', buyer_id: 'b-ok' }));
    const card = await w.vault();
    await expectRefused(w, await w.pay(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: first.body.id } }), 422, 'payment_method_consent_missing');
    expect(w.t.count('payment_intents')).toBe(1);
  });

  it('charges a valid chain: off-session card with a buyer, a succeeded first charge, then MIT', async () => {
    const w = await world();
    const card = await w.vault(APPROVED, { setup_for_future_use: 'off_session', buyer_id: 'sub-1', stored_credential_use: 'recurring' });
    const first = await w.payJson(card, { buyer_ip_address: '203.0.113.5' });
    expect(first.body).toMatchObject({ status: 'succeeded', buyer_ip_address_forwarded: true });
    const mit = await w.payJson(card, {
      buyer_ip_address: '203.0.113.5',
      mit: { initiator: 'merchant', reason: 'recurring', original_transaction_id: first.body.id },
    });
    expect(mit.status).toBe(201);
    expect(mit.body).toMatchObject({ status: 'succeeded', buyer_id: 'sub-1', buyer_ip_address_forwarded: false });
  });

  it('refuses an MIT chain that does not start with a succeeded charge of this card', async () => {
    const w = await world();
    const card = await w.vault(APPROVED, { setup_for_future_use: 'off_session', buyer_id: 'sub-2' });
    const other = await w.payJson(await w.vault());
    await expectRefused(w, await w.pay(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: other.body.id } }), 400, 'validation_error');
    expect(w.t.count('payment_intents')).toBe(1);
  });
});

describe('session_id', () => {
  it('settles the elements session it names; a second charge for it is 409 charge_in_progress', async () => {
    const w = await world();
    const { session, token } = await w.fieldsToken();
    const { status, body } = await w.payJson(token, { session_id: session.id });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'succeeded', session_id: session.id });
    expect(await w.get(`/v1/sessions/${session.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', paymentIntentId: body.id });
    const second = await w.pay(await w.vault(), { session_id: session.id });
    await expectRefused(w, second, 409, 'charge_in_progress');
    expect(w.t.count('payment_intents')).toBe(1);
    expect(await w.get(`/v1/sessions/${session.id}`)).toMatchObject({ paymentIntentId: body.id, vp_tx_count: 1 });
  });
});

describe('one Idempotency-Key under concurrent load', () => {
  it('50 concurrent creates with one key: one processor call, one intent, every answer that intent or 409 charge_already_in_flight', async () => {
    const w = await world();
    const card = await w.vault();
    const headers = { 'Idempotency-Key': 'stress-1' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await w.pay(card, {}, headers);
        return { status: res.status, body: await res.json() };
      }),
    );
    expect((w.t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n).toBe(1);
    expect(w.t.count('payment_intents')).toBe(1);
    const intentId = (w.t.store.db.prepare('SELECT id FROM payment_intents').get() as { id: string }).id;
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 409) expect(a.body.code).toBe('charge_already_in_flight');
      else {
        expect([200, 201]).toContain(a.status);
        expect(a.body).toMatchObject({ id: intentId, status: 'succeeded' });
      }
    }
    // Afterwards the key replays the one intent.
    const replay = await w.pay(card, {}, headers);
    expect(replay.status).toBe(200);
    expect((await replay.json()).id).toBe(intentId);
  });
});

describe('card numbers never leave the fields', () => {
  it('no card number in any response, log line, stored row or outbox payload after fields-vaulted charges', async () => {
    const w = await world();
    const numbers = ['4242424242424242', '5555555555554444', '4000000000009995', '4000000000000127', '378282246310005', '4000000000110033'];
    const texts: string[] = [];
    for (const number of numbers) {
      const session = (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false })).body;
      texts.push(JSON.stringify(session));
      const cvc = number.startsWith('37') ? '1234' : '123';
      const tok = await w.t.json(
        'POST',
        '/v1/public/tokens',
        { sessionId: session.id, card: { number, expMonth: expiry.month, expYear: expiry.year, cvc } },
        { ...bearer(w.keys.publishable), Origin: SERVICE },
      );
      const token = await tok.json();
      texts.push(JSON.stringify(token));
      expect(tok.status).toBe(201);
      const charged = await w.pay(token.id, { session_id: session.id, billing_address: { address_line1: '1 Main St', postal_code: '10001', country: 'US' } });
      texts.push(await charged.text());
      const body = JSON.parse(texts.at(-1)!);
      texts.push(JSON.stringify(await w.get(`/v1/payment_intents/${body.id}`)));
      texts.push(JSON.stringify(await w.get(`/v1/sessions/${session.id}`)));
    }
    // A charge at submit too: the card travels straight from the fields.
    const atSubmit = (await w.post('/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
    const submitted = await w.t.json(
      'POST',
      `/v1/public/sessions/${atSubmit.id}/charge`,
      { card: { number: numbers[0], expMonth: expiry.month, expYear: expiry.year, cvc: '123' } },
      { ...bearer(w.keys.publishable), Origin: SERVICE },
    );
    texts.push(await submitted.text());
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 120 });

    const dump = (db: { prepare(sql: string): { all(): unknown[] } }) =>
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[])
        .map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all()))
        .join('\n');
    const stored = dump(w.t.store.db);
    const processor = dump(w.t.sandbox.db);
    const logs = w.t.logLines.join('\n');
    const outbox = (w.t.store.db.prepare('SELECT data FROM events').all() as { data: string }[]).map((e) => e.data).join('\n');
    expect(outbox).toContain('"last4":"4242"'); // the outbox has the card's last four…
    expect(w.t.count('events')).toBeGreaterThan(5);
    for (const number of numbers) {
      for (const [where, text] of Object.entries({ responses: texts.join('\n'), stored, processor, logs, outbox })) {
        expect(text.includes(number), `${number} in ${where}`).toBe(false);
      }
    }
  });
});
