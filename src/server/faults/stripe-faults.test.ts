/**
 * The fault switchboard on the Stripe stand-in (issue 19): a `card_element` merchant's calls go
 * through the real `stripe` SDK over HTTP to the stand-in, and faults armed with the control API
 * act on them as on the sandbox's own. Money stays right: a lost answer is looked up by the attempt's
 * reference (Stripe's metadata search), a charge held past the give-up is fenced (its PaymentIntent
 * canceled before the confirmation lands), and a Stripe that cannot serve moves nothing twice.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from './world.ts';

let w: FaultWorld;
beforeEach(async () => (w = await faultWorld({}, 'card_element')));
afterEach(() => w.close());

/** What the merchant heard in `payment_intent.failed` of an intent. */
const failedEvent = (id: string) =>
  (w.t.store.db.prepare("SELECT data FROM events WHERE type = 'payment_intent.failed'").all() as { data: string }[]).map((e) => e.data).find((d) => d.includes(id));

/** Past the 2-minute grace of a server call: the reconciler gives up. */
const PAST_GRACE = 125;
/** The second watch's first look, ten minutes after giving up. */
const FIRST_RECHECK = 600;

it('a charge whose answer is lost is recorded once, from Stripe’s webhook or a look-up by its reference, whichever comes first', async () => {
  const pm = await w.card();
  await w.arm({ operation: 'charge', kind: 'lose_answer' });
  await w.arm({ operation: 'lookup', kind: 'down' });
  const lost = await w.pay(pm, 'order-1');
  // Stripe's payment_intent.succeeded may be applied before the service answers (201), or after (502, unknown).
  expect([201, 502]).toContain(lost.status);
  const id = (lost.body.id ?? lost.body.payment_intent) as string;
  await w.advance(20);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
  // The merchant's retry with the same key reads the same payment: Stripe charged once.
  expect((await w.pay(pm, 'order-1')).body).toMatchObject({ id, status: 'succeeded' });
  expect((await w.ledger()).map((e) => e.captured)).toEqual([1500]);
});

it('a Stripe that cannot serve (down) charges nothing; the reconciler finds nothing and the intent fails, once', async () => {
  const pm = await w.card();
  await w.arm({ operation: 'charge', kind: 'down' });
  const res = await w.pay(pm, 'order-2');
  // Stripe's 503 cannot say whether it acted: the outcome is unknown until the look-up.
  expect(res.status).toBe(502);
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${res.body.payment_intent}`)).body.status).toBe('failed');
  expect(await w.ledger()).toEqual([]);
  expect((await w.pay(pm, 'order-2-retry')).body.status).toBe('succeeded');
  expect((await w.ledger()).map((e) => e.captured)).toEqual([1500]);
});

it('a charge whose confirmation is held past the grace is fenced: its PaymentIntent is canceled, the late confirmation is refused, nothing to reverse', async () => {
  const pm = await w.card();
  const { hold, id } = await w.heldCharge(pm, 'order-3');
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0 });
  // Fenced first, so the merchant hears that nothing was charged.
  expect(failedEvent(id)).toMatch(/nothing was charged/);
  // The confirmation lands on a canceled PaymentIntent: Stripe refuses it, no money moves (issue 34, "No false final state").
  expect(await w.release(hold)).toBe(1);
  expect(await w.ledger()).toEqual([]);
  await w.advance(FIRST_RECHECK);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0 });
  expect(await w.ledger()).toEqual([]);
});

it('agent_hosted_fields, Stripe too: a charge whose confirmation is held past the grace is fenced, nothing charged', async () => {
  const agent = await faultWorld({}, 'agent_hosted_fields');
  try {
    const { hold, id } = await agent.heldCharge(await agent.card(), 'order-7');
    await agent.advance(PAST_GRACE);
    expect((await agent.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0 });
    expect(await agent.release(hold)).toBe(1);
    await agent.advance(FIRST_RECHECK);
    expect(await agent.ledger()).toEqual([]);
  } finally {
    await agent.close();
  }
});

it('a charge whose PaymentIntent is created late moves no money: only a confirmation charges, and none is sent after the give-up', async () => {
  const pm = await w.card();
  // The charge's first call to Stripe, its unconfirmed create, held at the door.
  const hold = await w.arm({ operation: 'any', kind: 'hold' });
  const lost = await w.pay(pm, 'order-5');
  expect(lost.body.code).toBe('payment_outcome_unknown');
  await w.holding(hold);
  const id = lost.body.payment_intent as string;
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0 });
  expect(await w.release(hold)).toBe(1);
  await w.advance(FIRST_RECHECK);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0 });
  expect(await w.ledger()).toEqual([]);
});

it('a fence Stripe cannot serve is no give-up: the intent waits, fenced at the next pass, and the late confirmation is still refused', async () => {
  const pm = await w.card();
  const { hold, id } = await w.heldCharge(pm, 'order-6');
  // The fence's cancel (the switchboard's void) meets a Stripe that cannot serve.
  await w.arm({ operation: 'void', kind: 'down' });
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${id}`)).body.status).not.toBe('failed');
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0 });
  expect(await w.release(hold)).toBe(1);
  await w.advance(FIRST_RECHECK);
  expect(await w.ledger()).toEqual([]);
});

it('a refund whose answer is lost is found among the PaymentIntent’s refunds: one refund, never two', async () => {
  const pm = await w.card();
  const intent = (await w.pay(pm, 'order-4', { amount: 3000 })).body.id as string;
  await w.arm({ operation: 'refund', kind: 'lose_answer' });
  await w.arm({ operation: 'lookup', kind: 'down' });
  expect([201, 502]).toContain((await w.refund(intent, 'refund-4', 500)).status);
  await w.advance(20);
  expect((await w.get(`/v1/refunds?payment_intent=${intent}`)).body.data[0]).toMatchObject({ status: 'succeeded', amount: 500 });
  expect((await w.refund(intent, 'refund-4', 500)).body).toMatchObject({ status: 'succeeded', amount: 500 });
  expect((await w.ledger())[0]).toMatchObject({ refunded: 500 });
});
