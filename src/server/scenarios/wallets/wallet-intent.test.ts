/**
 * Issue 22: the wallet a buyer paid with is recorded on the payment intent (`wallet_type`), read
 * back by GET and carried by the charge webhooks; a card typed in reads null. The wallet is written
 * with the attempt before the processor is called, so an outcome found later by the reconciler (the
 * charge's answer lost) still names it.
 */
import { describe, expect, it } from 'vitest';
import { PaymentIntent } from '../../../api/payment-intents.ts';
import { ProcessorUnavailableError, type Processor } from '../../processors/types.ts';
import { SERVICE, bearer, testApp } from '../../testing.ts';

const FRAME = { Origin: SERVICE };
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

async function world() {
  const t = await testApp();
  const m = await t.merchant({ settings: { elements: true, chargeAtSubmit: true } });
  const sk = bearer(m.keys.secret);
  const session = async () =>
    ((await (await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'eur', integrationMode: 'elements', chargeAtSubmit: true }, sk)).json()) as { id: string }).id;
  const pay = async (id: string, body: Record<string, unknown>) =>
    (await (await t.json('POST', `/v1/public/sessions/${id}/charge`, body, { ...bearer(m.keys.publishable), ...FRAME })).json()) as { status: string; paymentIntentId?: string };
  const intent = async (id: string) => {
    const res = await t.json('GET', `/v1/payment_intents/${id}`, undefined, sk);
    expect(res.status).toBe(200);
    return PaymentIntent.parse(await res.json());
  };
  /** The data of the merchant's events of one type, oldest first. */
  const events = async (type: string) => (await t.events(m.merchant.id)).filter((e) => e.type === type).map((e) => JSON.parse(e.data) as Record<string, unknown>);
  return { t, m, sk, session, pay, intent, events };
}

describe('the wallet on the payment intent (wallet_type)', () => {
  it.each(['apple_pay', 'google_pay'] as const)('a %s payment reads back with its wallet, on GET and in the charge webhooks', async (type) => {
    const w = await world();
    const paid = await w.pay(await w.session(), { wallet: { type, token: 'tok_sandbox_mastercard_4444' } });
    expect(paid.status).toBe('succeeded');
    expect(await w.intent(paid.paymentIntentId!)).toMatchObject({ status: 'succeeded', wallet_type: type, card: { brand: 'mastercard', last4: '4444' } });
    for (const event of ['charge.succeeded', 'payment_intent.succeeded']) {
      expect(await w.events(event)).toEqual([expect.objectContaining({ payment_intent_id: paid.paymentIntentId, wallet_type: type })]);
    }
  });

  it('a refund of a wallet payment names its wallet in charge.refunded', async () => {
    const w = await world();
    const paid = await w.pay(await w.session(), { wallet: { type: 'apple_pay', token: 'tok_sandbox_visa_4242' } });
    const refund = await w.t.json('POST', '/v1/refunds', { payment_intent: paid.paymentIntentId, amount: 500 }, { ...w.sk, 'Idempotency-Key': 'r-1' });
    expect(refund.status).toBe(201);
    expect(await w.events('charge.refunded')).toEqual([expect.objectContaining({ payment_intent_id: paid.paymentIntentId, wallet_type: 'apple_pay' })]);
  });

  it('a declined wallet payment names its wallet too', async () => {
    const w = await world();
    const declined = await w.pay(await w.session(), { wallet: { type: 'google_pay', token: 'tok_sandbox_visa_9995' } });
    expect(declined.status).toBe('failed');
    const [failed] = await w.events('charge.failed');
    expect(failed).toMatchObject({ wallet_type: 'google_pay', decline_code: 'insufficient_funds' });
    expect((await w.intent(failed!.payment_intent_id as string)).wallet_type).toBe('google_pay');
  });

  it('a card typed in reads null, on GET and in the webhook', async () => {
    const w = await world();
    const paid = await w.pay(await w.session(), { card: CARD });
    expect(paid.status).toBe('succeeded');
    const read = await w.intent(paid.paymentIntentId!);
    expect(read).toHaveProperty('wallet_type', null);
    expect(await w.events('charge.succeeded')).toEqual([expect.objectContaining({ wallet_type: null })]);
  });

  it('a wallet charge whose answer was lost, settled later by the reconciler, still names its wallet', async () => {
    const w = await world();
    const id = await w.session();
    // The charge acts, its answer is lost, and the look the engine takes at once finds nothing either.
    const undo = loseWalletAnswer(w.t.processor);
    expect((await w.pay(id, { wallet: { type: 'apple_pay', token: 'tok_sandbox_visa_4242' } })).status).toBe('processing');
    undo();
    expect(await w.t.count('payment_intents')).toBe(0);
    // The reconciler looks again on the service clock.
    await w.t.json('POST', '/_sandbox/clock', { advanceSeconds: 30 });
    const session = await (await w.t.json('GET', `/v1/sessions/${id}`, undefined, w.sk)).json();
    expect(session).toMatchObject({ status: 'succeeded' });
    expect((await w.intent(session.paymentIntentId)).wallet_type).toBe('apple_pay');
  });
});

/** The wallet charge acts and its answer is lost; lookups answer nothing until undone. */
function loseWalletAnswer(processor: Processor) {
  const { chargeWallet, lookup } = processor;
  processor.chargeWallet = async (...args) => {
    await chargeWallet.apply(processor, args);
    throw new ProcessorUnavailableError('the connection dropped after the request was sent');
  };
  processor.lookup = async () => {
    throw new ProcessorUnavailableError('unreachable');
  };
  return () => Object.assign(processor, { chargeWallet, lookup });
}
