/** Shared set-up of the payment-intents tests. */
import { expect } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

export { SERVICE, bearer, futureExpiry, testApp };

export type T = Awaited<ReturnType<typeof testApp>>;

export const expiry = futureExpiry();
export const APPROVED = 'tok_sandbox_visa_4242';
export const DECLINED = 'tok_sandbox_visa_9995';

export async function world(t?: T, settings: Record<string, unknown> = {}) {
  t ??= await testApp();
  const m = await t.merchant({ settings });
  return client(t, m.merchant.id, m.keys);
}

export function client(t: T, merchantId: string, keys: { secret: string; publishable: string }) {
  const sk = bearer(keys.secret);
  const vault = async (ref = APPROVED, extra: Record<string, unknown> = {}) => {
    const res = await t.json('POST', '/v1/tokens', { provider_reference: ref, ...extra }, sk);
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const pay = (id: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, ip?: string) =>
    t.json('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id }, ...extra }, { ...sk, ...headers }, ip);
  const payJson = async (id: string, extra: Record<string, unknown> = {}) => {
    const res = await pay(id, extra);
    return { status: res.status, body: await res.json() };
  };
  const post = async (path: string, body?: unknown) => {
    const res = await t.json('POST', path, body, sk);
    return { status: res.status, body: await res.json() };
  };
  const get = async (path: string) => (await t.json('GET', path, undefined, sk)).json();
  const types = async (intentId: string) =>
    (await t.events(merchantId))
      .filter((e) => (JSON.parse(e.data) as { payment_intent_id?: string }).payment_intent_id === intentId)
      .map((e) => e.type);
  /** An elements session and a card vaulted from its fields (`POST /v1/public/tokens`). */
  const fieldsToken = async (number = '4242424242424242', session?: { id: string }) => {
    session ??= (await post('/v1/sessions', { amount: 1500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: false })).body as { id: string };
    const res = await t.json(
      'POST',
      '/v1/public/tokens',
      { sessionId: session.id, card: { number, expMonth: expiry.month, expYear: expiry.year, cvc: '123' } },
      { ...bearer(keys.publishable), Origin: SERVICE },
    );
    expect(res.status).toBe(201);
    return { session, token: ((await res.json()) as { id: string }).id };
  };
  return { t, merchantId, keys, sk, vault, pay, payJson, post, get, types, fieldsToken };
}

/** A refused request: the Doc 1 envelope with `code`, and no intent, attempt, event or processor call. */
export async function expectRefused(w: ReturnType<typeof client>, res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  return body;
}

export const nothingCharged = async (w: ReturnType<typeof client>) => {
  expect((await w.t.count('payment_intents'))).toBe(0);
  expect((await w.t.count('payment_attempts'))).toBe(0);
  expect((await w.t.count('events'))).toBe(0);
  expect((w.t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n).toBe(0);
};
