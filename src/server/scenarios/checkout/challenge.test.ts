/** Issue 10: a 3-D Secure card on the hosted page waits for the buyer's bank, then settles on complete. */
import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { CARD, hostedSession, origin, payOnProcessor, type TestApp } from './fixtures.ts';

const CHALLENGE = { ...CARD, number: '4000000000003220' };
const CHALLENGE_THEN_DECLINE = { ...CARD, number: '4000000000110116' };

async function complete(t: TestApp, body: Record<string, unknown>) {
  const res = await t.json('POST', '/api/checkout/complete', body, origin);
  expect(res.status).toBe(200);
  return res.json();
}

/** The buyer's answer on the bank page, as its buttons post it. */
async function answer(t: TestApp, url: string, result: 'approve' | 'fail') {
  const form = new URLSearchParams({ result });
  const res = await t.sandbox.app.request(new URL(url).pathname, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

describe('hosted checkout: bank challenge (3-D Secure)', () => {
  it('answers next_action with the bank page and settles nothing until the buyer answers; approve then pays', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t);
    const tx = await payOnProcessor(t, session.id, CHALLENGE);
    expect(tx.status).toBe('requires_action');
    const waiting = await complete(t, { sessionId: session.id, transactionId: tx.id });
    expect(waiting).toMatchObject({ status: 'processing', redirectUrl: null, next_action: { type: 'redirect_to_url' } });
    expect(waiting.next_action.redirect_to_url.url).toMatch(/\/challenge\/sbx_txn_/);
    expect((await (await t.json('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).json()).paymentStatus).toBe('unpaid');

    // The bank sends the buyer back to the service's return page, which tells the hosted page (same origin).
    const back = new URL(await answer(t, waiting.next_action.redirect_to_url.url, 'approve'));
    expect(back.origin + back.pathname).toBe(`${SERVICE}/frames/challenge-return.html`);
    expect(back.searchParams.get('parentOrigin')).toBe(SERVICE);

    const done = await complete(t, { sessionId: session.id, transactionId: tx.id });
    expect(done).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
    expect(done.redirectUrl).toMatch(/svcpay_signature=/);
  });

  it('a failed challenge is a decline the buyer can follow with another card', async () => {
    const t = await testApp();
    const { session } = await hostedSession(t);
    const tx = await payOnProcessor(t, session.id, CHALLENGE);
    const waiting = await complete(t, { sessionId: session.id, transactionId: tx.id });
    await answer(t, waiting.next_action.redirect_to_url.url, 'fail');
    expect(await complete(t, { sessionId: session.id, transactionId: tx.id })).toMatchObject({ status: 'failed', redirectUrl: null, error: { code: 'card_declined' } });
    const again = await payOnProcessor(t, session.id);
    expect((await complete(t, { sessionId: session.id, transactionId: again.id })).status).toBe('succeeded');
  });

  it('card 0116 is declined even after an approved challenge', async () => {
    const t = await testApp();
    const { session } = await hostedSession(t);
    const tx = await payOnProcessor(t, session.id, CHALLENGE_THEN_DECLINE);
    const waiting = await complete(t, { sessionId: session.id, transactionId: tx.id });
    await answer(t, waiting.next_action.redirect_to_url.url, 'approve');
    expect(await complete(t, { sessionId: session.id, transactionId: tx.id })).toMatchObject({ status: 'failed', error: { code: 'card_declined' } });
  });

  it('cancel (the buyer closed the dialog) ends the challenge: nothing is charged, and the bank page cannot approve it afterwards', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t);
    const tx = await payOnProcessor(t, session.id, CHALLENGE);
    const waiting = await complete(t, { sessionId: session.id, transactionId: tx.id });
    const cancelled = await complete(t, { sessionId: session.id, transactionId: tx.id, cancel: true });
    expect(cancelled).toMatchObject({ status: 'failed', redirectUrl: null });
    await answer(t, waiting.next_action.redirect_to_url.url, 'approve');
    const s = await (await t.json('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).json();
    expect(s).toMatchObject({ status: 'failed', paymentStatus: 'unpaid', vp_tx_count: 0 });
  });

  it('the public session says whether the money moved: paid, held', async () => {
    const t = await testApp();
    const { m, session } = await hostedSession(t, { captureMethod: 'manual' });
    const tx = await payOnProcessor(t, session.id);
    expect(await complete(t, { sessionId: session.id, transactionId: tx.id })).toMatchObject({ status: 'succeeded', paymentStatus: 'held' });
    const pub = await (await t.json('GET', `/v1/public/sessions/${session.id}`, undefined, bearer(m.keys.publishable))).json();
    expect(pub).toMatchObject({ status: 'succeeded', paymentStatus: 'held' });
  });
});
