/**
 * Merchant page to webhook (issue: webhooks): a buyer pays with the card element on the demo shop,
 * the merchant's endpoint receives `charge.succeeded` signed and verified, the merchant refunds,
 * and `charge.refunded` arrives the same way.
 */
import { cards } from '../../fixtures/cards.ts';
import { expect, test } from '../../fixtures/test.ts';
import { startWebhookReceiver } from '../../fixtures/webhook-receiver.ts';
import { ShopPage } from '../../models/shop-page.ts';

test('a card payment on the merchant page reaches the merchant as signed webhooks, and so does its refund', async ({ page, api, server }) => {
  const receiver = await startWebhookReceiver();
  const subscription = await api.createWebhookSubscription(server.secretKey, { url: receiver.url, enabledEvents: ['charge.succeeded', 'charge.refunded'] });
  receiver.setSecret(subscription.secret);
  try {
    const shop = new ShopPage(page, server.demoUrl);
    await shop.open();
    await shop.startOnPageCheckout();
    await shop.pay(cards.approved);
    await expect(shop.result).toContainText('Payment succeeded');
    const sessionId = await shop.sessionId();

    // The demo shop's account is shared with other flows: this payment's events are the ones for its session.
    const ofSession = (type: string) => receiver.events.filter((e) => e.type === type && e.data.session_id === sessionId);
    await expect.poll(() => ofSession('charge.succeeded').length).toBeGreaterThan(0);
    const charged = ofSession('charge.succeeded')[0]!;
    expect(charged).toMatchObject({ livemode: false, data: { amount: 2500, currency: 'USD', card: { brand: 'visa', last4: '4242' } } });
    // The card number itself never travels in an event.
    expect(JSON.stringify(receiver.events)).not.toContain(cards.approved.number.replace(/\s/g, ''));

    const session = await api.getSession(server.secretKey, sessionId);
    expect(session.paymentIntentId).toBe(charged.data.payment_intent_id);
    const refund = await api.createRefund(server.secretKey, { payment_intent: String(session.paymentIntentId), amount: 1000 });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 1000 });

    await expect.poll(() => ofSession('charge.refunded').length).toBeGreaterThan(0);
    expect(ofSession('charge.refunded')[0]).toMatchObject({ data: { refund_id: refund.id, payment_intent_id: charged.data.payment_intent_id, refund_amount: 1000, currency: 'USD' } });
    // Duplicates, if any, are the same event: one id per type for this session.
    expect(new Set(ofSession('charge.succeeded').map((e) => e.id)).size).toBe(1);
    expect(receiver.refused).toBe(0);
  } finally {
    await api.deleteWebhookSubscription(server.secretKey, subscription.id);
    await receiver.close();
  }
});
