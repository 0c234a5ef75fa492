/** What the hosted checkout route tests share: a session, and paying the sandbox processor as its fields page does. */
import { expect } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';
import { processorOf } from '../../engine/binder.ts';
import { newAttempt } from '../../engine/attempts/attempts.ts';

const expiry = futureExpiry();

export const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123', postalCode: '12345' };
export const DECLINE = { ...CARD, number: '4000000000000002' };
export const origin = { Origin: SERVICE };

export type TestApp = Awaited<ReturnType<typeof testApp>>;

export async function hostedSession(t: TestApp, extra: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
  const m = await t.merchant({ settings });
  const res = await t.json('POST', '/v1/sessions', { amount: 1000, currency: 'usd', successUrl: 'http://127.0.0.1:4244/success', ...extra }, bearer(m.keys.secret));
  return { m, session: await res.json() };
}

/** What the sandbox fields page does: init, then pay the processor with the init token. */
export async function payOnProcessor(t: TestApp, sessionId: string, card = CARD) {
  const init = await (await t.json('POST', '/api/checkout/init', { sessionId }, origin)).json();
  expect(init).toMatchObject({ type: 'sandbox', environment: 'sandbox' });
  const res = await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card }) });
  const body = await res.json();
  return { ...body, id: body.transactionId as string };
}

/**
 * A form handed out before `init` checked the buyer details (issue 35), still open at the
 * processor: made by the merchant's processor and recorded as a `client` attempt, as init made
 * them then, whatever details the session lacks. What paying it leads to is what a form in
 * flight when the service was upgraded leads to; no form can be had this way since.
 */
export async function formFromBeforeTheCheck(t: TestApp, sessionId: string) {
  const session = (await t.store.read.sessions.get(sessionId))!;
  const merchant = (await t.store.read.merchants.get(session.merchantId))!;
  const init = await processorOf(t.deps, merchant).clientInit(merchant, session, {});
  const { livemode, amount, currency } = session;
  await t.store.tx((r) => r.attempts.insert(newAttempt({ merchantId: merchant.id, livemode, kind: 'client', reference: init.token, sessionId, amount, currency }, t.deps.clock.nowMs(), { init, returnUrl: null })));
  return init;
}

/** The buyer pays a form from before the check (formFromBeforeTheCheck) on the sandbox fields page. */
export async function payFormFromBeforeTheCheck(t: TestApp, sessionId: string, card = CARD) {
  const init = await formFromBeforeTheCheck(t, sessionId);
  const res = await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: init.token, card }) });
  const body = await res.json();
  return { ...body, id: body.transactionId as string };
}

/**
 * Charge and save (Doc 1): the paid session's intent and charge webhook name a `vp_pmt_*` saved for
 * the buyer, listed with the buyer's cards, that the merchant can charge again.
 */
export async function expectSavedAndReusable(t: TestApp, sk: Record<string, string>, sessionId: string, buyerId: string, last4: string, walletType: string | null = null) {
  const read = await (await t.json('GET', `/v1/sessions/${sessionId}`, undefined, sk)).json();
  expect(read).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  const intent = await (await t.json('GET', `/v1/payment_intents/${read.paymentIntentId}`, undefined, sk)).json();
  expect(intent.payment_method_id).toMatch(/^vp_pmt_test_/);
  const [event] = (await t.store.read.events.forSession(sessionId)).filter((e) => e.type === 'charge.succeeded');
  expect(event!.data).toMatchObject({ payment_method_id: intent.payment_method_id });
  const cards = await (await t.json('GET', `/v1/payment_methods?buyer_id=${buyerId}`, undefined, sk)).json();
  expect(cards.data).toEqual([expect.objectContaining({ id: intent.payment_method_id, card: expect.objectContaining({ last4 }), wallet_type: walletType, setup_for_future_use: 'on_session' })]);
  const again = await t.json('POST', '/v1/payment_intents', { amount: 900, currency: 'usd', payment_method: { id: intent.payment_method_id } }, sk);
  expect(await again.json()).toMatchObject({ status: 'succeeded', amount: 900, card: { last4 } });
}
