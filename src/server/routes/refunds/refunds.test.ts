/**
 * Refunds through the HTTP app (Doc 2, "Refund", `POST`/`GET /v1/refunds`, `charge.refunded` and
 * `refund.failed`; Doc 3 decisions and the test cards 0074, 0082, 5126, 0259).
 */
import { describe, expect, it } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { ProcessorUnavailableError } from '../../processors/types.ts';
import { newId } from '../../ids.ts';
import { applyRefundEvent } from '../../engine/refunds.ts';
import { SERVICE } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

type T = Awaited<ReturnType<typeof testApp>>;
type Json = Record<string, any>;

async function world(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant({ settings });
  const auth = bearer(m.keys.secret);
  const post = (path: string, body: unknown, key?: string) => t.json('POST', path, body, { ...auth, ...(key ? { 'Idempotency-Key': key } : {}) });
  const get = (path: string) => t.json('GET', path, undefined, auth);
  /** A succeeded (or, with `manual`, authorized) intent of `amount` paid with the sandbox card `last4`. */
  const pay = async (amount = 1000, last4 = '4242', extra: Json = {}) => {
    const tok = await post('/v1/tokens', { provider_reference: `tok_sandbox_visa_${last4}` });
    expect(tok.status).toBe(201);
    const { id } = (await tok.json()) as Json;
    const res = await post('/v1/payment_intents', { amount, currency: 'usd', payment_method: { id }, ...extra });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };
  const refund = (body: Json, key?: string) => post('/v1/refunds', body, key);
  const list = async (q: string) => {
    const res = await get(`/v1/refunds?${q}`);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const clock = (advanceSeconds: number) => t.json('POST', '/_sandbox/clock', { advanceSeconds });
  const providerEvent = (type: string, ref: Json) => t.json('POST', '/_sandbox/provider_events', { type, ...ref });
  const events = (type: string) =>
    (t.store.db.prepare('SELECT data FROM events WHERE merchant_id = ? AND type = ? ORDER BY created, rowid').all(m.merchant.id, type) as { data: string }[]).map((e) => JSON.parse(e.data) as Json);
  const processorRefunds = (where = '1 = 1') => (t.sandbox.db.prepare(`SELECT count(*) AS n, coalesce(sum(amount), 0) AS total FROM refunds WHERE ${where}`).get() as { n: number; total: number });
  return { t, m, auth, post, get, pay, refund, list, clock, providerEvent, events, processorRefunds };
}

const body = async (res: Response) => (await res.json()) as Json;

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
    expect(w.t.count('refunds')).toBe(1);
    const [ev] = w.events('charge.refunded');
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
    expect(w.t.count('refunds')).toBe(3);
    expect(w.events('charge.refunded').map((e) => e.amount_refunded_total)).toEqual([400, 800, 1000]);
    expect(w.events('charge.refunded').map((e) => e.is_partial)).toEqual([true, true, true]);
  });

  it('refuses an amount above the remainder with the remainder in the envelope', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    await w.refund({ payment_intent: pi.id, amount: 250 }, 'a');
    const res = await w.refund({ payment_intent: pi.id, amount: 751 }, 'b');
    expect(await body(res)).toMatchObject({ code: 'refund_amount_exceeds_remaining', remaining_refundable: 750 });
    expect(w.t.count('refunds')).toBe(1);
    expect(w.processorRefunds().n).toBe(1);
  });

  it('refunds the full remainder when amount is omitted', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    await w.refund({ payment_intent: pi.id, amount: 250 }, 'a');
    const r = await body(await w.refund({ payment_intent: pi.id }, 'b'));
    expect(r).toMatchObject({ amount: 750, status: 'succeeded' });
    const [, last] = w.events('charge.refunded');
    expect(last).toMatchObject({ amount_refunded_total: 1000, original_charge_amount: 1000, is_partial: true });
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ amount_refunded: 1000, remaining_refundable: 0, refundable: false });
    // Nothing left: a full refund without amount is refused too.
    expect(await body(await w.refund({ payment_intent: pi.id }, 'c'))).toMatchObject({ code: 'refund_amount_exceeds_remaining', remaining_refundable: 0 });
  });

  it('a full refund in one go is not partial', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    await w.refund({ payment_intent: pi.id }, 'full');
    expect(w.events('charge.refunded')[0]).toMatchObject({ amount: 1000, is_partial: false, amount_refunded_total: 1000 });
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
    expect(w.t.count('refunds')).toBe(0);
    expect(w.t.count('payment_attempts')).toBe(1);
    expect((await w.refund({ payment_intent: pi.id, amount: 100, currency: 'Usd' }, 'cur-2')).status).toBe(201);
  });

  it('refuses an intent that is not succeeded with payment_intent and current_status', async () => {
    const w = await world();
    const pi = await w.pay(1000, '4242', { capture_method: 'manual' });
    expect(pi.status).toBe('authorized');
    const res = await w.refund({ payment_intent: pi.id, amount: 100 }, 'auth');
    expect(res.status).toBe(422);
    expect(await body(res)).toMatchObject({ code: 'refund_intent_not_refundable', payment_intent: pi.id, current_status: 'authorized' });
    expect(w.t.count('refunds')).toBe(0);
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
    expect(w.t.count('refunds')).toBe(0);
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
    expect(w.t.count('refunds')).toBe(0);
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
    expect(w.t.count('refunds')).toBe(1);
    expect(w.processorRefunds().n).toBe(1);
    expect(w.events('charge.refunded')).toHaveLength(1);
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
    expect(w.t.count('refunds')).toBe(0);
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
    expect(w.t.count('refunds')).toBe(0);
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
    const [failed] = w.events('refund.failed');
    expect(failed).toMatchObject({ refund_id: err.refund, reason_code: 'refund_declined', retry_available: null, amount: 100, amount_refunded_total: 0 });
    // The key stays bound to the failed refund: a replay is 200 with status failed, nothing new.
    const again = await w.refund({ payment_intent: pi.id, amount: 100 }, 'nt');
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ id: err.refund, status: 'failed', idempotent: true });
    expect(w.t.count('refunds')).toBe(1);
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
    expect(w.events('charge.refunded')).toHaveLength(0);
    // In progress counts: the balance is already taken.
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ amount_refunded: 400, remaining_refundable: 600 });
    expect((await w.providerEvent('refund.succeeded', { payment_intent: pi.id })).status).toBe(202);
    const { body: l } = await w.list(`payment_intent=${pi.id}`);
    expect(l.data[0]).toMatchObject({ id: r.id, status: 'succeeded' });
    const evs = w.events('charge.refunded');
    expect(evs).toHaveLength(1);
    expect(evs[0]).toMatchObject({ refund_id: r.id, amount_refunded_total: 400, refund_amount: 400 });
    // A replay reads the state it reached since.
    const again = await w.refund({ payment_intent: pi.id, amount: 400 }, 'async');
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ id: r.id, status: 'succeeded', idempotent: true });
    // The event again (or the reconciler) changes nothing more.
    await w.clock(3600);
    expect(w.events('charge.refunded')).toHaveLength(1);
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
    const evs = w.events('refund.failed');
    expect(evs).toHaveLength(1);
    expect(evs[0]).toMatchObject({ refund_id: r.id, reason_code: 'refund_declined', retry_available: true, amount: 400, amount_refunded_total: 0, original_charge_amount: 1000 });
    expect(w.events('charge.refunded')).toHaveLength(0);
  });

  it('5126: a refund.failed provider event fails it at once', async () => {
    const w = await world();
    const pi = await w.pay(1000, '5126');
    const r = await body(await w.refund({ transaction: pi.vp_tx_id, amount: 1000 }, 'fail-now'));
    await w.providerEvent('refund.failed', { transaction: pi.vp_tx_id });
    expect((await w.list(`transaction=${pi.vp_tx_id}`)).body.data[0]).toMatchObject({ id: r.id, status: 'failed' });
    expect(w.events('refund.failed')).toHaveLength(1);
  });
});

describe('money safety', () => {
  it('50 concurrent partial refunds under different keys never exceed the captured amount, here or at the processor', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    // Our own reservation is the guard: no refund beyond the balance even reaches the processor.
    let calls = 0;
    const real = w.t.processor.refund.bind(w.t.processor);
    w.t.processor.refund = async (m, req) => {
      calls++;
      await new Promise((res) => setTimeout(res, 1));
      return real(m, req);
    };
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => w.refund({ payment_intent: pi.id, amount: 30 }, `c-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(33);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 422)).toBe(true);
    expect(calls).toBe(33);
    const committed = w.t.store.db.prepare("SELECT count(*) AS n, sum(amount) AS total FROM refunds WHERE status IN ('succeeded','requested')").get() as { n: number; total: number };
    expect(committed.total).toBeLessThanOrEqual(1000);
    expect(committed).toEqual({ n: 33, total: 990 });
    expect(w.processorRefunds()).toEqual({ n: 33, total: 990 });
    expect(w.t.count('refunds')).toBe(33);
    expect((await w.list(`payment_intent=${pi.id}&limit=100`)).body).toMatchObject({ amount_refunded: 990, remaining_refundable: 10 });
  });

  it('an unknown outcome: 502 provider_unavailable, the row stays requested, the reconciler resolves it to succeeded', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const real = w.t.processor.refund.bind(w.t.processor);
    w.t.processor.refund = async (m, req) => {
      await real(m, req);
      throw new ProcessorUnavailableError('answer lost');
    };
    const res = await w.refund({ payment_intent: pi.id, amount: 300 }, 'lost');
    expect(res.status).toBe(502);
    const err = await body(res);
    expect(err.code).toBe('provider_unavailable');
    w.t.processor.refund = real;
    const { body: l } = await w.list(`payment_intent=${pi.id}`);
    expect(l).toMatchObject({ data: [{ id: err.refund, status: 'requested' }], amount_refunded: 300 });
    expect(w.processorRefunds().n).toBe(1);
    // The key stays bound to it: the same request does not refund again.
    const same = await w.refund({ payment_intent: pi.id, amount: 300 }, 'lost');
    expect(same.status).toBe(200);
    expect(await body(same)).toMatchObject({ id: err.refund, status: 'requested', idempotent: true });
    expect(w.processorRefunds().n).toBe(1);
    await w.clock(20);
    expect((await w.list(`payment_intent=${pi.id}`)).body.data[0]).toMatchObject({ id: err.refund, status: 'succeeded' });
    expect(w.events('charge.refunded')).toEqual([expect.objectContaining({ refund_id: err.refund, amount_refunded_total: 300 })]);
    expect(w.t.store.db.prepare("SELECT state FROM payment_attempts WHERE kind = 'refund'").all()).toEqual([{ state: 'done' }]);
  });

  it('a refund the processor never received: canceled by the reconciler after the grace period, consuming nothing', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const real = w.t.processor.refund.bind(w.t.processor);
    w.t.processor.refund = async () => {
      throw new ProcessorUnavailableError('timeout');
    };
    const err = await body(await w.refund({ payment_intent: pi.id, amount: 300 }, 'never'));
    expect(err.code).toBe('provider_unavailable');
    w.t.processor.refund = real;
    await w.clock(60);
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ data: [{ status: 'requested' }], amount_refunded: 300 });
    await w.clock(120);
    expect((await w.list(`payment_intent=${pi.id}`)).body).toMatchObject({ data: [{ id: err.refund, status: 'canceled' }], amount_refunded: 0, remaining_refundable: 1000 });
    // Its key stays bound: the replay answers canceled (issue again under a NEW key).
    const again = await w.refund({ payment_intent: pi.id, amount: 300 }, 'never');
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ id: err.refund, status: 'canceled', idempotent: true });
    expect(w.processorRefunds().n).toBe(0);
    expect(w.events('charge.refunded')).toHaveLength(0);
    expect(w.events('refund.failed')).toHaveLength(0);
  });

  it('the processor saying it processed nothing leaves no refund and frees the key', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const real = w.t.processor.refund.bind(w.t.processor);
    w.t.processor.refund = async () => {
      throw new ProcessorUnavailableError('503', true);
    };
    const res = await w.refund({ payment_intent: pi.id, amount: 300 }, 'nothing');
    expect(res.status).toBe(502);
    expect((await body(res)).code).toBe('provider_unavailable');
    expect(w.t.count('refunds')).toBe(0);
    w.t.processor.refund = real;
    expect((await w.refund({ payment_intent: pi.id, amount: 300 }, 'nothing')).status).toBe(201);
  });
});

describe('GET /v1/refunds', () => {
  it('pages newest first with next_cursor; totals cover every refund, not just the page; a foreign cursor is 400', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await body(await w.refund({ payment_intent: pi.id, amount: 10 + i }, `pg-${i}`))).id);
    const newest = [...ids].reverse();
    const p1 = (await w.list(`payment_intent=${pi.id}&limit=2`)).body;
    expect(p1).toMatchObject({ has_more: true, next_cursor: newest[1], amount_refunded: 60, remaining_refundable: 940, refundable: true });
    expect(p1.data.map((x: Json) => x.id)).toEqual(newest.slice(0, 2));
    const p2 = (await w.list(`payment_intent=${pi.id}&limit=2&starting_after=${p1.next_cursor}`)).body;
    expect(p2.data.map((x: Json) => x.id)).toEqual(newest.slice(2, 4));
    const p3 = (await w.list(`transaction=${pi.vp_tx_id}&limit=2&starting_after=${p2.next_cursor}`)).body;
    expect(p3).toMatchObject({ has_more: false, next_cursor: null });
    expect(p3.data.map((x: Json) => x.id)).toEqual(newest.slice(4));
    expect((await w.list(`payment_intent=${pi.id}`)).body.data).toHaveLength(5);

    const other = await w.pay(500);
    const foreign = (await body(await w.refund({ payment_intent: other.id, amount: 1 }, 'o'))).id;
    for (const q of [`payment_intent=${pi.id}&starting_after=${foreign}`, `payment_intent=${pi.id}&starting_after=vpr_test_nothing`, `payment_intent=${pi.id}&limit=0`, `payment_intent=${pi.id}&limit=101`]) {
      const res = await w.list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });
});

describe('refund results applied once', () => {
  it('a provider event delivered twice, or contradicting the outcome, changes nothing more', async () => {
    const w = await world();
    const pi = await w.pay(1000, '0082');
    const r = await body(await w.refund({ payment_intent: pi.id, amount: 400 }, 'twice'));
    await w.providerEvent('refund.succeeded', { payment_intent: pi.id });
    const row = w.t.sandbox.db.prepare('SELECT id, reference, transaction_id, amount, currency FROM refunds').get() as Json;
    const refund = { id: row.id, reference: row.reference, transactionId: row.transaction_id, amount: row.amount, currency: row.currency, status: 'succeeded' as const, failureCode: null };
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_again', type: 'refund.succeeded', refund })).toBe(false);
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_late', type: 'refund.failed', refund: { ...refund, status: 'failed', failureCode: 'refund_declined' } })).toBe(false);
    expect((await w.list(`payment_intent=${pi.id}`)).body.data).toEqual([expect.objectContaining({ id: r.id, status: 'succeeded' })]);
    expect(w.events('charge.refunded')).toHaveLength(1);
    expect(w.events('refund.failed')).toHaveLength(0);
    // A refund this service never made (made directly at the provider) is not applied.
    expect(await applyRefundEvent(w.t.deps, { id: 'evt_other', type: 'refund.succeeded', refund: { ...refund, id: 'sbx_re_other', reference: 'elsewhere' } })).toBe(false);
  });
});

describe('session refund totals (Doc 1: amount_refunded, remaining_refundable, refundable)', () => {
  it('a paid session reads its settlement’s totals; charge.refunded carries the session and its metadata', async () => {
    const w = await world();
    const created = await body(await w.post('/v1/sessions', { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true, metadata: { order: 'S-1' } }));
    const expiry = futureExpiry();
    const card = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };
    const paid = await w.t.json('POST', `/v1/public/sessions/${created.id}/charge`, { card }, { ...bearer(w.m.keys.publishable), Origin: SERVICE });
    expect(paid.status).toBe(200);
    const read = async () => body(await w.get(`/v1/sessions/${created.id}`));
    const s = await read();
    expect(s).toMatchObject({ paymentStatus: 'paid', vp_tx_count: 1, amount_refunded: 0, remaining_refundable: 2500, refundable: true });
    const r = await body(await w.refund({ transaction: s.vp_tx_id, amount: 1000 }, 'session'));
    expect(r).toMatchObject({ status: 'succeeded', transaction: s.vp_tx_id, payment_intent: null });
    expect(await read()).toMatchObject({ paymentStatus: 'paid', amount_refunded: 1000, remaining_refundable: 1500, refundable: true });
    expect(w.events('charge.refunded')[0]).toMatchObject({ session_id: created.id, vp_tx_id: s.vp_tx_id, metadata: { order: 'S-1' }, amount_refunded_total: 1000, original_charge_amount: 2500 });
    await w.refund({ transaction: s.vp_tx_id }, 'session-rest');
    expect(await read()).toMatchObject({ paymentStatus: 'paid', amount_refunded: 2500, remaining_refundable: 0, refundable: false });
  });
});
