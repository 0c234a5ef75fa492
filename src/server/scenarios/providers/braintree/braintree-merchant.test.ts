/**
 * A `hosted_fields` merchant through the whole service (issue 19): `init` hands the browser a
 * Braintree client token, Hosted Fields (here their client API call) tokenize the card into a nonce,
 * and `complete` makes the sale with it through the engine's charge at submit: once per nonce, even
 * when the page completes twice at once. In process, with the adapter pointed at a stand-in
 * listening for the test (braintree.fixtures.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../../testing.ts';
import { origin, CARD } from '../../checkout/fixtures.ts';
import { SANDBOX_GATEWAY_ID, SANDBOX_PUBLIC_KEY } from '../../../../../sandbox-processor/braintree/app.ts';
import { braintreeStandIn } from './braintree.fixtures.ts';
import { networkDeclineCodes } from '../declines.fixtures.ts';
import { verifyRedirect } from '../../../../../embed/webhooks/index.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function braintreeWorld(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  const { port, close } = await braintreeStandIn(t, ['hosted_fields']);
  closers.push(close);
  const m = await t.merchant({ processor: 'hosted_fields', settings });
  const sk = bearer(m.keys.secret);
  const session = async (extra: Record<string, unknown> = {}) => (await (await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/success', ...extra }, sk)).json()) as { id: string };
  const init = async (sessionId: string) => (await t.json('POST', '/api/checkout/init', { sessionId }, origin)).json();
  /** What Hosted Fields do with the card the buyer typed: tokenize it with the client token's fingerprint. */
  const tokenize = async (clientToken: string, number: string) => {
    const { authorizationFingerprint, clientApiUrl } = JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8'));
    expect(clientApiUrl).toBe(`http://127.0.0.1:4246/merchants/${SANDBOX_GATEWAY_ID}/client_api`);
    const res = await fetch(`http://127.0.0.1:${port}/merchants/${SANDBOX_GATEWAY_ID}/client_api/v1/payment_methods/credit_cards`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ authorizationFingerprint, creditCard: { number, expirationDate: `${CARD.expMonth}/${CARD.expYear}`, cvv: '123', billingAddress: { postalCode: '10001' } } }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { creditCards: { nonce: string }[] }).creditCards[0]!.nonce;
  };
  const complete = async (sessionId: string, nonce: string) => {
    const res = await t.json('POST', '/api/checkout/complete', { sessionId, transactionId: nonce }, origin);
    return { status: res.status, body: await res.json() };
  };
  /** What braintree-web's 3-D Secure does: the lookup, then the buyer's answer on the bank's check. */
  const threeDS = async (clientToken: string, nonce: string, answer?: 'approve' | 'fail') => {
    const { authorizationFingerprint } = JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8'));
    const call = (step: string, body: Record<string, unknown>) =>
      fetch(`http://127.0.0.1:${port}/merchants/${SANDBOX_GATEWAY_ID}/client_api/v1/payment_methods/${nonce}/three_d_secure/${step}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ authorizationFingerprint, ...body }) });
    const lookup = (await (await call('lookup', { amount: '25.00', parentOrigin: 'http://localhost:4242' })).json()) as { lookup: { acsUrl: string | null } };
    if (answer) expect((await call('authenticate', { result: answer })).status).toBe(200);
    return lookup.lookup.acsUrl;
  };
  const sales = () => (t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;
  const getSession = async (id: string) => (await t.json('GET', `/v1/sessions/${id}`, undefined, sk)).json();
  return { t, m, sk, session, init, tokenize, threeDS, complete, sales, getSession };
}

describe('a hosted_fields merchant', () => {
  it('init gives a client token; the nonce of the buyer’s card pays on complete, once, also when completed again', async () => {
    const w = await braintreeWorld();
    const s = await w.session();
    const init = await w.init(s.id);
    expect(init).toMatchObject({ type: 'hosted_fields', environment: 'sandbox', gatewayInstanceId: SANDBOX_GATEWAY_ID, merchantAccountId: `${w.m.merchant.id}_usd` });
    const nonce = await w.tokenize(init.token, '4242424242424242');
    const done = await w.complete(s.id, nonce);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'succeeded', sessionId: s.id });
    expect(done.body.redirectUrl).toBeTruthy();
    // The page's retry of the same nonce reads the same sale back.
    const again = await w.complete(s.id, nonce);
    expect(again.body).toMatchObject({ status: 'succeeded', transactionId: done.body.transactionId });
    expect(w.sales()).toBe(1);
    expect(await w.getSession(s.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
    // The card number reached the stand-in's frame API, never the service's database.
    expect(JSON.stringify(w.t.store.db.prepare('SELECT * FROM payment_intents').all())).not.toContain('4242424242424242');
  });

  it('two completes of one nonce at once make one sale', async () => {
    const w = await braintreeWorld();
    const s = await w.session();
    const nonce = await w.tokenize((await w.init(s.id)).token, '4242424242424242');
    const [a, b] = await Promise.all([w.complete(s.id, nonce), w.complete(s.id, nonce)]);
    expect([a.status, b.status]).toContain(200);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    expect(w.sales()).toBe(1);
    expect((await w.t.count('payment_intents'))).toBe(1);
  });

  it('a declined card is explained and the session takes another card', async () => {
    const w = await braintreeWorld();
    const s = await w.session();
    const declined = await w.complete(s.id, await w.tokenize((await w.init(s.id)).token, '4000000000009995'));
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ error: { decline_code: 'insufficient_funds' } });
    // Braintree's processor response code of the decline reaches the merchant (network_decline_code, issue 35).
    expect(await networkDeclineCodes(w.t, w.m.merchant.id, w.m.keys.secret)).toEqual([['charge.failed', '2001'], ['payment_intent.failed', '2001']]);
    const paid = await w.complete(s.id, await w.tokenize((await w.init(s.id)).token, '4242424242424242'));
    expect(paid.body.status).toBe('succeeded');
  });

  it('card testing with one client token (issue 32, finding 3): 6 declined nonces, then no sale and no new form for the session', async () => {
    const w = await braintreeWorld();
    const s = await w.session();
    const { token } = await w.init(s.id);
    for (const number of ['4000000000009995', '4000000000000127', '4000000000000069', '4000000000000002', '4000000000009995', '4000000000000127']) {
      expect((await w.complete(s.id, await w.tokenize(token, number))).body).toMatchObject({ error: { code: 'card_declined' } });
      // Past the checkout limits' minute: only the cap on declines is left.
      await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    }
    const seventh = await w.complete(s.id, await w.tokenize(token, '4242424242424242'));
    expect([seventh.status, seventh.body.code]).toEqual([409, 'session_wrong_state']);
    expect(w.sales()).toBe(6);
    const again = await w.t.json('POST', '/api/checkout/init', { sessionId: s.id }, origin);
    expect([again.status, (await again.json()).code]).toEqual([409, 'session_wrong_state']);
  });

  it('refuses a nonce that is not this merchant’s: nothing charged, the session unchanged', async () => {
    const w = await braintreeWorld();
    const other = await w.t.merchant({ processor: 'hosted_fields' });
    const theirs = await (await w.t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd' }, bearer(other.keys.secret))).json();
    const foreign = await w.tokenize((await w.init(theirs.id)).token, '4242424242424242');
    const s = await w.session();
    await w.init(s.id);
    const res = await w.complete(s.id, foreign);
    // Braintree refuses the nonce: Document 1's 422 provider_request_rejected, nothing moved.
    expect([res.status, res.body.code]).toEqual([422, 'provider_request_rejected']);
    expect(w.sales()).toBe(0);
    expect(await w.getSession(s.id)).toMatchObject({ paymentStatus: 'unpaid' });
  });

  it('the embedded checkout’s public complete pays with the nonce the same way, once', async () => {
    const w = await braintreeWorld();
    const s = await w.session();
    const nonce = await w.tokenize((await w.init(s.id)).token, '4242424242424242');
    const pk = bearer(w.m.keys.publishable);
    const first = await w.t.json('POST', `/v1/public/sessions/${s.id}/complete`, { transactionId: nonce }, pk);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'succeeded' });
    expect((await w.t.json('POST', `/v1/public/sessions/${s.id}/complete`, { transactionId: nonce }, pk)).status).toBe(200);
    expect(w.sales()).toBe(1);
  });

  it('hears Braintree’s webhooks: a dispute (card 0259) and an async refund (card 0082) reach the merchant as on the sandbox path', async () => {
    const w = await braintreeWorld();
    const paidWith = async (number: string) => {
      const s = await w.session();
      const done = await w.complete(s.id, await w.tokenize((await w.init(s.id)).token, number));
      expect(done.body.status).toBe('succeeded');
      return (await w.getSession(s.id)).paymentIntentId as string;
    };
    const disputed = await paidWith('4000000000000259');
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    await w.t.sandbox.runDue();
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    const kept = () => w.t.store.db.prepare("SELECT json_extract(data, '$.type') AS type, state FROM inbound_events WHERE json_extract(data, '$.gateway') = 'braintree' ORDER BY seq").all();
    expect(kept()).toContainEqual({ type: 'dispute.created', state: 'applied' });
    const types = (intent: string) =>
      (w.t.store.db.prepare('SELECT type, data FROM events ORDER BY created, rowid').all() as { type: string; data: string }[]).filter((e) => JSON.parse(e.data).payment_intent_id === intent).map((e) => e.type);
    expect(types(disputed)).toContain('dispute.created');

    const slow = await paidWith('4000000000110082');
    const refund = await w.t.json('POST', '/v1/refunds', { payment_intent: slow, amount: 500 }, w.sk);
    expect(refund.status).toBe(202);
    expect((await w.t.json('POST', '/_sandbox/provider_events', { type: 'refund.succeeded', payment_intent: slow })).status).toBe(202);
    expect(kept()).toContainEqual({ type: 'refund.succeeded', state: 'applied' });
    expect(types(slow)).toContain('charge.refunded');
  });

  it('refuses a Braintree webhook whose signature is not the gateway’s, or that has none', async () => {
    const w = await braintreeWorld();
    const post = (body: string) => w.t.app.request('/api/webhooks/braintree', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    const payload = `${Buffer.from('<notification><kind>dispute_opened</kind></notification>').toString('base64')}\n`;
    expect((await post(new URLSearchParams({ bt_payload: payload }).toString())).status).toBe(401);
    const forged = await post(new URLSearchParams({ bt_signature: `${SANDBOX_PUBLIC_KEY}|${'0'.repeat(40)}`, bt_payload: payload }).toString());
    expect(forged.status).toBe(401);
    expect((await forged.json()).code).toBe('webhook_invalid_signature');
  });

  it('runs 3-D Secure before the sale: a challenge card pays once its bank check is completed, and is declined when it failed or was left open', async () => {
    const w = await braintreeWorld();
    const pay = async (number: string, answer?: 'approve' | 'fail') => {
      const s = await w.session();
      const token = (await w.init(s.id)).token;
      const nonce = await w.tokenize(token, number);
      const acs = await w.threeDS(token, nonce, answer);
      return { acs, done: await w.complete(s.id, nonce) };
    };
    const approved = await pay('4000000000003220', 'approve');
    expect(approved.acs).toMatch(/\/web\/3ds\.html#/);
    expect(approved.done.body.status).toBe('succeeded');
    expect((await pay('4000000000003220', 'fail')).done.body).toMatchObject({ error: { decline_code: 'card_declined' } });
    expect((await pay('4000000000003220')).done.body).toMatchObject({ error: { decline_code: 'card_declined' } });
    // 0116: the bank declines even after the check.
    expect((await pay('4000000000110116', 'approve')).done.body).toMatchObject({ error: { decline_code: 'card_declined' } });
    // A card with no check to run goes on without one.
    const plain = await pay('4242424242424242');
    expect(plain.acs).toBeNull();
    expect(plain.done.body.status).toBe('succeeded');
  });

  it('a nonce’s sale whose answer is lost while Braintree cannot be asked: 409 processing, then the reconciler records it, charged once', async () => {
    const w = await braintreeWorld();
    const s = await w.session();
    const nonce = await w.tokenize((await w.init(s.id)).token, '4242424242424242');
    w.t.sandbox.faults.arm({ operation: 'charge', kind: 'lose_answer' });
    w.t.sandbox.faults.arm({ operation: 'lookup', kind: 'down' });
    const lost = await w.complete(s.id, nonce);
    expect(lost.status).toBe(409);
    expect(lost.body.code).toBe('charge_in_progress');
    expect(w.sales()).toBe(1);
    expect(await w.getSession(s.id)).toMatchObject({ paymentStatus: 'unpaid' });
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 20 });
    expect(await w.getSession(s.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
    // The page's retry of the same nonce reads the recorded sale; nothing is charged again.
    expect((await w.complete(s.id, nonce)).body.status).toBe('succeeded');
    expect(w.sales()).toBe(1);
  });

  it('a Braintree that cannot serve (down) charges nothing; the reconciler gives the attempt up and the buyer pays with another card', async () => {
    const w = await braintreeWorld();
    const s = await w.session();
    const nonce = await w.tokenize((await w.init(s.id)).token, '4242424242424242');
    w.t.sandbox.faults.arm({ operation: 'charge', kind: 'down' });
    expect((await w.complete(s.id, nonce)).status).toBe(409);
    expect(w.sales()).toBe(0);
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 125 });
    const again = await w.complete(s.id, await w.tokenize((await w.init(s.id)).token, '4242424242424242'));
    expect(again.body.status).toBe('succeeded');
    expect(w.sales()).toBe(1);
  });
});

describe('a hosted_fields merchant’s setup session (issue 35)', () => {
  it('vaults the nonce for the buyer and charges nothing: no sale, the session succeeded and unpaid, the return unpaid, the card the buyer’s and chargeable', async () => {
    const w = await braintreeWorld();
    const s = await w.session({ mode: 'setup', buyerId: 'cust_bt_setup' });
    const nonce = await w.tokenize((await w.init(s.id)).token, '4242424242424242');
    const done = await w.complete(s.id, nonce);
    expect(done.body).toMatchObject({ status: 'succeeded', paymentStatus: 'unpaid', sessionId: s.id });
    expect(verifyRedirect(done.body.redirectUrl, w.m.keys.secret)).toMatchObject({ sessionId: s.id, paymentStatus: 'unpaid' });
    // The page's retry of the same nonce (vaulted once at Braintree) reads the session back.
    expect((await w.complete(s.id, nonce)).body).toMatchObject({ status: 'succeeded', paymentStatus: 'unpaid' });
    expect(w.sales()).toBe(0);
    expect(await w.getSession(s.id)).toMatchObject({ status: 'succeeded', paymentStatus: 'unpaid', paymentIntentId: null, vp_tx_count: 0 });
    const cards = ((await (await w.t.json('GET', '/v1/payment_methods?buyer_id=cust_bt_setup', undefined, w.sk)).json()) as { data: { id: string }[] }).data;
    expect(cards).toEqual([expect.objectContaining({ card: expect.objectContaining({ last4: '4242' }), setup_for_future_use: 'on_session' })]);
    const later = await w.t.json('POST', '/v1/payment_intents', { amount: 900, currency: 'usd', payment_method: { id: cards[0]!.id } }, w.sk);
    expect(await later.json()).toMatchObject({ status: 'succeeded', amount: 900 });
  });

  it('a nonce Braintree does not save is a declined card: nothing saved or charged, the session re-opened for another card', async () => {
    const w = await braintreeWorld();
    const s = await w.session({ mode: 'setup', buyerId: 'cust_bt_setup' });
    await w.init(s.id);
    const done = await w.complete(s.id, 'tokencc_not_a_nonce');
    expect(done.body).toMatchObject({ status: 'pending', redirectUrl: null, error: { code: 'card_declined' } });
    expect(w.sales()).toBe(0);
    expect(await w.t.count('payment_methods')).toBe(0);
  });
});
