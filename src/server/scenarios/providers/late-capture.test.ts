/**
 * A capture the provider refuses because the payment already moved is read back, never answered as
 * "nothing moved" (issue 34, finding 1), for Stripe (`payment_intent_unexpected_state`) and
 * Braintree (91507). A capture or void held at the provider's door outlives the service's wait;
 * when it lands, the merchant's next capture finds the payment captured, or released. The old adapters called that
 * refusal a 422 with nothing charged, and the intent read authorized while the provider held the money.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { faultWorld, type FaultWorld } from '../../faults/world.ts';

/** Past the 2-minute grace of a server call. */
const PAST_GRACE = 125;

describe.each([
  ['Stripe', 'card_element'],
  ['Braintree', 'hosted_fields'],
])('%s', (_, processor) => {
  let w: FaultWorld;
  afterEach(() => w.close());

  it('a capture that lands late is found by the next capture: read back and recorded once, as the provider’s ledger has it', async () => {
    w = await faultWorld({}, processor);
    const intent = (await w.pay(await w.card(), 'order-late', { amount: 2500, capture_method: 'manual' })).body;
    expect(intent.status).toBe('authorized');
    const hold = await w.heldOp(intent.id, 'capture');
    await w.advance(PAST_GRACE);
    expect(await w.release(hold)).toBe(1);
    expect(await w.ledger()).toMatchObject([{ captured: 2500 }]);
    // Still in flight at the service (409), or refused by the provider and read back (200): never a 422.
    const again = await w.post(`/v1/payment_intents/${intent.id}/capture`);
    expect(again.status === 200 ? again.body.status : again.body.code).toBe(again.status === 200 ? 'succeeded' : 'invalid_transition');
    await w.advance(20);
    expect((await w.get(`/v1/payment_intents/${intent.id}`)).body).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    expect(await w.ledger()).toMatchObject([{ captured: 2500, refunded: 0 }]);
  });

  it('a void that lands late is found by the next capture: read back, recorded, and the capture refused as released', async () => {
    w = await faultWorld({}, processor);
    const intent = (await w.pay(await w.card(), 'order-void', { amount: 2500, capture_method: 'manual' })).body;
    const hold = await w.heldOp(intent.id, 'void');
    await w.advance(PAST_GRACE);
    expect(await w.release(hold)).toBe(1);
    expect(await w.ledger()).toMatchObject([{ status: 'voided', captured: 0 }]);
    expect((await w.post(`/v1/payment_intents/${intent.id}/capture`)).body.code).toBe('invalid_transition');
    await w.advance(20);
    expect((await w.get(`/v1/payment_intents/${intent.id}`)).body).toMatchObject({ status: 'voided', amount_received: 0 });
  });
});
