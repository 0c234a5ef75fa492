/**
 * Refunds never move more money than was captured (concurrent refunds, unknown outcomes), are
 * listed with their totals, are applied once, and show on the session (Doc 1, Doc 2).
 */
import { describe, expect, it } from 'vitest';
import { loseAnswer } from '../../testing.ts';
import { Json, ProcessorUnavailableError, SERVICE, applyRefundEvent, bearer, body, futureExpiry, world } from './fixtures.ts';

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
    const committed = (await w.t.query("SELECT count(*) AS n, CAST(coalesce(sum(amount), 0) AS INTEGER) AS total FROM refunds WHERE status IN ('succeeded','requested')"))[0] as { n: number; total: number };
    expect(committed.total).toBeLessThanOrEqual(1000);
    expect(committed).toEqual({ n: 33, total: 990 });
    expect(w.processorRefunds()).toEqual({ n: 33, total: 990 });
    expect((await w.t.count('refunds'))).toBe(33);
    expect((await w.list(`payment_intent=${pi.id}&limit=100`)).body).toMatchObject({ amount_refunded: 990, remaining_refundable: 10 });
  });

  it('an unknown outcome: 502 provider_unavailable, the row stays requested, the reconciler resolves it to succeeded', async () => {
    const w = await world();
    const pi = await w.pay(1000);
    const restore = loseAnswer(w.t.processor, 'refund');
    const res = await w.refund({ payment_intent: pi.id, amount: 300 }, 'lost');
    expect(res.status).toBe(502);
    const err = await body(res);
    expect(err.code).toBe('provider_unavailable');
    restore();
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
    expect((await w.events('charge.refunded'))).toEqual([expect.objectContaining({ refund_id: err.refund, amount_refunded_total: 300 })]);
    expect((await w.t.query("SELECT state FROM payment_attempts WHERE kind = 'refund'"))).toEqual([{ state: 'done' }]);
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
    expect((await w.events('charge.refunded'))).toHaveLength(0);
    expect((await w.events('refund.failed'))).toHaveLength(0);
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
    expect((await w.t.count('refunds'))).toBe(0);
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
    expect((await w.events('charge.refunded'))).toHaveLength(1);
    expect((await w.events('refund.failed'))).toHaveLength(0);
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
    expect((await w.events('charge.refunded'))[0]).toMatchObject({ session_id: created.id, vp_tx_id: s.vp_tx_id, metadata: { order: 'S-1' }, amount_refunded_total: 1000, original_charge_amount: 2500 });
    await w.refund({ transaction: s.vp_tx_id }, 'session-rest');
    expect(await read()).toMatchObject({ paymentStatus: 'paid', amount_refunded: 2500, remaining_refundable: 0, refundable: false });
  });
});
