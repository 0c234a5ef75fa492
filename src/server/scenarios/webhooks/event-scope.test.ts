/**
 * Issue 32, finding 2: a merchant with its own Stripe account signs events with its own endpoint's
 * secret. Each speaks for that merchant only: naming another merchant's payment, intent, session or
 * refund (ids a buyer sees) changes nothing there, and is kept as ignored with a warning line.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { world, type Json } from '../refunds/fixtures.ts';
import { drainInbound } from '../../engine/webhooks/inbound-events.ts';

const OWN = { provider: 'stripe', secretKey: 'sk_test_OtherShopKey0001', publishableKey: 'pk_test_OtherShopPk0002', webhookSecret: 'whsec_OtherShopEndpoint0003' } as const;

/** Merchant Y on the shared sandbox processor (the tests' `w`), and merchant X with its own Stripe account. */
async function twoMerchants() {
  const w = await world({ disputeReporting: 'tracked' });
  const x = (await (await w.t.json('POST', '/_sandbox/merchants', { processor: 'card_element', providerAccount: OWN, settings: { disputeReporting: 'tracked' } })).json()) as Json;
  const gateway = `stripe_${x.id}`;
  let n = 0;
  /** X signs `type` about `object` with its own secret, posts it to its own gateway, and it is applied. */
  const xSends = async (type: string, object: Json) => {
    const payload = JSON.stringify({ id: `evt_forged_${++n}`, object: 'event', type, data: { object } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: OWN.webhookSecret });
    const res = await w.t.app.request(`/api/webhooks/${gateway}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
    expect(res.status).toBe(200);
    await drainInbound(w.t.deps);
  };
  const settlement = async (pi: Json) => (await w.t.store.read.settlements.get(pi.vp_tx_id as string))!;
  const rows = async () => (await w.t.query('SELECT state FROM inbound_events ORDER BY seq')).map((r) => (r as { state: string }).state);
  const warnings = () => w.t.logLines.filter((l) => l.includes('another merchant'));
  return { ...w, x, gateway, xSends, settlement, rows, warnings };
}

const paymentIntent = (id: string, metadata: Json = {}) => ({ id, object: 'payment_intent', status: 'succeeded', amount: 1000, amount_received: 1000, currency: 'usd', latest_charge: 'ch_forged', payment_method: null, metadata });

describe('provider events on a merchant’s own gateway (issue 32, finding 2)', () => {
  it('never settle, pay or dispute another merchant’s payment', async () => {
    const w = await twoMerchants();
    // Y's payment, captured, its settlement not confirmed yet.
    const pi = await w.pay(1000, '0066');
    const before = await w.settlement(pi);
    expect(before).toMatchObject({ status: 'pending', dispute: null });
    const intentBefore = await (await w.get(`/v1/payment_intents/${pi.id}`)).json();
    const session = (await (await w.post('/v1/sessions', { amount: 1000, currency: 'usd' })).json()) as Json;

    await w.xSends('payment_intent.succeeded', paymentIntent(before.processorRef));
    await w.xSends('payment_intent.succeeded', paymentIntent('pi_forged_session', { svcpay_session: session.id }));
    await w.xSends('charge.dispute.created', { id: 'dp_forged', object: 'dispute', payment_intent: before.processorRef, status: 'needs_response' });

    expect(await w.settlement(pi)).toEqual(before);
    expect(await (await w.get(`/v1/payment_intents/${pi.id}`)).json()).toEqual(intentBefore);
    expect((await w.t.store.read.sessions.get(session.id))!.status).toBe('pending');
    expect(await w.events('dispute.created')).toEqual([]);
    expect(await w.rows()).toEqual(['ignored', 'ignored', 'ignored']);
    // One warning per event: the gateway, the event and its type; nothing of the payment.
    const warned = w.warnings();
    expect(warned).toHaveLength(3);
    for (const [i, type] of ['transaction.updated', 'transaction.updated', 'dispute.created'].entries()) {
      expect(warned[i]).toContain(w.gateway);
      expect(warned[i]).toContain(`evt_forged_${i + 1}`);
      expect(warned[i]).toContain(type);
      expect(warned[i]).not.toMatch(/0066|last4|card/);
    }
  });

  it('never decide another merchant’s refund, which its own processor still decides', async () => {
    const w = await twoMerchants();
    // Y's refunds of a card whose refunds the processor answers later.
    const pi = await w.pay(3000, '0082');
    const refunds: Json[] = [];
    for (const amount of [500, 700]) refunds.push((await (await w.refund({ payment_intent: pi.id, amount })).json()) as Json);
    const rows = await Promise.all(refunds.map(async (r) => (await w.t.store.read.refunds.get(r.id as string))!));
    expect(rows.map((r) => r.status)).toEqual(['requested', 'requested']);
    const { processorRef } = await w.settlement(pi);
    const stripeRefund = (r: (typeof rows)[number], status: string) => ({ id: r.processorRefundId, object: 'refund', status, amount: r.amount, currency: 'usd', payment_intent: processorRef, metadata: { svcpay_reference: 'anything' } });

    await w.xSends('refund.updated', stripeRefund(rows[0]!, 'succeeded'));
    await w.xSends('refund.failed', stripeRefund(rows[1]!, 'failed'));
    expect((await Promise.all(rows.map((r) => w.t.store.read.refunds.get(r.id)))).map((r) => r!.status)).toEqual(['requested', 'requested']);
    expect(await w.events('charge.refunded')).toEqual([]);
    expect(await w.events('refund.failed')).toEqual([]);
    expect(await w.rows()).toEqual(['ignored', 'ignored']);
    expect(w.warnings()).toHaveLength(2);

    // The shared sandbox gateway, which names no merchant on a refund, still decides Y's.
    expect((await w.providerEvent('refund.succeeded', { payment_intent: pi.id })).status).toBe(202);
    await drainInbound(w.t.deps);
    expect((await Promise.all(rows.map((r) => w.t.store.read.refunds.get(r.id)))).map((r) => r!.status)).toContain('succeeded');
    expect(await w.events('charge.refunded')).toHaveLength(1);
  });
});
