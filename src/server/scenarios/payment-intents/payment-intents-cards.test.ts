/**
 * The card a payment intent charges (Doc 2; Doc 3 single-use decision): single use, revoked, mode,
 * owner, MIT consent, `session_id`, one Idempotency-Key under concurrent load, and no card number
 * anywhere a merchant or an operator can read.
 */
import { describe, expect, it } from 'vitest';
import { APPROVED, DECLINED, SERVICE, bearer, expectRefused, expiry, nothingCharged, testApp, world } from './fixtures.ts';

describe('the card being charged', () => {
  it('spends a single-use card with its first approved charge', async () => {
    const w = await world();
    const id = await w.vault();
    expect((await w.payJson(id)).body.status).toBe('succeeded');
    await expectRefused(w, await w.pay(id), 404, 'payment_method_not_found');
    expect((await w.t.count('payment_intents'))).toBe(1);
  });

  it('keeps a single-use card chargeable after a decline', async () => {
    const w = await world();
    const id = await w.vault(DECLINED);
    expect((await w.payJson(id)).body.status).toBe('failed');
    const again = await w.payJson(id);
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('failed');
    expect((await w.t.count('payment_intents'))).toBe(2);
  });

  it('refuses a revoked card with 422 payment_method_inactive', async () => {
    const w = await world();
    const id = await w.vault(APPROVED, { setup_for_future_use: 'on_session', buyer_id: 'b-1' });
    expect((await w.t.json('DELETE', `/v1/tokens/${id}`, undefined, w.sk)).status).toBe(200);
    await expectRefused(w, await w.pay(id), 422, 'payment_method_inactive');
    await nothingCharged(w);
  });

  it('refuses a live token id with a test key: 400 payment_method_mode_mismatch', async () => {
    const w = await world();
    await expectRefused(w, await w.pay('vp_pmt_live_0123456789abcdef'), 400, 'payment_method_mode_mismatch');
    await nothingCharged(w);
  });

  it('answers 404 payment_method_not_found for another merchant’s card', async () => {
    const t = await testApp();
    const a = await world(t);
    const b = await world(t);
    const bCard = await b.vault();
    await expectRefused(a, await a.pay(bCard), 404, 'payment_method_not_found');
    await nothingCharged(a);
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
    expect((await w.t.count('payment_intents'))).toBe(2);
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
    const before = (await w.t.count('payment_intents'));
    const res = await w.pay(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: first.body.id } });
    // A spent single-use card is not found before its consent is read.
    if ('setup_for_future_use' in vaultExtra) await expectRefused(w, res, 422, 'payment_method_consent_missing');
    else await expectRefused(w, res, 404, 'payment_method_not_found');
    expect((await w.t.count('payment_intents'))).toBe(before);
  });

  it('refuses MIT on an unused card without off-session consent with 422 payment_method_consent_missing', async () => {
    const w = await world();
    const first = await w.payJson(await w.vault(APPROVED, { setup_for_future_use: 'off_session', buyer_id: 'b-ok' }));
    const card = await w.vault();
    await expectRefused(w, await w.pay(card, { mit: { initiator: 'merchant', reason: 'unscheduled', original_transaction_id: first.body.id } }), 422, 'payment_method_consent_missing');
    expect((await w.t.count('payment_intents'))).toBe(1);
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
    expect((await w.t.count('payment_intents'))).toBe(1);
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
    expect((await w.t.count('payment_intents'))).toBe(1);
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
    expect((await w.t.count('payment_intents'))).toBe(1);
    const intentId = ((await w.t.query('SELECT id FROM payment_intents'))[0] as { id: string }).id;
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
    const outbox = ((await w.t.query('SELECT data FROM events')) as { data: string }[]).map((e) => e.data).join('\n');
    expect(outbox).toContain('"last4":"4242"'); // the outbox has the card's last four…
    expect((await w.t.count('events'))).toBeGreaterThan(5);
    for (const number of numbers) {
      for (const [where, text] of Object.entries({ responses: texts.join('\n'), stored, processor, logs, outbox })) {
        expect(text.includes(number), `${number} in ${where}`).toBe(false);
      }
    }
  });
});
