/**
 * The fault switchboard (Doc 3, "Faults and the processor's ledger") on the Stripe stand-in's
 * calls, armed through the processor's `/v1/_faults` as the service's control API forwards it
 * (issue 34): a capture whose answer is lost has moved the money, and the SDK's retry with the same
 * idempotency key hears the success; a held capture reaches the stand-in only when released.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, testProcessor } from '../testing.ts';
import { stripeOverStandIn } from './testing.ts';

async function world() {
  const sandbox = testProcessor();
  const stripe = stripeOverStandIn(sandbox.processor);
  const as = { stripeAccount: ACCOUNT };
  const arm = async (operation: string, kind: string) => (await (await sandbox.call('POST', '/v1/_faults', { operation, kind })).json()).id as string;
  const pm = (await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_sandbox_visa_4242' } }, as)).id;
  const held = async () => (await stripe.paymentIntents.create({ amount: 2500, currency: 'usd', capture_method: 'manual', payment_method: pm, confirm: true }, as)).id;
  const ledger = () => sandbox.processor.db.prepare('SELECT capture_state AS capture, captured_amount AS captured FROM transactions').all();
  /** A capture kept at the door by a `hold`: the authorization untouched while it waits. */
  const heldCapture = async () => {
    const id = await held();
    const fault = await arm('capture', 'hold');
    const late = stripe.paymentIntents.capture(id, {}, { ...as, idempotencyKey: 'att_cap' });
    await new Promise((r) => setTimeout(r, 20));
    expect(ledger()).toEqual([{ capture: 'none', captured: 0 }]);
    const release = async () => (await sandbox.call('POST', `/v1/_faults/${fault}/release`)).json();
    return { id, late, release };
  };
  return { sandbox, stripe, as, arm, held, ledger, heldCapture };
}

describe('the fault switchboard on the Stripe stand-in', () => {
  it('lose_answer on capture: the money moves, the answer is lost, the same key’s retry replays the success', async () => {
    const { stripe, as, arm, held, ledger } = await world();
    const id = await held();
    await arm('capture', 'lose_answer');
    const lost = await stripe.paymentIntents.capture(id, {}, { ...as, idempotencyKey: 'att_cap' }).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(Stripe.errors.StripeError);
    expect(ledger()).toEqual([{ capture: 'settled', captured: 2500 }]);
    const retry = await stripe.paymentIntents.capture(id, {}, { ...as, idempotencyKey: 'att_cap' });
    expect(retry).toMatchObject({ id, status: 'succeeded', amount_received: 2500 });
    expect(ledger()).toEqual([{ capture: 'settled', captured: 2500 }]);
  });

  it('lose_answer on void: the hold is released and the retry replays the canceled PaymentIntent', async () => {
    const { stripe, as, arm, held, ledger } = await world();
    const id = await held();
    await arm('void', 'lose_answer');
    await expect(stripe.paymentIntents.cancel(id, {}, { ...as, idempotencyKey: 'att_void' })).rejects.toBeInstanceOf(Stripe.errors.StripeError);
    expect(ledger()).toEqual([{ capture: 'voided', captured: 0 }]);
    expect(await stripe.paymentIntents.cancel(id, {}, { ...as, idempotencyKey: 'att_void' })).toMatchObject({ id, status: 'canceled' });
  });

  it('hold on capture: nothing moves until released, then the late capture acts', async () => {
    const { ledger, heldCapture } = await world();
    const { id, late, release } = await heldCapture();
    expect(await release()).toEqual({ released: 1 });
    expect(await late).toMatchObject({ id, status: 'succeeded', amount_received: 2500 });
    expect(ledger()).toEqual([{ capture: 'settled', captured: 2500 }]);
  });

  it('hold on capture: a retry meanwhile captures, and the late arrival with the same key replays it', async () => {
    const { stripe, as, ledger, heldCapture } = await world();
    const { id, late, release } = await heldCapture();
    expect(await stripe.paymentIntents.capture(id, {}, { ...as, idempotencyKey: 'att_cap' })).toMatchObject({ status: 'succeeded' });
    await release();
    expect(await late).toMatchObject({ id, status: 'succeeded', amount_received: 2500 });
    expect(ledger()).toEqual([{ capture: 'settled', captured: 2500 }]);
  });
});
