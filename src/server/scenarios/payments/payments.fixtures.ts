/** Shared set-up of settle.test.ts and partial-approval.test.ts, and of checkout/payments-forms.test.ts and complete-guards.test.ts. */
import { expect } from 'vitest';
import { SERVICE, bearer, leakyRevocation, outliveHandback, testApp } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';
import { ProcessorUnavailableError } from '../../processors/types.ts';

export { ProcessorUnavailableError, SERVICE, bearer, futureExpiry, leakyRevocation, outliveHandback, testApp };

export type T = Awaited<ReturnType<typeof testApp>>;

export const expiry = futureExpiry();
export const CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };
export const INSUFFICIENT = { ...CARD, number: '4000000000009995' };
export const origin = { Origin: SERVICE };
/** A session with a success URL is a hosted one; the others here are elements with charge at submit. */
export const HOSTED = { successUrl: 'http://127.0.0.1:4244/ok' };
/** A hosted session that outlives outliveHandback's clock move (the default lives 30 minutes). */
export const HOSTED_LONG = { ...HOSTED, expiresIn: 7200 };

export async function session(t: T, body: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
  const m = await t.merchant({ settings });
  const elements = body.successUrl === undefined ? { integrationMode: 'elements', chargeAtSubmit: true } : {};
  const res = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'usd', ...elements, ...body }, bearer(m.keys.secret));
  expect(res.status).toBe(201);
  const s = (await res.json()) as { id: string };
  const read = async () => (await t.json('GET', `/v1/sessions/${s.id}`, undefined, bearer(m.keys.secret))).json();
  const charge = (card: object = CARD, extra: object = {}) => t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card, ...extra }, { ...bearer(m.keys.publishable), ...origin });
  const events = async () => (await t.store.read.events.forSession(s.id)).map((e) => e.type).filter((type) => /^(charge|payment_intent|session\.failed)/.test(type));
  return { m, id: s.id, read, charge, events };
}

export const approvedAtProcessor = (t: T) => t.sandbox.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get();
