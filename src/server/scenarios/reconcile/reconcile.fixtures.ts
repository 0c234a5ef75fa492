/** Shared set-up of reconcile.test.ts and reconcile-forms.test.ts. */
import { expect } from 'vitest';
import { SERVICE, answerChallenge, bearer, loseAnswer as loseAnswerOf, neverArrives as neverArrivesOf, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type ProcessorTransaction } from '../../processors/types.ts';
import { reconcile } from '../../engine/payments/reconcile/reconcile.ts';

export { ProcessorRejectedError, ProcessorTransaction, ProcessorUnavailableError, SERVICE, bearer, futureExpiry, reconcile, testApp };

export type T = Awaited<ReturnType<typeof testApp>>;
export type Json = Record<string, any>;

export const expiry = futureExpiry();
export const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };
export const DECLINED_CARD = { ...CARD, number: '4000000000009995' };
export const RETURN_URL = 'http://localhost:4244/return';
export const origin = { Origin: SERVICE };
export const NOTHING = { recorded: 0, failed: 0, waiting: 0 };

/** A fresh app whose provider webhooks never arrive: only the reconciler can learn an outcome. */
export async function world(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  t.sandbox.setDeliver(async () => new Response('down', { status: 503 }), { atOnce: false });
  const m = await t.merchant({ settings });
  const sk = bearer(m.keys.secret);
  const post = async (path: string, body?: unknown) => {
    const res = await t.json('POST', path, body, sk);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const get = async (path: string) => (await t.json('GET', path, undefined, sk)).json() as Promise<Json>;
  const vault = async (ref = 'tok_sandbox_visa_4242') => {
    const res = await post('/v1/tokens', { provider_reference: ref });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const pay = (token: string, extra: Json = {}) => post('/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id: token }, ...extra });
  /** Moves the service clock; the due jobs (reconciler included) run. */
  const clock = async (advanceSeconds: number) => expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds })).status).toBe(200);
  /** Moves the clock without running the jobs, then runs the reconciler once and returns its counts. */
  const reconcileAfter = async (seconds: number, opts: { all?: boolean } = {}) => {
    await t.deps.clock.advance(seconds);
    return reconcile(t.deps, opts);
  };
  const types = async (intentId: string) =>
    (await t.events(m.merchant.id))
      .filter((e) => (JSON.parse(e.data) as { payment_intent_id?: string }).payment_intent_id === intentId)
      .map((e) => e.type);
  const attempts = (kind: string) => t.attemptStates(kind);
  const processorTx = () => t.sandbox.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get() as { n: number };
  /** The buyer's answer on the bank challenge, through the processor's server API. */
  const challenge = async (challengeUrl: string, result: 'approve' | 'fail') => expect((await answerChallenge(t, m.merchant.id, challengeUrl, result)).status).toBe(200);
  return { t, m, sk, post, get, vault, pay, clock, reconcileAfter, types, attempts, processorTx, challenge };
}

export type W = Awaited<ReturnType<typeof world>>;

/** The processor call `method` reaches the processor, then its answer is lost. */
export function loseAnswer(w: W, method: 'chargeVaulted' | 'capture' | 'void' | 'charge') {
  return loseAnswerOf(w.t.processor, method);
}

/** The next read of a transaction gets no answer: a capture or void whose answer was lost cannot be read back at once. */
export function unreadableOnce(w: W) {
  const p = w.t.processor;
  const real = p.verifyTransaction.bind(p);
  p.verifyTransaction = async () => {
    p.verifyTransaction = real;
    throw new ProcessorUnavailableError('the read-back got no answer either');
  };
}

/** The processor call `method` times out before the processor sees it: nothing moved, but nobody knows. */
export function neverArrives(w: W, method: 'chargeVaulted' | 'capture' | 'void') {
  return neverArrivesOf(w.t.processor, method);
}

/** A hosted checkout session and its browser forms: open one, pay with one at the processor, read the session. */
export async function hosted(w: W, expiresIn = 86400) {
  const s = (await w.post('/v1/sessions', { amount: 2500, currency: 'usd', successUrl: 'http://127.0.0.1:4244/ok', expiresIn })).body;
  const init = async () => {
    const res = await w.t.json('POST', '/api/checkout/init', { sessionId: s.id }, origin);
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  const payWith = async (token: string, card = CARD) => {
    const res = await w.t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, card }) });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const read = () => w.get(`/v1/sessions/${s.id}`);
  return { id: s.id as string, init, payWith, read };
}
