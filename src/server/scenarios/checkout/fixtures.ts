/** What the hosted checkout route tests share: a session, and paying the sandbox processor as its fields page does. */
import { expect } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

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
