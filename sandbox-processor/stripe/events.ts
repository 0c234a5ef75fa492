/**
 * The Stripe stand-in's webhooks (issue 19): what the sandbox's outbox would tell the service about
 * a transaction made by confirming a stand-in PaymentIntent, written as the Stripe event a platform
 * receives for a connected account (`account`), for `/api/webhooks/stripe`:
 * - a transaction's change: `payment_intent.<status>` with the PaymentIntent as it now stands;
 * - a refund's result: `refund.updated` (succeeded) or `refund.failed`, with the Refund;
 * - a dispute: `charge.dispute.created`, then `charge.dispute.closed` (`won` / `lost`), with the
 *   Dispute, which names its PaymentIntent (Stripe's events never expand it).
 * The outbox signs it the Stripe way (`Stripe-Signature`) and sends it as it sends its own.
 */
import type { EventInput, EventRouter } from '../outbox.ts';
import { newId } from '../facts.ts';
import type { SandboxProcessorCore } from '../processor.ts';
import type { IntentRepo } from './intents.ts';
import { intentOps } from './intent-ops.ts';
import { refundObject } from './objects.ts';

/** The API version the `stripe` SDK the adapter uses pins (its `ApiVersion`). */
export const STAND_IN_API_VERSION = '2026-10-28.endive';

const PI_EVENTS: Record<string, string> = {
  succeeded: 'payment_intent.succeeded',
  requires_capture: 'payment_intent.amount_capturable_updated',
  processing: 'payment_intent.processing',
  requires_action: 'payment_intent.requires_action',
  requires_payment_method: 'payment_intent.payment_failed',
  canceled: 'payment_intent.canceled',
};

export function stripeEventRouter(core: SandboxProcessorCore, intents: IntentRepo): EventRouter {
  const ops = intentOps(core, intents);
  const unix = () => Math.floor(core.now().getTime() / 1000);
  return (event: EventInput) => {
    const transactionId = 'transaction' in event ? event.transaction.id : event.refund.transactionId;
    const intent = intents.byTransaction(transactionId);
    if (!intent) return null;
    const wrap = (type: string, object: Record<string, unknown>) => {
      const id = newId('evt_');
      const body = { id, object: 'event', api_version: STAND_IN_API_VERSION, created: unix(), livemode: intent.livemode, account: intent.merchantId, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
      return { gateway: 'stripe', id, type, body: JSON.stringify(body) };
    };
    if ('refund' in event) {
      const r = core.repo.getRefund(event.refund.id);
      if (!r) return null;
      return wrap(event.type === 'refund.succeeded' ? 'refund.updated' : 'refund.failed', refundObject(r, intent.id, { svcpay_reference: r.reference }));
    }
    if (event.type === 'dispute.created' || event.type === 'dispute.won' || event.type === 'dispute.lost') {
      const t = event.transaction;
      const dispute = {
        id: `dp_${t.id}`,
        object: 'dispute',
        amount: t.amount,
        currency: t.currency.toLowerCase(),
        charge: `ch_${t.id}`,
        payment_intent: intent.id,
        reason: 'general',
        status: event.type === 'dispute.created' ? 'needs_response' : event.type === 'dispute.won' ? 'won' : 'lost',
        created: unix(),
        livemode: intent.livemode,
        metadata: {},
      };
      return wrap(event.type === 'dispute.created' ? 'charge.dispute.created' : 'charge.dispute.closed', dispute);
    }
    // A transaction's change (a confirmation, a bank check answered, a capture settled): the PaymentIntent now.
    const pi = ops.show(intent);
    return wrap(PI_EVENTS[pi.status] ?? 'payment_intent.processing', pi);
  };
}
