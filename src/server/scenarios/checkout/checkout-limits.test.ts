/**
 * Issue 18, finding 2: the hosted checkout and the embed poll are card-testing surfaces too. Doc 3's
 * buckets: `checkoutPerIp` 30 a minute per address and `checkoutPerSession` 10 a minute per session,
 * over init, complete and each fresh form the embed poll hands out. A session's bucket counts only
 * calls that pass the origin check (the checkout endpoints take no key) or the key (the poll).
 */
import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';

type T = Awaited<ReturnType<typeof testApp>>;
const origin = { Origin: SERVICE };

async function hostedSessions(t: T, n: number) {
  const m = await t.merchant();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok' }, bearer(m.keys.secret));
    ids.push(((await res.json()) as { id: string }).id);
  }
  return { m, ids };
}
const init = (t: T, sessionId: string, ip: string, headers: Record<string, string> = origin) => t.json('POST', '/api/checkout/init', { sessionId }, headers, ip);

describe('checkout rate limits (Doc 3)', () => {
  it('opens one session’s form 10 times a minute, from any address; the 11th is 429', async () => {
    const t = await testApp();
    const { ids } = await hostedSessions(t, 1);
    for (let i = 0; i < 10; i++) expect((await init(t, ids[0]!, `192.0.2.${i}`)).status).toBe(200);
    const over = await init(t, ids[0]!, '192.0.2.99');
    expect(over.status).toBe(429);
    expect((await over.json()).code).toBe('rate_limit_exceeded');
    expect(over.headers.get('x-ratelimit-limit')).toBe('10');
  });

  it('holds one address to 30 checkout calls a minute across sessions, init and complete alike', async () => {
    const t = await testApp();
    const { ids } = await hostedSessions(t, 16);
    for (const id of ids.slice(0, 15)) {
      expect((await init(t, id, '198.51.100.40')).status).toBe(200);
      // A complete with a made-up transaction is refused, and still counted.
      expect((await t.json('POST', '/api/checkout/complete', { sessionId: id, transactionId: 'sbx_txn_made_up' }, origin, '198.51.100.40')).status).not.toBe(429);
    }
    expect((await init(t, ids[15]!, '198.51.100.40')).status).toBe(429);
    expect((await init(t, ids[15]!, '198.51.100.41')).status).toBe(200);
  });

  it('counts nothing with SVCPAY_RATE_LIMITS=off (load tests): one session’s form opens 15 times from one address', async () => {
    const t = await testApp({ SVCPAY_RATE_LIMITS: 'off' });
    const { ids } = await hostedSessions(t, 1);
    for (let i = 0; i < 15; i++) {
      const res = await init(t, ids[0]!, '192.0.2.1');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  it('never lets calls that fail the origin check, or name no session, use up a session’s bucket', async () => {
    const t = await testApp();
    const { ids } = await hostedSessions(t, 1);
    for (let i = 0; i < 12; i++) expect((await init(t, ids[0]!, `203.0.113.${i}`, {})).status).toBe(403);
    for (let i = 0; i < 12; i++) expect((await init(t, `vp_cs_test_madeup${i}`, `203.0.113.${50 + i}`)).status).toBe(404);
    expect((await init(t, ids[0]!, '192.0.2.7')).status).toBe(200);
    expect((await init(t, ids[0]!, '192.0.2.7')).headers.get('x-ratelimit-remaining')).toBe('8');
  });

  it('counts each fresh form the embed poll hands out; a poll that hands out none, or hands back the live form, is free', async () => {
    const t = await testApp();
    // A merchant per session, so the session-create limits stay out of the way.
    const keys = new Map<string, string>();
    const embed = async () => {
      const m = await t.merchant();
      const { id } = (await (await t.json('POST', '/v1/sessions', { amount: 1500, currency: 'eur' }, bearer(m.keys.secret), `203.0.113.${keys.size}`)).json()) as { id: string };
      keys.set(id, m.keys.publishable);
      return id;
    };
    const poll = (id: string, ip: string) => t.json('GET', `/v1/public/sessions/${id}/embed-token`, undefined, bearer(keys.get(id)!), ip);
    const s = await embed();
    // A payment in progress: ready: false, no form, nothing counted.
    await t.store.tx(async (r) => r.sessions.update({ ...(await r.sessions.get(s))!, chargeLock: 'att_running' }));
    for (let i = 0; i < 12; i++) expect(await (await poll(s, '192.0.2.1')).json()).toMatchObject({ ready: false });
    await t.store.tx(async (r) => r.sessions.update({ ...(await r.sessions.get(s))!, chargeLock: null }));
    // Issue 18, finding 8: every later poll, from anywhere, gets the buyer's live form back; one form, counted once.
    const first = (await (await poll(s, '192.0.2.10')).json()) as { token: string };
    for (let i = 0; i < 12; i++) expect(await (await poll(s, `192.0.2.${20 + i}`)).json()).toMatchObject({ ready: true, token: first.token });
    expect((await t.count('payment_attempts'))).toBe(1);
    // Fresh forms count: 30 a minute from one address, the 31st is 429; the live form is still handed back there.
    for (let i = 0; i < 30; i++) expect((await poll(await embed(), '198.51.100.50')).status).toBe(200);
    const over = await poll(await embed(), '198.51.100.50');
    expect([over.status, (await over.json()).code]).toEqual([429, 'rate_limit_exceeded']);
    expect(await (await poll(s, '198.51.100.50')).json()).toMatchObject({ ready: true, token: first.token });
    expect((await t.count('payment_attempts'))).toBe(31);
  });
});

describe('declines per session (issue 18, finding 2)', () => {
  const DECLINE = { number: '4000000000000002', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
  /** One round of card testing on the hosted page: open the form, pay the processor with a card it declines, complete. */
  async function declinedRound(t: T, sessionId: string) {
    const form = await init(t, sessionId, '192.0.2.5');
    expect(form.status).toBe(200);
    const { token } = (await form.json()) as { token: string };
    const paid = await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, card: DECLINE }) });
    const { transactionId } = (await paid.json()) as { transactionId: string };
    const done = await t.json('POST', '/api/checkout/complete', { sessionId, transactionId }, origin, '192.0.2.5');
    expect((await done.json()).status).not.toBe('succeeded');
    // Past the rate limits' minute: only the cap on declines is left to stop the next round.
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
  }

  it('a hosted session takes 6 declined cards, then no more: card testing needs a new session each time', async () => {
    const t = await testApp();
    const { ids } = await hostedSessions(t, 1);
    for (let i = 0; i < 6; i++) await declinedRound(t, ids[0]!);
    const seventh = await init(t, ids[0]!, '192.0.2.5');
    expect(seventh.status).toBe(409);
    expect(await seventh.json()).toMatchObject({ code: 'session_wrong_state', error: expect.stringMatching(/declined 6 times/) });
  });

  it('a charge at submit stops at 6 declines even when the merchant allows more retries', async () => {
    const t = await testApp();
    const m = await t.merchant({ settings: { sameSessionRetry: 10 } });
    const s = await (await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(m.keys.secret))).json();
    const charge = () => t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: DECLINE }, { ...bearer(m.keys.publishable), ...origin }, '192.0.2.6');
    for (let i = 0; i < 6; i++) expect((await charge()).status).toBe(200);
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 61 });
    const seventh = await charge();
    expect([seventh.status, (await seventh.json()).code]).toEqual([409, 'session_wrong_state']);
  });

  it('an intent with session_id stops at 6 declines too', async () => {
    const t = await testApp();
    const m = await t.merchant();
    const sk = bearer(m.keys.secret);
    const s = await (await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd', integrationMode: 'elements' }, sk)).json();
    const pay = async () => {
      const card = await (await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_0002' }, sk)).json();
      return t.json('POST', '/v1/payment_intents', { amount: 1000, currency: 'usd', payment_method: { id: card.id }, session_id: s.id }, sk);
    };
    for (let i = 0; i < 6; i++) expect((await (await pay()).json()).status).toBe('failed');
    const seventh = await pay();
    expect([seventh.status, (await seventh.json()).code]).toEqual([409, 'session_wrong_state']);
  });
});
