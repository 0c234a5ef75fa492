/** Shared set-up of the refunds tests. */
import { expect } from 'vitest';
import { bearer, testApp } from '../../testing.ts';
import { ProcessorUnavailableError } from '../../processors/types.ts';
import { newId } from '../../ids.ts';
import { applyRefundEvent } from '../../engine/refunds/refunds.ts';
import { SERVICE } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

export { ProcessorUnavailableError, SERVICE, applyRefundEvent, bearer, futureExpiry, newId, testApp };

export type T = Awaited<ReturnType<typeof testApp>>;
export type Json = Record<string, any>;

export async function world(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant({ settings });
  const auth = bearer(m.keys.secret);
  const post = (path: string, body: unknown, key?: string) => t.json('POST', path, body, { ...auth, ...(key ? { 'Idempotency-Key': key } : {}) });
  const get = (path: string) => t.json('GET', path, undefined, auth);
  /** A succeeded (or, with `manual`, authorized) intent of `amount` paid with the sandbox card `last4`. */
  const pay = async (amount = 1000, last4 = '4242', extra: Json = {}) => {
    const tok = await post('/v1/tokens', { provider_reference: `tok_sandbox_visa_${last4}` });
    expect(tok.status).toBe(201);
    const { id } = (await tok.json()) as Json;
    const res = await post('/v1/payment_intents', { amount, currency: 'usd', payment_method: { id }, ...extra });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };
  const refund = (body: Json, key?: string) => post('/v1/refunds', body, key);
  const list = async (q: string) => {
    const res = await get(`/v1/refunds?${q}`);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const clock = (advanceSeconds: number) => t.json('POST', '/_sandbox/clock', { advanceSeconds });
  const providerEvent = (type: string, ref: Json) => t.json('POST', '/_sandbox/provider_events', { type, ...ref });
  const events = async (type: string) => (await t.events(m.merchant.id)).filter((e) => e.type === type).map((e) => JSON.parse(e.data) as Json);
  const processorRefunds = (where = '1 = 1') => (t.sandbox.db.prepare(`SELECT count(*) AS n, coalesce(sum(amount), 0) AS total FROM refunds WHERE ${where}`).get() as { n: number; total: number });
  return { t, m, auth, post, get, pay, refund, list, clock, providerEvent, events, processorRefunds };
}

export const body = async (res: Response) => (await res.json()) as Json;
