/**
 * Webhook order (issue 35): `created` is whole seconds (Doc 2's envelope) and deliveries run side
 * by side, so a buyer's declined card and the card that paid after it arrive in the same second,
 * in any order. Every envelope carries `sequence`, counting up in the order the service wrote its
 * events, so a receiver orders the events of one object by it; `GET /v1/webhook_events/{id}` reads it too.
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { bearer, testApp, webhookReceiver } from '../../testing.ts';
import { CARD, INSUFFICIENT, session } from '../payments/payments.fixtures.ts';

let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  receiver = await webhookReceiver();
});
afterAll(() => receiver.close());
afterEach(() => vi.useRealTimers());

interface Envelope {
  id: string;
  type: string;
  created: number;
  sequence: number;
  data: { session_id: string };
}

it('a declined card then the card that paid, in one second: the envelopes order them by sequence', async () => {
  const t = await testApp();
  const s = await session(t, {}, { sameSessionRetry: 2 });
  const sk = bearer(s.m.keys.secret);
  const url = `${receiver.url}/${s.m.merchant.id}`;
  const sub = await t.json('POST', '/v1/webhook_subscriptions', { url, enabledEvents: ['charge.failed', 'charge.succeeded', 'payment_intent.failed', 'payment_intent.succeeded'] }, sk);
  expect(sub.status).toBe(201);
  receiver.state.answer = 200;
  // The two charges happen in one second of the service clock whatever the machine's load: the
  // wall clock the service clock follows stands still while they run (timers still fire).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 500);
  expect((await (await s.charge(INSUFFICIENT)).json()).status).toBe('failed');
  expect((await (await s.charge(CARD)).json()).status).toBe('succeeded');
  vi.useRealTimers();
  // Moving the clock runs every delivery that is due.
  expect((await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 })).status).toBe(200);

  const got = receiver.hits.map((h) => JSON.parse(h.body) as Envelope & { merchant_id: string }).filter((e) => e.merchant_id === s.m.merchant.id);
  expect(new Set(got.map((e) => e.type))).toEqual(new Set(['charge.failed', 'payment_intent.failed', 'charge.succeeded', 'payment_intent.succeeded']));
  const one = (type: string) => got.find((e) => e.type === type)!;
  // Whole seconds cannot tell them apart; the sequence does, in the order they happened.
  expect(one('charge.failed').created).toBe(one('charge.succeeded').created);
  for (const e of got) expect(Number.isInteger(e.sequence) && e.sequence > 0).toBe(true);
  expect(one('charge.failed').sequence).toBeLessThan(one('charge.succeeded').sequence);
  expect(one('payment_intent.failed').sequence).toBeLessThan(one('payment_intent.succeeded').sequence);
  expect(new Set(got.map((e) => e.sequence)).size).toBe(got.length);

  // The event read back is the envelope that was delivered, sequence included.
  const read = await t.json('GET', `/v1/webhook_events/${one('charge.succeeded').id}`, undefined, sk);
  expect(read.status).toBe(200);
  expect(await read.json()).toEqual(one('charge.succeeded'));
});
