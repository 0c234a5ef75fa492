/**
 * Webhook delivery (Doc 3, Webhooks): at least once, signed, retried on the service clock for up
 * to three days, the backlog delivered within the hour once the receiver is back. A real local
 * receiver takes the requests; the clock is moved with `/_sandbox/clock`, which runs due deliveries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, webhookReceiver, type ReceivedWebhook } from '../../testing.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../../platform/signature.ts';
import { GIVE_UP_MS, RETRY_SCHEDULE_MS } from '../../engine/webhooks/webhook-delivery.ts';

let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let base: string;
beforeAll(async () => {
  receiver = await webhookReceiver();
  base = receiver.url;
});
afterAll(() => receiver.close());

/** Whether a received request verifies with `secret`, as a merchant's server would check it on arrival. */
const verified = (hit: ReceivedWebhook, secret: string) => verifySignature(String(hit.headers[SIGNATURE_HEADER]), [secret], hit.body, Math.floor(Date.now() / 1000));

async function world(enabledEvents: string[] = ['charge.succeeded', 'payment_intent.succeeded']) {
  const t = await testApp();
  const m = await t.merchant();
  const h = bearer(m.keys.secret);
  const sub = await (await t.json('POST', '/v1/webhook_subscriptions', { url: `${base}/${m.merchant.id}`, enabledEvents }, h)).json();
  const pay = async (reference = 'tok_sandbox_visa_4242') => {
    const token = await (await t.json('POST', '/v1/tokens', { provider_reference: reference }, h)).json();
    return (await t.json('POST', '/v1/payment_intents', { amount: 1200, currency: 'usd', payment_method: { id: token.id } }, h)).json();
  };
  const clock = (seconds: number) => t.json('POST', '/_sandbox/clock', { advanceSeconds: seconds });
  const mine = () => receiver.hits.filter((x) => JSON.parse(x.body).merchant_id === m.merchant.id);
  return { t, m, sub, pay, clock, mine };
}

describe('delivery', () => {
  it('delivers every event after a receiver down for 24 hours comes back, each verifiable, duplicates sharing id and body', async () => {
    const w = await world();
    receiver.state.answer = 503;
    for (let i = 0; i < 3; i++) await w.pay();
    const events = ((await w.t.query("SELECT id FROM events WHERE type IN ('charge.succeeded','payment_intent.succeeded')")) as { id: string }[]).map((e) => e.id);
    expect(events).toHaveLength(6);
    for (let hour = 0; hour < 24; hour++) await w.clock(3600);
    expect(w.mine().length).toBeGreaterThan(6 * 10);
    receiver.state.answer = 200;
    await w.clock(3600);
    const delivered = w.mine().filter((x) => x.status === 200);
    expect(new Set(delivered.map((x) => JSON.parse(x.body).id))).toEqual(new Set(events));
    for (const id of events) {
      const copies = w.mine().filter((x) => JSON.parse(x.body).id === id);
      expect(new Set(copies.map((x) => x.body)).size, id).toBe(1);
      expect(copies.every((x) => verified(x, w.sub.secret))).toBe(true);
    }
    expect((await w.t.query("SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'delivered'"))[0]).toEqual({ n: 6 });
    // Nothing more goes out once delivered.
    const before = w.mine().length;
    await w.clock(3600);
    expect(w.mine().length).toBe(before);
  });

  it('sends only the selected types, but dispute events to every active subscription', async () => {
    receiver.state.answer = 200;
    const w = await world(['charge.failed']);
    await w.pay('tok_sandbox_visa_0259');
    await w.clock(61);
    await w.clock(1);
    const types = w.mine().map((x) => JSON.parse(x.body).type);
    expect(types).toEqual(['dispute.created']);
  });

  it('keeps every attempt with its answer and schedules the next one, then gives up after three days', async () => {
    const w = await world();
    receiver.state.answer = 500;
    await w.pay();
    await w.clock(0);
    const rows = (await w.t.query('SELECT data FROM webhook_attempts')) as { data: string }[];
    const first = rows.map((r) => JSON.parse(r.data) as { number: number; status: number; at: string; nextAttemptAt: string })[0]!;
    expect(first).toMatchObject({ number: 1, status: 500 });
    const wait = Date.parse(first.nextAttemptAt) - Date.parse(first.at);
    expect(wait).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[0]! * 0.9);
    expect(wait).toBeLessThanOrEqual(RETRY_SCHEDULE_MS[0]!);
    const states = async () => (await w.t.query('SELECT state, count(*) AS n FROM webhook_deliveries GROUP BY state'));
    // Two and a half days of a receiver answering 500: still trying, nothing given up yet.
    for (let hours = 0; hours < 60; hours += 12) await w.clock(12 * 3600);
    expect((await states())).toEqual([{ state: 'pending', n: 2 }]);
    for (let hours = 60; hours * 3600 * 1000 <= GIVE_UP_MS; hours += 12) await w.clock(12 * 3600);
    await w.clock(3600);
    expect((await w.t.query("SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'failed'"))[0]).toEqual({ n: 2 });
    receiver.state.answer = 200;
  });

  it('does not deliver to a disabled or deleted subscription', async () => {
    receiver.state.answer = 200;
    const w = await world();
    await w.t.json('PATCH', `/v1/webhook_subscriptions/${w.sub.id}`, { status: 'disabled' }, bearer(w.m.keys.secret));
    await w.pay();
    await w.clock(0);
    expect(w.mine()).toEqual([]);
  });
});

describe('the QA routes', () => {
  it('list a subscription’s deliveries with every attempt, and redeliver one now', async () => {
    const w = await world();
    receiver.state.answer = 503;
    await w.pay();
    await w.clock(0);
    const list = await (await w.t.json('GET', `/_sandbox/webhook_subscriptions/${w.sub.id}/deliveries`)).json();
    expect(list.data).toHaveLength(2);
    const [d] = list.data;
    expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 503, attemptsLog: [{ number: 1, status: 503 }] });
    receiver.state.answer = 200;
    const again = await (await w.t.json('POST', `/_sandbox/webhook_deliveries/${d.id}/redeliver`, {})).json();
    expect(again).toMatchObject({ id: d.id, state: 'delivered', attempts: 2, attemptsLog: [{ status: 503 }, { number: 2, status: 200 }] });
    const copies = w.mine().filter((x) => JSON.parse(x.body).id === d.eventId);
    expect(copies.map((x) => x.status)).toEqual([503, 200]);
    expect(new Set(copies.map((x) => x.body)).size).toBe(1);
    const unknown = await w.t.json('POST', '/_sandbox/webhook_deliveries/dlv_nothing/redeliver', {});
    expect(unknown.status).toBe(404);
  });
});

describe('a slow receiver', () => {
  it('counts an answer later than the time limit as a failed attempt and tries again', async () => {
    // A one-second limit stands in for Doc 3's ten seconds; margins wide enough for a busy machine.
    const t = await testApp({ SVCPAY_WEBHOOK_TIMEOUT_MS: '1000' });
    const m = await t.merchant();
    const h = bearer(m.keys.secret);
    const slow = await webhookReceiver();
    slow.state.delayMs = 2500;
    try {
      await t.json('POST', '/v1/webhook_subscriptions', { url: `${slow.url}/slow`, enabledEvents: ['charge.succeeded'] }, h);
      const token = await (await t.json('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, h)).json();
      await t.json('POST', '/v1/payment_intents', { amount: 100, currency: 'usd', payment_method: { id: token.id } }, h);
      await t.json('POST', '/_sandbox/clock', { advanceSeconds: 0 });
      const first = JSON.parse(((await t.query('SELECT data FROM webhook_attempts'))[0] as { data: string }).data);
      expect(first).toMatchObject({ number: 1, status: null, error: 'no answer within 1000 ms' });
      expect((await t.query('SELECT state FROM webhook_deliveries'))[0]).toEqual({ state: 'pending' });
      slow.state.delayMs = 0;
      await t.json('POST', '/_sandbox/clock', { advanceSeconds: 31 });
      expect((await t.query('SELECT state FROM webhook_deliveries'))[0]).toEqual({ state: 'delivered' });
    } finally {
      await slow.close();
    }
  });
});
