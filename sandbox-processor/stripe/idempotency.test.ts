/**
 * Idempotent requests on the Stripe stand-in (issue 34), as Stripe documents them: every POST
 * replays its first answer by `Idempotency-Key` for 24 hours, per account; a key reused elsewhere
 * or with other parameters is an `idempotency_error`; a duplicate of a request still executing is a
 * 409 `idempotency_key_in_use`; a request refused before it ran leaves its key unused.
 */
import { Hono } from 'hono';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, SECRET, testClock, testProcessor } from '../testing.ts';
import { idempotencyRepo, stripeIdempotency } from './idempotency.ts';
import { stripeOverStandIn } from './testing.ts';

function world() {
  const clock = testClock();
  const sandbox = testProcessor({ now: clock.now });
  const stripe = stripeOverStandIn(sandbox.processor);
  /** A POST as the SDK sends it, with a key of our choosing; its status, body and replay header. */
  const post = async (path: string, form: Record<string, string>, key: string, account = ACCOUNT) => {
    const res = await sandbox.processor.stripe.request(path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET}`, 'Stripe-Account': account, 'Idempotency-Key': key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    return { status: res.status, body: await res.text(), replayed: res.headers.get('idempotent-replayed') };
  };
  const held = async (amount = '2500') => {
    const pm = JSON.parse((await post('/v1/payment_methods', { type: 'card', 'card[token]': 'tok_sandbox_visa_4242' }, `pm_${Math.random()}`)).body).id as string;
    return JSON.parse((await post('/v1/payment_intents', { amount, currency: 'usd', capture_method: 'manual', payment_method: pm, confirm: 'true' }, `pi_${Math.random()}`)).body).id as string;
  };
  const ledger = () => sandbox.processor.db.prepare('SELECT status, capture_state AS capture, captured_amount AS captured FROM transactions').all();
  return { clock, sandbox, stripe, post, held, ledger };
}

describe('idempotent requests on the Stripe stand-in', () => {
  it('replays a capture, a cancel and a refund by key: same status, same body, acted on once', async () => {
    const { post, held, ledger } = world();
    const a = await held();
    const captured = await post(`/v1/payment_intents/${a}/capture`, { amount_to_capture: '2000' }, 'cap_a');
    expect(captured).toMatchObject({ status: 200, replayed: null });
    expect(JSON.parse(captured.body)).toMatchObject({ status: 'succeeded', amount_received: 2000 });
    expect(await post(`/v1/payment_intents/${a}/capture`, { amount_to_capture: '2000' }, 'cap_a')).toEqual({ ...captured, replayed: 'true' });
    const refunded = await post('/v1/refunds', { payment_intent: a, amount: '500' }, 'ref_a');
    expect(refunded.status).toBe(200);
    expect(await post('/v1/refunds', { payment_intent: a, amount: '500' }, 'ref_a')).toEqual({ ...refunded, replayed: 'true' });
    const b = await held();
    const canceled = await post(`/v1/payment_intents/${b}/cancel`, {}, 'void_b');
    expect(JSON.parse(canceled.body)).toMatchObject({ status: 'canceled' });
    expect(await post(`/v1/payment_intents/${b}/cancel`, {}, 'void_b')).toEqual({ ...canceled, replayed: 'true' });
    expect(ledger()).toEqual([
      { status: 'approved', capture: 'settled', captured: 2000 },
      { status: 'approved', capture: 'voided', captured: 0 },
    ]);
  });

  it('keeps a refusal the endpoint gave, and a 5xx: the retry hears the same, nothing acts twice', async () => {
    const { stripe, post, held, ledger } = world();
    const a = await held();
    await post(`/v1/payment_intents/${a}/capture`, {}, 'cap_1');
    // The second capture, with a key of its own, is refused; its refusal is what that key answers from now on.
    const refused = await post(`/v1/payment_intents/${a}/capture`, {}, 'cap_2');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(await post(`/v1/payment_intents/${a}/capture`, {}, 'cap_2')).toEqual({ ...refused, replayed: 'true' });
    // Card 0090 charges, then answers 500: Stripe replays the 500 to the same key; the charge stands, once.
    const pm = (await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_sandbox_visa_0090' } }, { stripeAccount: ACCOUNT })).id;
    const params = { amount: '700', currency: 'usd', payment_method: pm, confirm: 'true' };
    const lost = await post('/v1/payment_intents', params, 'att_lost');
    expect(lost.status).toBe(500);
    expect(await post('/v1/payment_intents', params, 'att_lost')).toEqual({ ...lost, replayed: 'true' });
    expect(ledger()).toHaveLength(2);
  });

  it('refuses a key reused with other parameters or on another endpoint (idempotency_error), and leaves the first untouched', async () => {
    const { stripe, post, held, ledger } = world();
    const a = await held();
    await post(`/v1/payment_intents/${a}/capture`, { amount_to_capture: '1000' }, 'cap_a');
    const other = await stripe.paymentIntents.capture(a, { amount_to_capture: 1500 }, { stripeAccount: ACCOUNT, idempotencyKey: 'cap_a' }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError', message: expect.stringContaining('same parameters') });
    const elsewhere = await post(`/v1/payment_intents/${a}/cancel`, {}, 'cap_a');
    expect(elsewhere.status).toBe(400);
    expect(JSON.parse(elsewhere.body).error).toMatchObject({ type: 'idempotency_error', message: expect.stringContaining('same endpoint') });
    expect(ledger()).toEqual([{ status: 'approved', capture: 'settled', captured: 1000 }]);
  });

  it('keys per account, for 24 hours of the stand-in clock; a request refused before it ran leaves its key unused', async () => {
    const { clock, post } = world();
    const form = { type: 'card', 'card[token]': 'tok_sandbox_visa_4242' };
    const first = JSON.parse((await post('/v1/payment_methods', form, 'k1')).body).id;
    expect(JSON.parse((await post('/v1/payment_methods', form, 'k1')).body).id).toBe(first);
    // Another account's key of the same name is its own.
    expect(JSON.parse((await post('/v1/payment_methods', form, 'k1', 'merchant_other')).body).id).not.toBe(first);
    clock.advance(24 * 3600 - 1);
    expect(JSON.parse((await post('/v1/payment_methods', form, 'k1')).body).id).toBe(first);
    clock.advance(2);
    expect(JSON.parse((await post('/v1/payment_methods', form, 'k1')).body).id).not.toBe(first);
    // amount=0 fails validation: nothing kept, the same key then makes the PaymentIntent.
    expect((await post('/v1/payment_intents', { amount: '0', currency: 'usd' }, 'k2')).status).toBe(400);
    expect(JSON.parse((await post('/v1/payment_intents', { amount: '700', currency: 'usd' }, 'k2')).body)).toMatchObject({ object: 'payment_intent', amount: 700 });
    // Stripe's keys are up to 255 characters.
    const long = await post('/v1/payment_methods', form, 'k'.repeat(256));
    expect([long.status, JSON.parse(long.body).error.type]).toEqual([400, 'invalid_request_error']);
  });

  it('answers a duplicate of a request still executing 409 idempotency_key_in_use, then replays the first once it is done', async () => {
    const { sandbox } = world();
    const app = new Hono<{ Variables: { account: string } }>();
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let runs = 0;
    app.use('*', async (c, next) => {
      c.set('account', ACCOUNT);
      await next();
    });
    app.use('*', stripeIdempotency(idempotencyRepo(sandbox.processor.db), () => new Date()));
    app.post('/v1/slow', async (c) => {
      runs += 1;
      await gate;
      return c.json({ id: 'done' });
    });
    const call = () => app.request('/v1/slow', { method: 'POST', headers: { 'Idempotency-Key': 'k', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    const first = call();
    await new Promise((r) => setTimeout(r, 10));
    const duplicate = await call();
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'idempotency_key_in_use' });
    finish();
    expect(await (await first).json()).toEqual({ id: 'done' });
    const after = await call();
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(await after.json()).toEqual({ id: 'done' });
    expect(runs).toBe(1);
  });
});
