/**
 * Capture and void of an authorized payment intent when the processor refuses, is down, loses its
 * answer or answers late (Doc 2; ARCHITECTURE.md, data flow 4): money is captured at most once,
 * an operation the processor never made leaves the intent capturable, and one it made is
 * recorded by the reconciler. Written against the mutants Stryker showed surviving in intent-capture.ts.
 */
import { describe, expect, it } from 'vitest';
import { ProcessorConflictError, ProcessorRejectedError, ProcessorUnavailableError, type ProcessorTransaction } from '../../processors/types.ts';
import type { Merchant } from '../../domain/index.ts';
import { expectRefused, world } from './fixtures.ts';

type W = Awaited<ReturnType<typeof world>>;
type Op = 'capture' | 'void';

const clock = async (w: W, advanceSeconds: number) => expect((await w.t.json('POST', '/_sandbox/clock', { advanceSeconds })).status).toBe(200);
const attempts = async (w: W, kind: Op, state: string) =>
  ((await w.t.query('SELECT count(*) AS n FROM payment_attempts WHERE kind = ? AND state = ?', kind, state))[0] as { n: number }).n;
const allAttempts = async (w: W, kind: Op) => ((await w.t.query('SELECT count(*) AS n FROM payment_attempts WHERE kind = ?', kind))[0] as { n: number }).n;
const processorRef = async (w: W, id: string) => ((await w.t.query('SELECT processor_ref FROM payment_intents WHERE id = ?', id))[0] as { processor_ref: string }).processor_ref;

async function authorized(w: W, ref?: string) {
  const { status, body } = await w.payJson(await w.vault(ref), { capture_method: 'manual' });
  expect([status, body.status]).toEqual([201, 'authorized']);
  return body.id as string;
}

/** Replaces the processor's capture or void; `restore` puts the real one back. */
type Call = (merchant: Merchant, req: { transactionId: string; reference: string; amount?: number }) => Promise<ProcessorTransaction>;
function replace(w: W, op: Op, fake: (real: Call) => Call) {
  const slot = w.t.processor as unknown as Record<Op, Call>;
  const real = slot[op].bind(w.t.processor);
  slot[op] = fake(real);
  return () => (slot[op] = real);
}

const call = (w: W, op: Op, id: string) => w.t.json('POST', `/v1/payment_intents/${id}/${op}`, undefined, w.sk);

describe.each(['capture', 'void'] as const)('%s the processor refused', (op) => {
  it(`502 provider_unavailable when the processor says it did nothing: still authorized, no ${op} on record, and it can be done again`, async () => {
    const w = await world();
    const id = await authorized(w);
    const restore = replace(w, op, () => async () => {
      throw new ProcessorUnavailableError('503 from the processor', true);
    });
    await expectRefused(w, await call(w, op, id), 502, 'provider_unavailable');
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'authorized', amount_capturable: 1500 });
    expect((await allAttempts(w, op))).toBe(0);
    restore();
    const done = await call(w, op, id);
    expect(done.status).toBe(200);
    expect((await done.json()).status).toBe(op === 'capture' ? 'succeeded' : 'voided');
    expect((await w.t.count('settlements'))).toBe(op === 'capture' ? 1 : 0);
  });

});

describe('the processor refused', () => {
  it('a void: 422 provider_request_rejected with the processor’s reason, still authorized, and it can be done again', async () => {
    const w = await world();
    const id = await authorized(w);
    const restore = replace(w, 'void', () => async () => {
      throw new ProcessorRejectedError('invalid_state', 'Only an authorized, uncaptured transaction can be changed.');
    });
    const err = await expectRefused(w, await call(w, 'void', id), 422, 'provider_request_rejected');
    expect(err.reason).toBe('invalid_state');
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'authorized', amount_capturable: 1500 });
    expect((await allAttempts(w, 'void'))).toBe(0);
    restore();
    expect((await call(w, 'void', id)).status).toBe(200);
  });

  it.each(['invalid_state', 'authorization_expired'])(
    'a capture (%s): the intent fails, as Doc 2 says of a capture that fails, its hold is released, and the merchant hears it (issue 35)',
    async (reason) => {
      const w = await world();
      const id = await authorized(w);
      replace(w, 'capture', () => async () => {
        throw new ProcessorRejectedError(reason, 'The processor will not capture this authorization.');
      });
      const res = await call(w, 'capture', id);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id, status: 'failed', decline_code: 'processing_error', amount_received: 0 });
      expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'failed', amount_capturable: 0 });
      // Nothing captured, the authorization released at the processor, no settlement to refund.
      expect((await w.t.count('settlements'))).toBe(0);
      expect(w.t.sandbox.db.prepare('SELECT capture_state FROM transactions WHERE id = ?').get(await processorRef(w, id))).toEqual({ capture_state: 'voided' });
      expect((await w.types(id))).toEqual(['charge.failed', 'payment_intent.failed']);
      const failed = (await w.t.events(w.merchantId)).find((e) => e.type === 'charge.failed')!;
      expect(JSON.parse(failed.data)).toMatchObject({ payment_intent_id: id, failure_code: 'processing_error', vp_tx_id: null });
      await expectRefused(w, await call(w, 'capture', id), 409, 'invalid_transition');
    },
  );
});

describe.each(['capture', 'void'] as const)('%s refused in a way that proves nothing (issue 34, finding 1)', (op) => {
  it('a conflict with the transaction still authorized: 502 payment_outcome_unknown, held in flight for the reconciler, never released as refused', async () => {
    const w = await world();
    const id = await authorized(w);
    const restore = replace(w, op, () => async () => {
      throw new ProcessorConflictError('idempotency_key_in_use', 'A request with this key is still running.');
    });
    const err = await expectRefused(w, await call(w, op, id), 502, 'payment_outcome_unknown');
    expect(err.payment_intent).toBe(id);
    expect(await attempts(w, op, 'pending')).toBe(1);
    restore();
    await expectRefused(w, await call(w, op, id), 409, 'invalid_transition');
  });
});

describe.each(['capture', 'void'] as const)('%s whose answer never came', (op) => {
  it('the processor never received it: 502 payment_outcome_unknown, held in flight during the grace period, then released and kept on record as failed', async () => {
    const w = await world();
    const id = await authorized(w);
    const restore = replace(w, op, () => async () => {
      throw new ProcessorUnavailableError('timed out');
    });
    const err = await expectRefused(w, await call(w, op, id), 502, 'payment_outcome_unknown');
    expect(err.payment_intent).toBe(id);
    if (op === 'capture') expect(w.t.logLines.some((l) => l.includes('capture outcome unknown') && l.includes(id))).toBe(true);
    restore();
    // In flight: neither a capture nor a void may start until it is resolved.
    await expectRefused(w, await call(w, 'capture', id), 409, 'invalid_transition');
    await expectRefused(w, await call(w, 'void', id), 409, 'invalid_transition');
    await clock(w, 30);
    await expectRefused(w, await call(w, 'capture', id), 409, 'invalid_transition');
    await clock(w, 120);
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'authorized', amount_capturable: 1500 });
    expect((await attempts(w, op, 'failed'))).toBe(1);
    expect((await attempts(w, op, 'pending'))).toBe(0);
    expect((await w.t.count('settlements'))).toBe(0);
    const done = await call(w, op, id);
    expect(done.status).toBe(200);
    expect((await done.json()).status).toBe(op === 'capture' ? 'succeeded' : 'voided');
  });

  it('the processor did it but the answer was lost: read back at once and recorded once (issue 34, finding 1)', async () => {
    const w = await world();
    const id = await authorized(w);
    replace(w, op, (real) => async (...args) => {
      await real(...args);
      throw new ProcessorUnavailableError('the connection dropped after the request was sent');
    });
    const res = await call(w, op, id);
    expect([res.status, (await res.json()).status]).toEqual([200, op === 'capture' ? 'succeeded' : 'voided']);
    await clock(w, 20);
    const read = await w.get(`/v1/payment_intents/${id}`);
    expect(read.status).toBe(op === 'capture' ? 'succeeded' : 'voided');
    expect((await w.t.count('settlements'))).toBe(op === 'capture' ? 1 : 0);
    expect((await w.types(id))).toEqual(op === 'capture' ? ['payment_intent.succeeded', 'charge.succeeded'] : []);
    expect((await attempts(w, op, 'pending'))).toBe(0);
    expect((await attempts(w, op, 'done'))).toBe(1);
  });

  it('an answer that arrives after the reconciler recorded it is applied once', async () => {
    const w = await world();
    const id = await authorized(w);
    let reached!: () => void;
    const atGate = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    replace(w, op, (real) => async (...args) => {
      const t = await real(...args);
      reached();
      await gate;
      return t;
    });
    const answer = call(w, op, id);
    await atGate;
    await clock(w, 20);
    const expected = op === 'capture' ? 'succeeded' : 'voided';
    expect((await w.get(`/v1/payment_intents/${id}`)).status).toBe(expected);
    release();
    const res = await answer;
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe(expected);
    expect((await w.t.count('settlements'))).toBe(op === 'capture' ? 1 : 0);
    expect((await w.types(id))).toEqual(op === 'capture' ? ['payment_intent.succeeded', 'charge.succeeded'] : []);
  });

  it('an answer that shows nothing changed leaves the intent authorized and free for another attempt', async () => {
    const w = await world();
    const id = await authorized(w);
    // The processor answers with the transaction as it stands: still only authorized.
    const restore = replace(w, op, () => async (merchant) => (await w.t.processor.verifyTransaction(merchant, (await processorRef(w, id))))!);
    const res = await call(w, op, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'authorized', amount_capturable: 1500 });
    expect((await w.t.count('settlements'))).toBe(0);
    expect((await attempts(w, op, 'pending'))).toBe(0);
    restore();
    expect((await call(w, op, id)).status).toBe(200);
    expect((await w.get(`/v1/payment_intents/${id}`)).status).toBe(op === 'capture' ? 'succeeded' : 'voided');
  });
});

describe('what a capture or void leaves behind', () => {
  it('closes its attempt', async () => {
    const w = await world();
    expect((await call(w, 'capture', await authorized(w))).status).toBe(200);
    expect((await call(w, 'void', await authorized(w))).status).toBe(200);
    expect((await attempts(w, 'capture', 'done'))).toBe(1);
    expect((await attempts(w, 'void', 'done'))).toBe(1);
    expect(((await w.t.query("SELECT count(*) AS n FROM payment_attempts WHERE state = 'pending'"))[0] as { n: number }).n).toBe(0);
  });

  it('a capture whose settlement is asynchronous reads captured, with the success events, until it settles', async () => {
    const w = await world();
    const id = await authorized(w, 'tok_sandbox_visa_0066');
    const res = await call(w, 'capture', id);
    expect(await res.json()).toMatchObject({ status: 'captured', amount_received: 1500 });
    expect((await w.types(id))).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    expect((await w.t.count('settlements'))).toBe(1);
  });

  it('a captured payment whose settlement the processor rejects fails, and the merchant hears it (Doc 2: captured, provider rejects; issue 35)', async () => {
    const w = await world();
    const id = await authorized(w, 'tok_sandbox_visa_0066');
    expect(await (await call(w, 'capture', id)).json()).toMatchObject({ status: 'captured' });
    const sent = await w.t.json('POST', '/_sandbox/provider_events', { type: 'capture.failed', payment_intent: id });
    expect(sent.status).toBe(202);
    expect(await w.get(`/v1/payment_intents/${id}`)).toMatchObject({ status: 'failed', decline_code: 'processing_error' });
    expect((await w.types(id))).toEqual(['payment_intent.succeeded', 'charge.succeeded', 'charge.failed', 'payment_intent.failed']);
    expect(w.t.sandbox.db.prepare('SELECT capture_state, captured_amount FROM transactions WHERE id = ?').get(await processorRef(w, id))).toEqual({ capture_state: 'failed', captured_amount: 0 });
    // Nothing to refund: the intent is not succeeded.
    const refund = await w.post('/v1/refunds', { payment_intent: id });
    expect([refund.status, refund.body.code]).toEqual([422, 'refund_intent_not_refundable']);
  });

  it('a void of a held session payment reads cancelled on the session; a capture of another reads paid', async () => {
    const w = await world();
    const held = async () => {
      const { session, token } = await w.fieldsToken();
      const { body } = await w.payJson(token, { session_id: session.id, capture_method: 'manual' });
      expect(await w.get(`/v1/sessions/${session.id}`)).toMatchObject({ paymentStatus: 'held' });
      return { session: session.id, id: body.id as string };
    };
    const v = await held();
    expect((await call(w, 'void', v.id)).status).toBe(200);
    expect(await w.get(`/v1/sessions/${v.session}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'cancelled', vp_tx_count: 0 });
    const c = await held();
    expect((await call(w, 'capture', c.id)).status).toBe(200);
    expect(await w.get(`/v1/sessions/${c.session}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', vp_tx_count: 1 });
  });

  it('a held session payment whose capture the processor refuses reads cancelled on the session, nothing paid (issue 35)', async () => {
    const w = await world();
    const { session, token } = await w.fieldsToken();
    const { body } = await w.payJson(token, { session_id: session.id, capture_method: 'manual' });
    replace(w, 'capture', () => async () => {
      throw new ProcessorRejectedError('authorization_expired', 'The authorization lapsed.');
    });
    expect(await (await call(w, 'capture', body.id)).json()).toMatchObject({ status: 'failed' });
    expect(await w.get(`/v1/sessions/${session.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'cancelled', vp_tx_count: 0, vp_tx_id: null });
  });

  it('a session payment whose settlement the processor rejects reads cancelled, with no payment counted (issue 35)', async () => {
    const w = await world();
    const { session, token } = await w.fieldsToken('4000000000110066');
    const { body } = await w.payJson(token, { session_id: session.id });
    expect(body.status).toBe('captured');
    expect(await w.get(`/v1/sessions/${session.id}`)).toMatchObject({ paymentStatus: 'paid', vp_tx_count: 1 });
    expect((await w.t.json('POST', '/_sandbox/provider_events', { type: 'capture.failed', payment_intent: body.id })).status).toBe(202);
    expect(await w.get(`/v1/sessions/${session.id}`)).toMatchObject({ status: 'succeeded', paymentStatus: 'cancelled', vp_tx_count: 0, vp_tx_id: null });
  });
});
