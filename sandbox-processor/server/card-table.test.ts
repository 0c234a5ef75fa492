import { describe, expect, it } from 'vitest';
import { testCards } from '../cards.ts';
import { CARD, testClock, testProcessor } from '../testing.ts';

const RETURN = 'http://localhost:4242/return';
const card = (number: string, extra: Partial<typeof CARD> & { postalCode?: string } = {}) => ({ ...CARD, number, ...extra });
const events = (count: (sql: string) => number, type: string) => count(`SELECT count(*) AS n FROM events WHERE type = '${type}'`);

describe('sandbox test-card table: charge outcomes', () => {
  it('declines every decline card with its code, blocked_by_rule with its rule code', async () => {
    const { direct } = testProcessor();
    const declines = testCards.filter((c) => c.behaviour.outcome === 'decline');
    expect(declines).toHaveLength(15);
    for (const c of declines) {
      const { status, body } = await direct({ card: card(c.number) });
      expect(status, c.number).toBe(201);
      expect(body.status).toBe('declined');
      expect(body.declineCode).toBe(c.behaviour.outcome === 'decline' && c.behaviour.code);
      expect(body.capture).toBe('none');
    }
    expect((await direct({ card: card('4000000000110033') })).body.ruleCode).toBe('sandbox_block');
    expect((await direct({ card: card('4000000000110041') })).body).toMatchObject({ declineCode: 'blocked_by_rule', ruleCode: null });
    expect((await direct({ card: card('4000000000000002') })).body.ruleCode).toBeNull();
  });

  it('approves and captures every plain card of every brand', async () => {
    const { direct } = testProcessor();
    for (const c of testCards.filter((c) => c.behaviour.outcome === 'approve')) {
      const { body } = await direct({ card: card(c.number, { cvc: c.brand === 'amex' ? '1234' : '123' }) });
      expect(body, c.number).toMatchObject({ status: 'approved', capture: 'settled', capturedAmount: 700, card: { brand: c.brand } });
    }
  });

  it('gives AVS and CVV results: 99999 and CVC 000 are no_match, no postal code no AVS, approval stands', async () => {
    const { direct } = testProcessor();
    expect((await direct({ card: card(CARD.number, { postalCode: '99999', cvc: '000' }) })).body).toMatchObject({
      status: 'approved',
      avsResult: 'no_match',
      cvvResult: 'no_match',
    });
    expect((await direct({ card: card(CARD.number, { postalCode: '10001' }) })).body).toMatchObject({ avsResult: 'match', cvvResult: 'match' });
    expect((await direct({ card: CARD })).body.avsResult).toBeNull();
  });

  it('3220 needs a bank challenge: requires_action with its challenge URL, refused without a returnUrl', async () => {
    const { direct, count } = testProcessor();
    const refused = await direct({ card: card('4000000000003220'), reference: 'att_1' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('missing_redirect_url');
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(0);
    const { status, body } = await direct({ card: card('4000000000003220'), reference: 'att_1', returnUrl: RETURN });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'requires_action', capture: 'none', challengeUrl: `http://127.0.0.1:4243/challenge/${body.id}`, threeDSecure: null });
  });

  it('a merchant-initiated charge gets no challenge and no CVV', async () => {
    const { direct } = testProcessor();
    const { body } = await direct({ card: card('4000000000003220'), merchantInitiated: true });
    expect(body).toMatchObject({ status: 'approved', challengeUrl: null, cvvResult: 'not_provided' });
  });

  it('3220 approved after the challenge is captured; 0116 declines whatever the buyer answers', async () => {
    const { direct, call } = testProcessor();
    const ok = (await direct({ card: card('4000000000003220'), returnUrl: RETURN })).body;
    const done = await (await call('POST', `/v1/transactions/${ok.id}/challenge`, { result: 'approve' })).json();
    expect(done).toMatchObject({ status: 'approved', capture: 'settled', capturedAmount: 700, challengeUrl: null, threeDSecure: { outcome: 'authenticated' } });
    expect((await call('POST', `/v1/transactions/${ok.id}/challenge`, { result: 'approve' })).status).toBe(409);

    const failed = (await direct({ card: card('4000000000003220'), returnUrl: RETURN })).body;
    expect(await (await call('POST', `/v1/transactions/${failed.id}/challenge`, { result: 'fail' })).json()).toMatchObject({
      status: 'declined',
      capture: 'none',
      threeDSecure: { outcome: 'failed' },
    });

    const later = (await direct({ card: card('4000000000110116'), returnUrl: RETURN })).body;
    expect(later.status).toBe('requires_action');
    expect(await (await call('POST', `/v1/transactions/${later.id}/challenge`, { result: 'approve' })).json()).toMatchObject({
      status: 'declined',
      declineCode: 'card_declined',
      capture: 'none',
    });
  });

  it('3220 authorized only (capture false) stays uncaptured after the challenge', async () => {
    const { direct, call } = testProcessor();
    const t = (await direct({ card: card('4000000000003220'), returnUrl: RETURN, capture: false })).body;
    expect(await (await call('POST', `/v1/transactions/${t.id}/challenge`, { result: 'approve' })).json()).toMatchObject({ status: 'approved', capture: 'none' });
  });

  it('0124 is frictionless: approved at once, authenticated', async () => {
    const { direct } = testProcessor();
    expect((await direct({ card: card('4000000000110124') })).body).toMatchObject({
      status: 'approved',
      challengeUrl: null,
      threeDSecure: { outcome: 'authenticated', method: 'frictionless' },
    });
  });

  it('0066 settles asynchronously: capture pending until capture.settled, refunds refused until then', async () => {
    const { direct, call, count } = testProcessor();
    const t = (await direct({ card: card('4000000000110066') })).body;
    expect(t).toMatchObject({ status: 'approved', capture: 'pending', capturedAmount: 700 });
    const early = await call('POST', '/v1/refunds', { transactionId: t.id, amount: 100, reference: 'rf_1' });
    expect((await early.json()).code).toBe('not_settled');
    const emitted = await call('POST', '/v1/events', { type: 'capture.settled', transactionId: t.id });
    expect(emitted.status).toBe(202);
    expect(await emitted.json()).toMatchObject({ type: 'capture.settled', delivered: false });
    expect((await (await call('GET', `/v1/transactions/${t.id}`)).json()).capture).toBe('settled');
    expect(events(count, 'capture.settled')).toBe(1);
    expect((await call('POST', '/v1/refunds', { transactionId: t.id, amount: 100, reference: 'rf_1' })).status).toBe(201);
  });

  it('0074 is not settled for one hour of clock: not_settled until then, a transaction.updated when it settles', async () => {
    const clock = testClock();
    const { direct, call, count } = testProcessor({ now: clock.now });
    const t = (await direct({ card: card('4000000000110074') })).body;
    expect(t).toMatchObject({ status: 'approved', capture: 'settled', settlesAt: '2030-01-01T01:00:00.000Z' });
    clock.advance(3599);
    const early = await call('POST', '/v1/refunds', { transactionId: t.id, amount: 700, reference: 'rf_1' });
    expect(early.status).toBe(409);
    expect((await early.json()).code).toBe('not_settled');
    expect(count('SELECT count(*) AS n FROM refunds')).toBe(0);
    await call('POST', '/v1/_run_due');
    expect(events(count, 'transaction.updated')).toBe(0);
    clock.advance(1);
    expect(await (await call('POST', '/v1/_run_due')).json()).toEqual({ processed: 1 });
    expect(events(count, 'transaction.updated')).toBe(1);
    expect((await (await call('GET', `/v1/transactions/${t.id}`)).json()).settlesAt).toBeNull();
    expect((await call('POST', '/v1/refunds', { transactionId: t.id, amount: 700, reference: 'rf_1' })).status).toBe(201);
    await call('POST', '/v1/_run_due');
    expect(events(count, 'transaction.updated')).toBe(1);
  });

  it('0259 opens a dispute 60 seconds of clock after the charge, and its refunds are declined', async () => {
    const clock = testClock();
    const { direct, call, count } = testProcessor({ now: clock.now });
    const t = (await direct({ card: card('4000000000000259') })).body;
    expect(t.dispute).toBeNull();
    clock.advance(59);
    await call('POST', '/v1/_run_due');
    expect(events(count, 'dispute.created')).toBe(0);
    clock.advance(1);
    await call('POST', '/v1/_run_due');
    expect(events(count, 'dispute.created')).toBe(1);
    expect((await (await call('GET', `/v1/transactions/${t.id}`)).json()).dispute).toEqual({ status: 'open', openedAt: '2030-01-01T00:01:00.000Z' });
    const res = await call('POST', '/v1/refunds', { transactionId: t.id, amount: 100, reference: 'rf_1' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
    await call('POST', '/v1/_run_due');
    expect(events(count, 'dispute.created')).toBe(1);
  });

  it('0090 records the charge but loses the answer (502, no usable body); a lookup by reference finds it', async () => {
    const { direct, call, count } = testProcessor();
    const lost = await direct({ card: card('4000000000110090'), reference: 'att_lost' });
    expect(lost.status).toBe(502);
    expect(() => JSON.parse(lost.body)).toThrow();
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(1);
    const found = await (await call('GET', '/v1/transactions?reference=att_lost')).json();
    expect(found).toMatchObject({ status: 'approved', capture: 'settled', capturedAmount: 700 });
    // A retry of the reference gets the recorded charge, never a second one.
    expect((await direct({ card: card('4000000000110090'), reference: 'att_lost' })).body.id).toBe(found.id);
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(1);
  });

  it('0090 authorized only: the capture is recorded but its answer is lost', async () => {
    const { direct, call } = testProcessor();
    const t = (await direct({ card: card('4000000000110090'), capture: false })).body;
    expect(t).toMatchObject({ status: 'approved', capture: 'none' });
    const res = await call('POST', `/v1/transactions/${t.id}/capture`, { amount: 700, reference: 'cap_1' });
    expect(res.status).toBe(502);
    expect((await (await call('GET', `/v1/transactions/${t.id}`)).json()).capture).toBe('settled');
  });

  it('0108: the processor is unavailable, 503 and nothing recorded, by card, by vault and in the browser', async () => {
    const { direct, count, vault, token, charge } = testProcessor();
    const byCard = await direct({ card: card('4000000000110108'), reference: 'att_down' });
    expect(byCard.status).toBe(503);
    expect(byCard.body.code).toBe('provider_unavailable');
    const vaultId = await vault('tok_sandbox_visa_0108');
    expect((await direct({ vaultId, reference: 'att_down' })).status).toBe(503);
    const tok = await token();
    expect((await charge({ token: tok, card: card('4000000000110108') })).status).toBe(503);
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(0);
    expect(count('SELECT count(*) AS n FROM tokens WHERE used_by IS NOT NULL')).toBe(0);
    expect((await charge({ token: tok, card: CARD })).status).toBe(200);
  });
});

describe('sandbox capture and void', () => {
  it('captures part of an authorization once per reference, refusing more than authorized or a second capture', async () => {
    const { direct, call } = testProcessor();
    const t = (await direct({ card: CARD, capture: false })).body;
    expect(t).toMatchObject({ status: 'approved', capture: 'none', capturedAmount: 0 });
    const over = await call('POST', `/v1/transactions/${t.id}/capture`, { amount: 701, reference: 'cap_1' });
    expect(over.status).toBe(400);
    expect((await over.json()).code).toBe('amount_exceeds_authorized');
    const first = await call('POST', `/v1/transactions/${t.id}/capture`, { amount: 500, reference: 'cap_1' });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ capture: 'settled', capturedAmount: 500 });
    const replay = await call('POST', `/v1/transactions/${t.id}/capture`, { amount: 500, reference: 'cap_1' });
    expect(replay.status).toBe(200);
    const again = await call('POST', `/v1/transactions/${t.id}/capture`, { amount: 200, reference: 'cap_2' });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('invalid_state');
    // Refunds are bounded by what was captured, not what was authorized.
    expect((await call('POST', '/v1/refunds', { transactionId: t.id, amount: 501, reference: 'rf' })).status).toBe(409);
  });

  it('voids only before capture, and a voided authorization cannot be captured', async () => {
    const { direct, call } = testProcessor();
    const auth = (await direct({ card: CARD, capture: false })).body;
    expect(await (await call('POST', `/v1/transactions/${auth.id}/void`, { reference: 'void_1' })).json()).toMatchObject({ capture: 'voided' });
    expect((await call('POST', `/v1/transactions/${auth.id}/void`, { reference: 'void_1' })).status).toBe(200);
    expect((await call('POST', `/v1/transactions/${auth.id}/capture`, { amount: 700, reference: 'cap_1' })).status).toBe(409);
    const sale = (await direct({ card: CARD })).body;
    const late = await call('POST', `/v1/transactions/${sale.id}/void`, { reference: 'void_2' });
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe('invalid_state');
    const declined = (await direct({ card: card('4000000000000002'), capture: false })).body;
    expect((await call('POST', `/v1/transactions/${declined.id}/capture`, { amount: 700, reference: 'cap_3' })).status).toBe(409);
  });

  it("keeps another account's transaction unknown to capture and void", async () => {
    const { direct, call } = testProcessor();
    const t = (await direct({ card: CARD, capture: false })).body;
    const other = { Authorization: 'Bearer sbx_sk_test_only', 'Sandbox-Account': 'another' };
    expect((await call('POST', `/v1/transactions/${t.id}/capture`, { amount: 700, reference: 'c' }, other)).status).toBe(404);
    expect((await call('POST', `/v1/transactions/${t.id}/void`, { reference: 'v' }, other)).status).toBe(404);
    expect((await (await call('GET', `/v1/transactions/${t.id}`)).json()).capture).toBe('none');
  });
});
