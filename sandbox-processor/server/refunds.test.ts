import { describe, expect, it } from 'vitest';
import { CARD, serverAuth, testClock, testProcessor } from '../testing.ts';

const card = (number: string) => ({ ...CARD, number });

describe('sandbox refunds', () => {
  it('refunds in parts up to what was captured, once per reference, and finds a refund by its reference', async () => {
    const { direct, call, count } = testProcessor();
    const t = (await direct({ card: CARD })).body;
    const first = await call('POST', '/v1/refunds', { transactionId: t.id, amount: 300, reference: 'rf_1' });
    expect(first.status).toBe(201);
    const r1 = await first.json();
    expect(r1).toMatchObject({ status: 'succeeded', amount: 300, currency: 'USD', transactionId: t.id, reference: 'rf_1', failureCode: null });
    const replay = await call('POST', '/v1/refunds', { transactionId: t.id, amount: 300, reference: 'rf_1' });
    expect(replay.status).toBe(200);
    expect((await replay.json()).id).toBe(r1.id);
    const reused = await call('POST', '/v1/refunds', { transactionId: t.id, amount: 200, reference: 'rf_1' });
    expect(reused.status).toBe(409);
    expect((await reused.json()).code).toBe('reference_reused');
    const over = await call('POST', '/v1/refunds', { transactionId: t.id, amount: 401, reference: 'rf_2' });
    expect(over.status).toBe(409);
    expect((await over.json()).code).toBe('amount_exceeds_captured');
    expect((await call('POST', '/v1/refunds', { transactionId: t.id, amount: 400, reference: 'rf_2' })).status).toBe(201);
    expect(count('SELECT count(*) AS n FROM refunds')).toBe(2);
    expect(await (await call('GET', '/v1/refunds?reference=rf_1')).json()).toEqual(r1);
    expect((await call('GET', '/v1/refunds?reference=rf_9')).status).toBe(404);
    expect((await call('GET', '/v1/refunds?reference=rf_1', undefined, serverAuth('another_merchant'))).status).toBe(404);
  });

  it('20 concurrent refunds never refund more than was captured', async () => {
    const { direct, call, count } = testProcessor();
    const t = (await direct({ card: CARD })).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', '/v1/refunds', { transactionId: t.id, amount: 100, reference: `rf_${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(7);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(13);
    expect(count(`SELECT SUM(amount) AS n FROM refunds WHERE status != 'failed'`)).toBe(700);
  });

  it('refuses an uncaptured, voided, declined or unknown transaction, recording nothing', async () => {
    const { direct, call, count } = testProcessor();
    const auth = (await direct({ card: CARD, capture: false })).body;
    const declined = (await direct({ card: card('4000000000000002') })).body;
    for (const id of [auth.id, declined.id]) {
      const res = await call('POST', '/v1/refunds', { transactionId: id, amount: 100, reference: `rf_${id}` });
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe('not_captured');
    }
    const other = await direct({ card: CARD }, serverAuth('another_merchant'));
    expect((await call('POST', '/v1/refunds', { transactionId: other.body.id, amount: 100, reference: 'rf_x' })).status).toBe(404);
    expect((await call('POST', '/v1/refunds', { transactionId: auth.id, amount: 0, reference: 'rf_0' })).status).toBe(400);
    expect(count('SELECT count(*) AS n FROM refunds')).toBe(0);
  });

  it('0082 refunds answer 202 pending and succeed on refund.succeeded, by refund id or by the transaction', async () => {
    const { direct, call, count } = testProcessor();
    const t = (await direct({ card: card('4000000000110082') })).body;
    const res = await call('POST', '/v1/refunds', { transactionId: t.id, amount: 200, reference: 'rf_1' });
    expect(res.status).toBe(202);
    const r = await res.json();
    expect(r.status).toBe('pending');
    // A pending refund holds its amount: 500 is all that is left.
    expect((await call('POST', '/v1/refunds', { transactionId: t.id, amount: 501, reference: 'rf_2' })).status).toBe(409);
    const emitted = await call('POST', '/v1/events', { type: 'refund.succeeded', transactionId: t.id });
    expect(emitted.status).toBe(202);
    expect(await (await call('GET', '/v1/refunds?reference=rf_1')).json()).toMatchObject({ id: r.id, status: 'succeeded' });
    const contradicting = await call('POST', '/v1/events', { type: 'refund.failed', refundId: r.id });
    expect(contradicting.status).toBe(409);
    expect(count("SELECT count(*) AS n FROM events WHERE type LIKE 'refund.%'")).toBe(1);
  });

  it('5126 refunds fail 60 seconds of clock later, or at once on refund.failed, and free their amount', async () => {
    const clock = testClock();
    const { direct, call, count } = testProcessor({ now: clock.now });
    const t = (await direct({ card: card('4000000000005126') })).body;
    const r = await (await call('POST', '/v1/refunds', { transactionId: t.id, amount: 700, reference: 'rf_1' })).json();
    expect(r.status).toBe('pending');
    clock.advance(59);
    await call('POST', '/v1/_run_due');
    expect((await (await call('GET', '/v1/refunds?reference=rf_1')).json()).status).toBe('pending');
    clock.advance(1);
    await call('POST', '/v1/_run_due');
    expect(await (await call('GET', '/v1/refunds?reference=rf_1')).json()).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
    expect(count("SELECT count(*) AS n FROM events WHERE type = 'refund.failed'")).toBe(1);

    const again = await (await call('POST', '/v1/refunds', { transactionId: t.id, amount: 700, reference: 'rf_2' })).json();
    expect(again.status).toBe('pending');
    await call('POST', '/v1/events', { type: 'refund.failed', refundId: again.id });
    expect(await (await call('GET', '/v1/refunds?reference=rf_2')).json()).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
    clock.advance(120);
    await call('POST', '/v1/_run_due');
    expect(count("SELECT count(*) AS n FROM events WHERE type = 'refund.failed'")).toBe(2);
  });

  it('a dispute event makes later refunds fail with refund_declined; won and lost are recorded', async () => {
    const { direct, call, count } = testProcessor();
    const t = (await direct({ card: CARD })).body;
    expect((await call('POST', '/v1/events', { type: 'dispute.created', transactionId: t.id })).status).toBe(202);
    const r = await (await call('POST', '/v1/refunds', { transactionId: t.id, amount: 100, reference: 'rf_1' })).json();
    expect(r).toMatchObject({ status: 'failed', failureCode: 'refund_declined' });
    await call('POST', '/v1/events', { type: 'dispute.lost', transactionId: t.id });
    expect((await (await call('GET', `/v1/transactions/${t.id}`)).json()).dispute.status).toBe('lost');
    expect(count("SELECT count(*) AS n FROM events WHERE type LIKE 'dispute.%'")).toBe(2);
  });

  it('refuses events it cannot apply: no target, an unknown or foreign id, an uncaptured transaction', async () => {
    const { direct, call, count } = testProcessor();
    const auth = (await direct({ card: CARD, capture: false })).body;
    expect((await call('POST', '/v1/events', { type: 'capture.settled' })).status).toBe(400);
    expect((await call('POST', '/v1/events', { type: 'dispute.created', transactionId: 'sbx_txn_nope' })).status).toBe(404);
    expect((await call('POST', '/v1/events', { type: 'dispute.created', transactionId: auth.id }, serverAuth('another_merchant'))).status).toBe(404);
    expect((await call('POST', '/v1/events', { type: 'dispute.created', transactionId: auth.id })).status).toBe(409);
    expect((await call('POST', '/v1/events', { type: 'refund.succeeded', transactionId: auth.id })).status).toBe(404);
    expect((await call('POST', '/v1/events', { type: 'charge.refunded', transactionId: auth.id })).status).toBe(400);
    expect(count('SELECT count(*) AS n FROM events')).toBe(0);
  });
});
