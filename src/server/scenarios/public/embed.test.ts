import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';
import { ProcessorUnavailableError } from '../../processors/types.ts';

type T = Awaited<ReturnType<typeof testApp>>;
const expiry = futureExpiry();
const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123', postalCode: '12345' };
const DECLINE = { ...CARD, number: '4000000000000002' };
const MERCHANT_PAGE = 'http://127.0.0.1:4244';

async function embedSession(t: T, settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const m = await t.merchant({ settings });
  const res = await t.json('POST', '/v1/sessions', { amount: 1500, currency: 'eur', ...extra }, bearer(m.keys.secret));
  return { m, session: await res.json() };
}

const embedToken = (t: T, id: string, key: string, headers: Record<string, string> = {}) =>
  t.json('GET', `/v1/public/sessions/${id}/embed-token`, undefined, { ...bearer(key), ...headers });
const complete = (t: T, id: string, key: string, transactionId: string) =>
  t.json('POST', `/v1/public/sessions/${id}/complete`, { transactionId }, bearer(key));
const readSession = async (t: T, id: string, secret: string) => (await t.json('GET', `/v1/sessions/${id}`, undefined, bearer(secret))).json();

/** What the sandbox fields page does with the token: pay the processor directly. */
async function payProcessor(t: T, token: string, card = CARD): Promise<string> {
  const res = await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, card }) });
  return ((await res.json()) as { transactionId: string }).transactionId;
}

/** Marks a payment of the session as running, as a charge holding the session's lock would. */
async function lockSession(t: T, id: string) {
  await t.store.tx(async (r) => {
    const s = (await r.sessions.get(id))!;
    await r.sessions.update({ ...s, chargeLock: 'att_running' });
  });
}

describe('GET /v1/public/sessions/{id}/embed-token', () => {
  it('hands out what mounts the processor fields, and that token pays the processor', async () => {
    const t = await testApp();
    const { m, session } = await embedSession(t);
    const res = await embedToken(t, session.id, m.keys.publishable, { Origin: MERCHANT_PAGE });
    expect(res.status).toBe(200);
    // A merchant page may poll it (Doc 3, Browser flows 2): no card data crosses it.
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = await res.json();
    expect(body).toMatchObject({ ready: true, type: 'sandbox', environment: 'sandbox' });
    expect(body.fieldsUrl).toMatch(/\/fields$/);
    expect((await readSession(t, session.id, m.keys.secret)).status).toBe('processing');
    const tx = await payProcessor(t, body.token);
    expect(tx).toMatch(/\w+/);
  });

  it('answers ready: false while a payment of the session runs, and changes nothing', async () => {
    const t = await testApp();
    const { m, session } = await embedSession(t);
    await lockSession(t, session.id);
    const attempts = (await t.count('payment_attempts'));
    const res = await embedToken(t, session.id, m.keys.publishable);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ ready: false, reason: 'payment_in_progress', retryAfterMs: 1000 });
    expect((await t.count('payment_attempts'))).toBe(attempts);
    expect((await readSession(t, session.id, m.keys.secret)).status).toBe('pending');
  });

  it('answers ready: false while the provider does not answer', async () => {
    const t = await testApp();
    const { m, session } = await embedSession(t);
    const p = t.processor as unknown as { clientInit: () => Promise<unknown> };
    p.clientInit = async () => {
      throw new ProcessorUnavailableError('timed out');
    };
    const body = await (await embedToken(t, session.id, m.keys.publishable)).json();
    expect(body).toMatchObject({ ready: false, reason: 'provider_unavailable' });
    expect((await readSession(t, session.id, m.keys.secret)).status).toBe('pending');
  });

  it('refuses an elements session with 409 session_wrong_state', async () => {
    const t = await testApp();
    const { m, session } = await embedSession(t, {}, { integrationMode: 'elements', chargeAtSubmit: true });
    expect(session.integrationMode).toBe('elements');
    const res = await embedToken(t, session.id, m.keys.publishable);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('session_wrong_state');
    expect((await readSession(t, session.id, m.keys.secret)).status).toBe('pending');
  });

  it('refuses a paid session with 409 session_already_completed', async () => {
    const t = await testApp();
    const { m, session } = await embedSession(t);
    const ready = await (await embedToken(t, session.id, m.keys.publishable)).json();
    await complete(t, session.id, m.keys.publishable, await payProcessor(t, ready.token));
    const res = await embedToken(t, session.id, m.keys.publishable);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('session_already_completed');
  });

  it('refuses a session past its limit with 410 session_expired', async () => {
    const t = await testApp();
    const { m, session } = await embedSession(t, {}, { expiresIn: 300 });
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 301 });
    const res = await embedToken(t, session.id, m.keys.publishable);
    expect(res.status).toBe(410);
    expect((await res.json()).code).toBe('session_expired');
  });

  it('takes the publishable key only', async () => {
    const t = await testApp();
    const { m, session } = await embedSession(t);
    const secret = await embedToken(t, session.id, m.keys.secret);
    expect(secret.status).toBe(403);
    expect((await secret.json()).code).toBe('auth_key_type_forbidden');
    const none = await t.json('GET', `/v1/public/sessions/${session.id}/embed-token`);
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('auth_missing_bearer_publishable');
    expect((await t.count('payment_attempts'))).toBe(0);
  });

  it("answers 404 for another merchant's session and hands out nothing", async () => {
    const t = await testApp();
    const { m, session } = await embedSession(t);
    const other = await t.merchant();
    const res = await embedToken(t, session.id, other.keys.publishable);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('session_not_found');
    expect((await t.count('payment_attempts'))).toBe(0);
    expect((await readSession(t, session.id, m.keys.secret)).status).toBe('pending');
  });
});

describe('POST /v1/public/sessions/{id}/complete', () => {
  async function paid(t: T, card = CARD, settings: Record<string, unknown> = {}) {
    const { m, session } = await embedSession(t, settings);
    const ready = await (await embedToken(t, session.id, m.keys.publishable)).json();
    return { m, session, tx: await payProcessor(t, ready.token, card) };
  }

  it('settles the session with the transaction the buyer made, once', async () => {
    const t = await testApp();
    const { m, session, tx } = await paid(t);
    const res = await complete(t, session.id, m.keys.publishable, tx);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'succeeded', sessionId: session.id, transactionId: tx });
    expect(body.paymentIntentId).toMatch(/^vpi_test_/);
    expect(body.redirectUrl).toBeUndefined();
    expect(await readSession(t, session.id, m.keys.secret)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', paymentIntentId: body.paymentIntentId });
    const again = await (await complete(t, session.id, m.keys.publishable, tx)).json();
    expect(again.paymentIntentId).toBe(body.paymentIntentId);
    expect((await t.count('payment_intents'))).toBe(1);
  });

  it('reports a decline with a buyer-safe error', async () => {
    const t = await testApp();
    const { m, session, tx } = await paid(t, DECLINE);
    const body = await (await complete(t, session.id, m.keys.publishable, tx)).json();
    expect(body).toMatchObject({ status: 'failed', error: { code: 'card_declined', decline_code: 'card_declined' } });
  });

  it("refuses another session's transaction with 403 transaction_verification_failed", async () => {
    const t = await testApp();
    const first = await paid(t);
    const { m, session } = await embedSession(t);
    const res = await complete(t, session.id, m.keys.publishable, first.tx);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('transaction_verification_failed');
    expect((await t.count('payment_intents'))).toBe(0);
  });

  it("answers 404 for another merchant's session and settles nothing", async () => {
    const t = await testApp();
    const { m, session, tx } = await paid(t);
    const other = await t.merchant();
    const res = await complete(t, session.id, other.keys.publishable, tx);
    expect(res.status).toBe(404);
    expect((await t.count('payment_intents'))).toBe(0);
    expect((await readSession(t, session.id, m.keys.secret)).status).toBe('processing');
  });

  it('answers 503 feature_unavailable when the account switched it off, and settles nothing', async () => {
    const t = await testApp();
    const { m, session, tx } = await paid(t, CARD, { completeEndpoint: false });
    const res = await complete(t, session.id, m.keys.publishable, tx);
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe('feature_unavailable');
    expect((await t.count('payment_intents'))).toBe(0);
  });

  it('takes the publishable key only', async () => {
    const t = await testApp();
    const { m, session, tx } = await paid(t);
    const res = await complete(t, session.id, m.keys.secret, tx);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('auth_key_type_forbidden');
    expect((await t.count('payment_intents'))).toBe(0);
  });

  it('refuses an unknown field with 400 and settles nothing', async () => {
    const t = await testApp();
    const { m, session, tx } = await paid(t);
    const res = await t.json('POST', `/v1/public/sessions/${session.id}/complete`, { transactionId: tx, card: { number: CARD.number } }, { ...bearer(m.keys.publishable), Origin: SERVICE });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).not.toContain(CARD.number);
    expect((await t.count('payment_intents'))).toBe(0);
  });
});
