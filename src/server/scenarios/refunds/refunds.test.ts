/**
 * `POST /v1/refunds` (Doc 2, Refunds; Doc 3 test cards 0074, 0082, 5126, 0259): what a merchant
 * reads back for every outcome and constraint.
 */
import { describe, expect, it } from 'vitest';
import { Json, bearer, body, newId, world } from './fixtures.ts';

describe('POST /v1/refunds: synchronous refunds', () => {
  it('refunds part of a succeeded intent: 201 succeeded, one row, one charge.refunded with the totals', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const res = await w.refund({ payment_intent: pi.id, amount: 300, currency: 'usd', reason: 'requested_by_customer', metadata: { order: 'A1', email: 'x@example.com' } }, 'rf-1');
    expect(res.status).toBe(201);
    const r = await body(res);
    expect(r).toMatchObject({ object: 'refund', payment_intent: pi.id, transaction: null, amount: 300, currency: 'USD', status: 'succeeded', reason: 'requested_by_customer', idempotent: false });
    expect(r.id).toMatch(/^vpr_test_/);
    // PII-like metadata keys are dropped before storage (Doc 1, Metadata filtering).
    expect(r.metadata).toEqual({ order: 'A1' });
    expect((await w.t.count('refunds'))).toBe(1);
    const [ev] = (await w.events('charge.refunded'));
    expect(ev).toMatchObject({
      payment_intent_id: pi.id,
      vp_tx_id: pi.vp_tx_id,
      refund_id: r.id,
      amount: 300,
      refund_amount: 300,
      amount_refunded_total: 300,
      currency: 'USD',
      reason: 'requested_by_customer',
      is_partial: true,
      original_charge_amount: 1000,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(ev!.transaction_id).not.toMatch(/^vp_tx_/);
    expect((await body(await w.get(`/v1/payment_intents/${pi.id}`))) as Json).toMatchObject({ status: 'succeeded', amount_refunded: 300, remaining_refundable: 700, refundable: true });
  });

  it('answers without idempotent when no key is sent', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 100 }));
    expect(r.status).toBe('succeeded');
    expect('idempotent' in r).toBe(false);
  });

  it('refunds partially up to the balance, then refuses with remaining_refundable and writes nothing', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    for (const [i, amount] of [400, 400, 200].entries()) expect((await w.refund({ payment_intent: pi.id, amount }, `p-${i}`)).status).toBe(201);
    const over = await w.refund({ payment_intent: pi.id, amount: 1 }, 'p-over');
    expect(over.status).toBe(422);
    expect(await body(over)).toMatchObject({ code: 'refund_amount_exceeds_remaining', remaining_refundable: 0 });
    expect((await w.t.count('refunds'))).toBe(3);
    expect((await w.events('charge.refunded')).map((e) => e.amount_refunded_total)).toEqual([400, 800, 1000]);
    expect((await w.events('charge.refunded')).map((e) => e.is_partial)).toEqual([true, true, true]);
  });

  it('refuses an amount above the remainder with the remainder in the envelope', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    await w.refund({ payment_intent: pi.id, amount: 250 }, 'a');
    const res = await w.refund({ payment_intent: pi.id, amount: 751 }, 'b');
    expect(await body(res)).toMatchObject({ code: 'refund_amount_exceeds_remaining', remaining_refundable: 750 });
    expect((await w.t.count('refunds'))).toBe(1);
    expect(w.processorRefunds().n).toBe(1);
  });

  it('refunds the full remainder when amount is omitted', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    await w.refund({ payment_intent: pi.id, amount: 250 }, 'a');
    const r = await body(await w.refund({ payment_intent: pi.id }, 'b'));
    expect(r).toMatchObject({ amount: 750, status: 'succeeded' });
    const [, last] = (await w.events('charge.refunded'));
    expect(last).toMatchObject({ amount_refunded_total: 1000, original_charge_amount: 1000, is_partial: true });
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ amount_refunded: 1000, remaining_refundable: 0, refundable: false });
    // Nothing left: a full refund without amount is refused too.
    expect(await body(await w.refund({ payment_intent: pi.id }, 'c'))).toMatchObject({ code: 'refund_amount_exceeds_remaining', remaining_refundable: 0 });
  });

  it('a full refund in one go is not partial', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    await w.refund({ payment_intent: pi.id }, 'full');
    expect((await w.events('charge.refunded'))[0]).toMatchObject({ amount: 1000, is_partial: false, amount_refunded_total: 1000 });
  });

  it('refunds by transaction (vp_tx): transaction set, payment_intent null, listed under both ids', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const byTx = await body(await w.refund({ transaction: pi.vp_tx_id, amount: 100 }, 'tx'));
    expect(byTx).toMatchObject({ transaction: pi.vp_tx_id, payment_intent: null, status: 'succeeded' });
    const byPi = await body(await w.refund({ payment_intent: pi.id, amount: 200 }, 'pi'));
    for (const q of [`payment_intent=${pi.id}`, `transaction=${pi.vp_tx_id}`]) {
      const { body: l } = await w.list(q);
      expect(l.data.map((x: Json) => x.id)).toEqual([byPi.id, byTx.id]);
      expect(l).toMatchObject({ object: 'list', has_more: false, next_cursor: null, amount_refunded: 300, remaining_refundable: 700, refundable: true });
    }
  });

  it('takes the currency in any case and refuses another one, writing nothing', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const bad = await w.refund({ payment_intent: pi.id, amount: 100, currency: 'eur' }, 'cur-1');
    expect(bad.status).toBe(422);
    expect((await body(bad)).code).toBe('refund_currency_mismatch');
    expect((await w.t.count('refunds'))).toBe(0);
    expect((await w.t.count('payment_attempts'))).toBe(1);
    expect((await w.refund({ payment_intent: pi.id, amount: 100, currency: 'Usd' }, 'cur-2')).status).toBe(201);
  });

  it('refuses an intent that is not succeeded with payment_intent and current_status', async () => {
    const w = await world();
    const pi = await w.pay(1000, '4242', { capture_method: 'manual' });
    expect(pi.status).toBe('authorized');
    const res = await w.refund({ payment_intent: pi.id, amount: 100 }, 'auth');
    expect(res.status).toBe(422);
    expect(await body(res)).toMatchObject({ code: 'refund_intent_not_refundable', payment_intent: pi.id, current_status: 'authorized' });
    expect((await w.t.count('refunds'))).toBe(0);
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ data: [], amount_refunded: 0, remaining_refundable: 0, refundable: false });
  });

  it('answers 404 refund_not_found for an unknown id, another merchant’s payment or the other mode', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const other = await w.t.merchant();
    const foreign = await w.t.json('POST', '/v1/refunds', { payment_intent: pi.id, amount: 1 }, bearer(other.keys.secret));
    expect(foreign.status).toBe(404);
    expect((await body(foreign)).code).toBe('refund_not_found');
    const foreignList = await w.t.json('GET', `/v1/refunds?transaction=${pi.vp_tx_id}`, undefined, bearer(other.keys.secret));
    expect((await body(foreignList)).code).toBe('refund_not_found');
    for (const b of [{ payment_intent: 'vpi_test_nothing' }, { transaction: 'vp_tx_test_nothing' }]) {
      expect((await body(await w.refund(b))).code).toBe('refund_not_found');
    }
    // The same merchant's live key does not reach its test-mode payment.
    const liveKey = newId.secretKey(true);
    await w.t.deps.store.tx((r) => r.merchants.addKey(liveKey, w.m.merchant.id, 'secret', true, w.t.deps.clock.iso()));
    const live = await w.t.json('POST', '/v1/refunds', { payment_intent: pi.id, amount: 1 }, bearer(liveKey));
    expect([live.status, (await body(live)).code]).toEqual([404, 'refund_not_found']);
    const liveList = await w.t.json('GET', `/v1/refunds?payment_intent=${pi.id}`, undefined, bearer(liveKey));
    expect(liveList.status).toBe(404);
    expect((await w.t.count('refunds'))).toBe(0);
  });

  it('refuses both or neither parent with 400 validation_error, and bad amounts, writing nothing', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    for (const [b, code] of [
      [{ payment_intent: pi.id, transaction: pi.vp_tx_id, amount: 1 }, 'validation_error'],
      [{ amount: 1 }, 'validation_error'],
      [{ payment_intent: pi.id, amount: 0 }, 'validation_invalid_amount'],
      [{ payment_intent: pi.id, amount: 1.5 }, 'validation_invalid_amount'],
      [{ payment_intent: pi.id, reason: 'because' }, 'validation_error'],
      [{ payment_intent: pi.id, surprise: 1 }, 'validation_unknown_field'],
    ] as const) {
      const res = await w.refund(b as Json, `v-${JSON.stringify(b)}`);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect((await body(res)).code).toBe(code);
    }
    expect((await w.t.count('refunds'))).toBe(0);
    expect((await w.get('/v1/refunds')).status).toBe(400);
    expect((await w.get(`/v1/refunds?payment_intent=${pi.id}&transaction=${pi.vp_tx_id}`)).status).toBe(400);
  });

  it('replays the same key: 200, idempotent true, the same refund, no second refund', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const first = await w.refund({ payment_intent: pi.id, amount: 100 }, 'same');
    const again = await w.refund({ payment_intent: pi.id, amount: 100 }, 'same');
    expect(again.status).toBe(200);
    const [a, b] = [await body(first), await body(again)];
    expect(b).toEqual({ ...a, idempotent: true });
    expect((await w.t.count('refunds'))).toBe(1);
    expect(w.processorRefunds().n).toBe(1);
    expect((await w.events('charge.refunded'))).toHaveLength(1);
    // The same key for another refund is refused.
    expect((await body(await w.refund({ payment_intent: pi.id, amount: 200 }, 'same'))).code).toBe('idempotency_replay_incompatible');
    // The list shows the key as sent (trimmed) and when.
    const { body: l } = await w.list(`payment_intent=${pi.id}`);
    expect(l.data[0]).toMatchObject({ id: a.id, idempotency_key: 'same', created_at: expect.any(String) });
  });
});

describe('refunds and settlement, disputes (test cards 0074, 0259)', () => {
  it('0074: refund_before_settlement, not stored under its key, until an hour of clock; then the same request succeeds', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0074');
    expect(pi.status).toBe('succeeded');
    expect((await body(await w.get(`/v1/payment_intents/${pi.id}`))).refundable).toBe(false);
    const early = await w.refund({ payment_intent: pi.id, amount: 500 }, 'settle');
    expect(early.status).toBe(422);
    expect((await body(early)).code).toBe('refund_before_settlement');
    expect((await w.t.count('refunds'))).toBe(0);
    expect(w.processorRefunds().n).toBe(0);
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ refundable: false, remaining_refundable: 0 });
    await w.clock(3600);
    const later = await w.refund({ payment_intent: pi.id, amount: 500 }, 'settle');
    expect(later.status).toBe(201);
    expect(await body(later)).toMatchObject({ status: 'succeeded', amount: 500, idempotent: false });
  });

  it('0259: a dispute recorded 60 s later refuses refunds before the processor with current_status disputed', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0259');
    await w.clock(61);
    const res = await w.refund({ payment_intent: pi.id, amount: 100 }, 'dispute');
    expect(res.status).toBe(422);
    expect(await body(res)).toMatchObject({ code: 'refund_intent_not_refundable', payment_intent: pi.id, current_status: 'disputed' });
    expect((await w.t.count('refunds'))).toBe(0);
    expect(w.processorRefunds().n).toBe(0);
    // The intent still reads succeeded; it is just not refundable.
    expect(await body(await w.get(`/v1/payment_intents/${pi.id}`))).toMatchObject({ status: 'succeeded', refundable: false, remaining_refundable: 0 });
    // A lost dispute is a chargeback.
    await w.providerEvent('dispute.lost', { payment_intent: pi.id });
    expect(await body(await w.refund({ transaction: pi.vp_tx_id, amount: 100 }, 'lost'))).toMatchObject({ code: 'refund_intent_not_refundable', current_status: 'chargeback' });
  });

  it('0259 with disputeReporting not_tracked: nothing recorded, the processor declines: 422 refund_declined, refund recorded failed, key bound', async () => {
    const w = await world({ disputeReporting: 'not_tracked' });
    const pi = await w.pay(1000, '0259');
    await w.clock(61);
    const res = await w.refund({ payment_intent: pi.id, amount: 100 }, 'nt');
    expect(res.status).toBe(422);
    const err = await body(res);
    expect(err).toMatchObject({ code: 'refund_declined', payment_intent: pi.id, retry_available: null });
    expect(w.processorRefunds("status = 'failed'").n).toBe(1);
    const [failed] = (await w.events('refund.failed'));
    expect(failed).toMatchObject({ refund_id: err.refund, reason_code: 'refund_declined', retry_available: null, amount: 100, amount_refunded_total: 0 });
    // The key stays bound to the failed refund: a replay is 200 with status failed, nothing new.
    const again = await w.refund({ payment_intent: pi.id, amount: 100 }, 'nt');
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ id: err.refund, status: 'failed', idempotent: true });
    expect((await w.t.count('refunds'))).toBe(1);
    expect(w.processorRefunds().n).toBe(1);
    // A failed refund consumes nothing.
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ amount_refunded: 0, data: [{ status: 'failed' }] });
  });
});

describe('asynchronous refunds (test cards 0082, 5126)', () => {
  it('0082: 202 requested, then refund.succeeded from the provider: succeeded, one charge.refunded', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const res = await w.refund({ payment_intent: pi.id, amount: 400 }, 'async');
    expect(res.status).toBe(202);
    const r = await body(res);
    expect(r).toMatchObject({ status: 'requested', idempotent: false });
    expect((await w.events('charge.refunded'))).toHaveLength(0);
    // In progress counts: the balance is already taken.
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ amount_refunded: 400, remaining_refundable: 600 });
    expect((await w.providerEvent('refund.succeeded', { payment_intent: pi.id })).status).toBe(202);
    const { body: l } = await w.list(`payment_intent=${pi.id}`);
    expect(l.data[0]).toMatchObject({ id: r.id, status: 'succeeded' });
    const evs = (await w.events('charge.refunded'));
    expect(evs).toHaveLength(1);
    expect(evs[0]).toMatchObject({ refund_id: r.id, amount_refunded_total: 400, refund_amount: 400 });
    // A replay reads the state it reached since.
    const again = await w.refund({ payment_intent: pi.id, amount: 400 }, 'async');
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ id: r.id, status: 'succeeded', idempotent: true });
    // The event again (or the reconciler) changes nothing more.
    await w.clock(3600);
    expect((await w.events('charge.refunded'))).toHaveLength(1);
  });

  it('5126: 202 requested, then failed 60 s of clock later with refund.failed; the balance comes back', async () => {
    const w = await world();
    const pi = await w.pay(1000, '5126');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'fail'));
    expect(r.status).toBe('requested');
    await w.clock(30);
    expect((await w.list(`payment_intent=${pi.id}`)).body.data[0].status).toBe('requested');
    await w.clock(31);
    const { body: l } = await w.list(`payment_intent=${pi.id}`);
    expect(l).toMatchObject({ data: [{ id: r.id, status: 'failed' }], amount_refunded: 0, remaining_refundable: 1000, refundable: true });
    const evs = (await w.events('refund.failed'));
    expect(evs).toHaveLength(1);
    expect(evs[0]).toMatchObject({ refund_id: r.id, reason_code: 'refund_declined', retry_available: true, amount: 400, amount_refunded_total: 0, original_charge_amount: 1000 });
    expect((await w.events('charge.refunded'))).toHaveLength(0);
  });

  it('5126: a refund.failed provider event fails it at once', async () => {
    const w = await world();
    const pi = await w.pay(1000, '5126');
    const r = await body(await w.refund({ transaction: pi.vp_tx_id, amount: 1000 }, 'fail-now'));
    await w.providerEvent('refund.failed', { transaction: pi.vp_tx_id });
    expect((await w.list(`transaction=${pi.vp_tx_id}`)).body.data[0]).toMatchObject({ id: r.id, status: 'failed' });
    expect((await w.events('refund.failed'))).toHaveLength(1);
  });
});
