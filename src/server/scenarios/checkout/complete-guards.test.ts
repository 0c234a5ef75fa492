/**
 * Rules of the hosted checkout's settlement that mutation testing found unguarded: a transaction
 * completes only its own session, a second payment is announced as a charge and not as a second
 * success of the session, and a late decline never undoes a success.
 */
import { describe, expect, it } from 'vitest';
import { CARD, HOSTED, HOSTED_LONG, INSUFFICIENT, bearer, leakyRevocation, origin, outliveHandback, session, testApp, type T } from '../payments/payments.fixtures.ts';

/** A payment made on the session's hosted form at the processor, not yet completed. */
/** Opens a browser form of the session; the answer pays with it and resolves with the transaction id. */
async function openForm(t: T, sessionId: string) {
  const init = await (await t.json('POST', '/api/checkout/init', { sessionId }, origin)).json();
  return async (card: object = CARD): Promise<string> => {
    const res = await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card }) });
    return ((await res.json()) as { transactionId: string }).transactionId;
  };
}
const payOnForm = async (t: T, sessionId: string, card: object = CARD) => (await openForm(t, sessionId))(card);
/** Two forms of one session, both able to pay: a provider whose revocation of the older did not take. */
async function twoForms(t: T, sessionId: string) {
  leakyRevocation(t.processor);
  const first = await openForm(t, sessionId);
  await outliveHandback(t);
  return [first, await openForm(t, sessionId)] as const;
}
const complete = (t: T, sessionId: string, transactionId: string) => t.json('POST', '/api/checkout/complete', { sessionId, transactionId }, origin);

describe('hosted checkout settlement guards', () => {
  it('refuses to complete a session with another session\'s transaction, changing neither', async () => {
    const t = await testApp();
    const a = await session(t, HOSTED);
    // The same merchant's other session: the processor knows the transaction, for another session.
    const created = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', ...HOSTED }, bearer(a.m.keys.secret));
    const b = { id: ((await created.json()) as { id: string }).id };
    await payOnForm(t, a.id);
    const paidForB = await payOnForm(t, b.id);

    const res = await complete(t, a.id, paidForB);
    expect([res.status, (await res.json()).code]).toEqual([403, 'transaction_verification_failed']);
    expect(await a.read()).toMatchObject({ paymentStatus: 'unpaid', paymentIntentId: null });
    expect(await t.store.read.payments.byProcessorRef(paidForB)).toBeUndefined();
    expect(await a.events()).toEqual([]);

    expect((await (await complete(t, b.id, paidForB)).json()).status).toBe('succeeded');
  });

  it('announces a second payment of a paid session as a charge, not as a second success of the session', async () => {
    const t = await testApp();
    const s = await session(t, HOSTED_LONG);
    const [a, b] = await twoForms(t, s.id);
    const first = await a();
    const second = await b();
    await complete(t, s.id, first);
    await complete(t, s.id, second);
    const events = await s.events();
    expect(events.filter((e) => e === 'charge.succeeded')).toHaveLength(2);
    expect(events.filter((e) => e === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it('records a decline completed after the session was paid without failing the session or telling the merchant it failed', async () => {
    const t = await testApp();
    const s = await session(t, HOSTED_LONG);
    const [a, b] = await twoForms(t, s.id);
    const approved = await a();
    const declined = await b(INSUFFICIENT);
    expect((await (await complete(t, s.id, approved)).json()).status).toBe('succeeded');

    await complete(t, s.id, declined);
    expect(await s.read()).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
    expect(await t.store.read.payments.byProcessorRef(declined)).toMatchObject({ status: 'failed' });
    expect(await s.events()).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    const read = await t.json('GET', `/v1/sessions/${s.id}`, undefined, bearer(s.m.keys.secret));
    expect((await read.json()).status).toBe('succeeded');
  });
});
