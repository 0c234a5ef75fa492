/**
 * Issue 34, finding 2 and "No false final state": a call the service stopped waiting for may land
 * late where the provider cannot refuse it: a refund on Stripe and Braintree, a charge on Braintree
 * (Stripe's charge is fenced: its PaymentIntent is canceled before the confirmation lands). A charge
 * the service announced `failed` that lands anyway is reversed at the provider, never recorded as a
 * payment, so the merchant who charged again (as `failed` invites) charges the buyer once; on
 * Stripe it never lands, and nothing needs reversing. A refund whose answer never came stays
 * `requested`, keeping its share of the balance, until the provider shows it, so no reissue pays it
 * twice. Over real HTTP, the late arrival made with the switchboard's `hold`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { faultWorld, type FaultWorld, type LedgerRow } from '../../faults/world.ts';
import { ACCOUNT_HEADER } from '../../../../sandbox-processor/api.ts';

/** Past the 2-minute grace of a server call: the reconciler gives up on a charge. */
const PAST_GRACE = 125;
/** The second watch's first look, ten minutes after giving up, and the one after it. */
const TWO_LOOKS = 3 * 600;

/** Money the provider kept: captured less refunded, over the merchant's ledger. */
const providerNet = (rows: LedgerRow[]) => rows.reduce((sum, e) => sum + e.captured - e.refunded, 0);

const eventsOf = (w: FaultWorld, id: string) =>
  (w.t.store.db.prepare('SELECT type, data FROM events ORDER BY created, rowid').all() as { type: string; data: string }[])
    .map((e) => ({ type: e.type, data: JSON.parse(e.data) as Record<string, unknown> }))
    .filter((e) => e.data.payment_intent_id === id);

/**
 * A charge held past the grace, the intent announced failed, and the merchant's retry under a new
 * key (as `failed` invites), before the held call is released: what `payment_intent.failed` said.
 */
async function failedThenRetried(w: FaultWorld) {
  const pm = await w.card();
  const { hold, id } = await w.heldCharge(pm, 'order-1');
  await w.advance(PAST_GRACE);
  expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed' });
  const failed = JSON.stringify(eventsOf(w, id).find((e) => e.type === 'payment_intent.failed')!.data);
  expect((await w.pay(pm, 'order-1-retry')).body).toMatchObject({ status: 'succeeded', amount_received: 1500 });
  return { hold, id, failed };
}

/** The reversals recorded beside an intent's charge attempt. */
const reversalsOf = (w: FaultWorld, id: string) => w.t.store.db.prepare("SELECT amount FROM payment_attempts WHERE intent_id = ? AND reference LIKE '%_reversal'").all(id);

describe('a charge held past the grace, per provider: Braintree reverses it, Stripe fences it', () => {
  let w: FaultWorld;
  afterEach(() => w.close());

  it('Braintree (hosted_fields), which cannot refuse it: a charge announced failed that lands later is reversed, the merchant’s retry is the only money kept', async () => {
    w = await faultWorld({}, 'hosted_fields');
    const { hold, id, failed } = await failedThenRetried(w);
    // The provider did not confirm; the service cannot know nothing moved, and does not say so.
    expect(failed).not.toMatch(/nothing was charged/i);
    expect(await w.release(hold)).toBe(1);
    expect((await w.ledger()).map((e) => e.captured)).toEqual([1500, 1500]);

    await w.advance(TWO_LOOKS);
    expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0 });
    expect(eventsOf(w, id).map((e) => e.type)).toEqual(['payment_intent.failed']);
    const ledger = await w.ledger();
    // What the service reports (the retry) is what the provider kept.
    expect(providerNet(ledger)).toBe(1500);
    // The reversal is recorded beside the attempt it undoes, once, however many looks follow.
    const reversals = () => reversalsOf(w, id);
    expect(reversals()).toEqual([{ amount: 1500 }]);
    await w.advance(24 * 3600);
    expect(reversals()).toHaveLength(1);
    expect(providerNet(await w.ledger())).toBe(1500);
    expect(w.t.logLines.some((l) => l.includes('reversed'))).toBe(true);
  });

  it('Stripe (card_element): a charge announced failed is fenced: its late confirmation is refused, the merchant’s retry is the only money taken, nothing reversed', async () => {
    w = await faultWorld({}, 'card_element');
    const { hold, id, failed } = await failedThenRetried(w);
    // The PaymentIntent was canceled before the give-up: the service knows nothing moved, and says so.
    expect(failed).toMatch(/nothing was charged/i);
    expect(await w.release(hold)).toBe(1);
    expect((await w.ledger()).map((e) => e.captured)).toEqual([1500]);
    await w.advance(TWO_LOOKS);
    expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0 });
    expect(eventsOf(w, id).map((e) => e.type)).toEqual(['payment_intent.failed']);
    expect(reversalsOf(w, id)).toEqual([]);
    expect(providerNet(await w.ledger())).toBe(1500);
  });
});

describe.each(['card_element', 'hosted_fields'])('a provider that cannot refuse a late refund (%s)', (processor) => {
  let w: FaultWorld;
  afterEach(() => w.close());

  it('a refund whose answer never came stays requested until the provider shows it: a reissue is refused, the money moves once', async () => {
    w = await faultWorld({}, processor);
    const pm = await w.card();
    const intent = (await w.pay(pm, 'order-2', { amount: 3000 })).body.id as string;
    await w.advance(24 * 3600);
    const hold = await w.arm({ operation: 'refund', kind: 'hold' });
    expect((await w.refund(intent, 'refund-2')).status).toBe(502);
    await w.advance(PAST_GRACE);
    const statuses = async () => ((await w.get(`/v1/refunds?payment_intent=${intent}`)).body.data as { status: string }[]).map((r) => r.status);
    // Never canceled while it may still land: canceled invites the reissue that refunds twice.
    expect(await statuses()).toEqual(['requested']);
    await w.advance(TWO_LOOKS);
    expect(await statuses()).toEqual(['requested']);
    // The reissue of the same money is refused: the requested refund holds the balance.
    expect((await w.refund(intent, 'refund-2-again')).body.code).toBe('refund_amount_exceeds_remaining');

    expect(await w.release(hold)).toBe(1);
    await w.advance(TWO_LOOKS);
    expect(await statuses()).toEqual(['succeeded']);
    expect((await w.get(`/v1/refunds?payment_intent=${intent}`)).body).toMatchObject({ amount_refunded: 3000 });
    expect(providerNet(await w.ledger())).toBe(0);
  });

  it('a refund the provider never shows is canceled only when the watch ends, 72 hours on', async () => {
    w = await faultWorld({}, processor);
    const pm = await w.card();
    const intent = (await w.pay(pm, 'order-3', { amount: 3000 })).body.id as string;
    await w.advance(24 * 3600);
    await w.arm({ operation: 'refund', kind: 'hold' });
    expect((await w.refund(intent, 'refund-3', 1000)).status).toBe(502);
    const status = async () => (await w.get(`/v1/refunds?payment_intent=${intent}`)).body.data[0].status as string;
    for (let h = 0; h < 70; h += 10) await w.advance(10 * 3600);
    expect(await status()).toBe('requested');
    await w.advance(3 * 3600);
    expect(await status()).toBe('canceled');
  });
});

it('a late Braintree sale on an intent announced failed is reversed as soon as Braintree tells of it, not at the second watch’s next look', async () => {
  const w = await faultWorld({}, 'hosted_fields');
  try {
    const pm = await w.card();
    const { hold, id } = await w.heldCharge(pm, 'order-told');
    await w.advance(PAST_GRACE);
    expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed' });
    expect(await w.release(hold)).toBe(1);
    const [late] = await w.ledger();
    expect(late).toMatchObject({ captured: 1500 });
    // Braintree posts the sale's settlement (a form, over HTTP) before the clock moves again.
    const sent = await w.t.sandbox.app.request('/v1/events', {
      method: 'POST',
      headers: { Authorization: `Bearer ${w.t.processorSecret}`, [ACCOUNT_HEADER]: w.m.id, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'capture.settled', transactionId: late!.id }),
    });
    expect(sent.status).toBe(202);
    await expect.poll(async () => providerNet(await w.ledger())).toBe(0);
    expect((await w.get(`/v1/payment_intents/${id}`)).body).toMatchObject({ status: 'failed', amount_received: 0 });
    expect(eventsOf(w, id).map((e) => e.type)).toEqual(['payment_intent.failed']);
  } finally {
    await w.close();
  }
});
