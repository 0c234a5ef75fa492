/**
 * Issue 18, finding 11: a 3-D Secure card paid through a form with no return URL (the embedded
 * checkout) is no longer approved unseen. The charge answers `requires_action` with what the fields
 * page shows, and only that form's token can answer the bank check.
 */
import { describe, expect, it } from 'vitest';
import { CARD, testProcessor } from '../testing.ts';

const CHALLENGE = { ...CARD, number: '4000000000003220' };
const DECLINE_AFTER = { ...CARD, number: '4000000000110116' };

describe('the bank check inside the fields page (embedded checkout)', () => {
  it('answers requires_action with the amount to show, approves only once the buyer answers with the form token, and charges once', async () => {
    const { token, charge, call, processor } = testProcessor();
    const form = await token();
    const res = await (await charge({ token: form, card: CHALLENGE })).json();
    expect(res).toEqual({ transactionId: expect.any(String), status: 'requires_action', brand: 'visa', last4: '3220', challenge: { amount: 700, currency: 'USD' } });
    // Nothing moved yet: the server API reads a transaction waiting for the buyer, with no page of its own.
    const before = await (await call('GET', `/v1/transactions/${res.transactionId}`)).json();
    expect(before).toMatchObject({ status: 'requires_action', capture: 'none', challengeUrl: null, threeDSecure: null });

    const answer = (body: unknown, id = res.transactionId) => call('POST', `/v1/charges/${id}/challenge`, body, {});
    // Another form's token, a made-up one or another transaction: not found, nothing changes.
    const other = await token();
    for (const [body, id] of [[{ token: other, result: 'approve' }], [{ token: 'sbx_tok_nope', result: 'approve' }], [{ token: form, result: 'approve' }, 'sbx_txn_nope']] as const) {
      expect((await answer(body, id)).status).toBe(404);
    }
    expect((await answer({ token: form, result: 'maybe' })).status).toBe(400);
    expect((await (await call('GET', `/v1/transactions/${res.transactionId}`)).json()).status).toBe('requires_action');

    const done = await answer({ token: form, result: 'approve' });
    expect(await done.json()).toEqual({ transactionId: res.transactionId, status: 'approved', brand: 'visa', last4: '3220' });
    expect(await (await call('GET', `/v1/transactions/${res.transactionId}`)).json()).toMatchObject({
      status: 'approved',
      capture: 'settled',
      threeDSecure: { outcome: 'authenticated', method: 'challenge' },
    });
    // Answered once: a second answer changes nothing.
    expect((await answer({ token: form, result: 'fail' })).status).toBe(409);
    expect((processor.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get() as { n: number }).n).toBe(1);
  });

  it('declines, generically, when the buyer fails the check or the card declines after it', async () => {
    const { token, charge, call } = testProcessor();
    for (const [card, result] of [[CHALLENGE, 'fail'], [DECLINE_AFTER, 'approve']] as const) {
      const form = await token();
      const { transactionId } = await (await charge({ token: form, card })).json();
      const done = await (await call('POST', `/v1/charges/${transactionId}/challenge`, { token: form, result }, {})).json();
      expect(done).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
    }
  });

  it('keeps the redirect check for a form with a return URL: its bank page, not the fields page', async () => {
    const { call, charge } = testProcessor();
    const withReturn = (await (await call('POST', '/v1/client_tokens', { sessionId: 'cs_1', livemode: false, amount: 700, currency: 'USD', returnUrl: 'http://localhost:4242/back' })).json()).token as string;
    const res = await (await charge({ token: withReturn, card: CHALLENGE })).json();
    expect(res.status).toBe('requires_action');
    expect(res.challenge).toBeUndefined();
    expect((await call('POST', `/v1/charges/${res.transactionId}/challenge`, { token: withReturn, result: 'approve' }, {})).status).toBe(404);
  });
});
