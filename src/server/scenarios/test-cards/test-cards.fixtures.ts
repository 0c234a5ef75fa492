/** Shared world of the test-card tests (Doc 3's sandbox test-card table). */
import { expect } from 'vitest';
import { SERVICE, bearer, testApp, answerChallenge } from '../../testing.ts';
import { futureExpiry } from '../../../card/test-cards.ts';

export type T = Awaited<ReturnType<typeof testApp>>;

export const expiry = futureExpiry();
export const RETURN_URL = 'http://localhost:4244/return';
export const ADDRESS = { address_line1: '1 Main St', postal_code: '10001', country: 'US' };

/** One merchant on a fresh app, with the calls these tests make. */
export async function world(settings: Record<string, unknown> = {}) {
  const t = await testApp();
  const m = await t.merchant({ settings });
  const sk = bearer(m.keys.secret);
  const vault = async (ref: string, extra: Record<string, unknown> = {}) => {
    const res = await t.json('POST', '/v1/tokens', { provider_reference: ref, ...extra }, sk);
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const pay = (id: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.json('POST', '/v1/payment_intents', { amount: 1500, currency: 'usd', payment_method: { id }, ...extra }, { ...sk, ...headers });
  /** Vaults a card of the table and charges it: the create answer's status and body. */
  const charge = async (ref: string, extra: Record<string, unknown> = {}) => {
    const res = await pay(await vault(ref), extra);
    return { status: res.status, body: await res.json() };
  };
  const get = async (id: string) => {
    const res = await t.json('GET', `/v1/payment_intents/${id}`, undefined, sk);
    expect(res.status).toBe(200);
    return res.json();
  };
  const clock = async (advanceSeconds: number) => expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds })).status).toBe(200);
  /** The merchant's outbox: every event, oldest first, with its data parsed. */
  const events = async () =>
    (await t.events(m.merchant.id)).map((e) => ({
      type: e.type,
      data: JSON.parse(e.data) as Record<string, unknown>,
    }));
  const eventsOf = async (intentId: string) => (await events()).filter((e) => e.data.payment_intent_id === intentId);
  /** The buyer's answer on the bank challenge, through the processor's server API (no browser). */
  const challenge = async (challengeUrl: string, result: 'approve' | 'fail') => expect((await answerChallenge(t, m.merchant.id, challengeUrl, result)).status).toBe(200);
  const processorRows = () => (t.sandbox.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n;
  return { t, m, sk, vault, pay, charge, get, clock, events, eventsOf, challenge, processorRows };
}

export const APPROVED = [
  ['visa', '4242'],
  ['visa', '5556'],
  ['mastercard', '4444'],
  ['mastercard', '3222'],
  ['amex', '0005'],
  ['discover', '1117'],
  ['diners', '0004'],
  ['jcb', '0505'],
  ['unionpay', '0005'],
] as const;

/** Doc 3's declines with Doc 2's `action` mapping (written out, not read from the engine's table). */
export const DECLINES = [
  { number: '4000000000000002', code: 'card_declined', action: 'generic' },
  { number: '4000000000009995', code: 'insufficient_funds', action: 'soft' },
  { number: '4000000000000069', code: 'expired_card', action: 'fix_and_retry' },
  { number: '4000000000000127', code: 'incorrect_cvc', action: 'fix_and_retry' },
  { number: '4000000000000036', code: 'incorrect_zip', action: 'fix_and_retry' },
  { number: '4000000000009987', code: 'lost_card', action: 'hard' },
  { number: '4000000000009979', code: 'stolen_card', action: 'hard' },
  { number: '4100000000000019', code: 'fraudulent', action: 'hard' },
  { number: '4000000000000119', code: 'processing_error', action: 'soft' },
  { number: '4000000000006975', code: 'card_velocity_exceeded', action: 'soft' },
  { number: '4000000000110017', code: 'do_not_honor', action: 'hard' },
  { number: '4000000000110025', code: 'issuer_unavailable', action: 'soft' },
  { number: '4000000000110033', code: 'blocked_by_rule', action: 'hard', rule: 'sandbox_block' },
  { number: '4000000000110041', code: 'blocked_by_rule', action: 'hard', rule: null },
  { number: '4000000000110058', code: 'generic_decline', action: 'generic' },
] as const;

/** Codes a browser never sees (Doc 2: the buyer's page shows a plain `card_declined`). */
export const HIDDEN_FROM_BROWSER = new Set(['lost_card', 'stolen_card', 'fraudulent', 'incorrect_cvc', 'blocked_by_rule']);

export const visaRef = (number: string) => `tok_sandbox_visa_${number.slice(-4)}`;
