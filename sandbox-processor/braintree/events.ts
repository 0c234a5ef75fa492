/**
 * The Braintree stand-in's webhooks (issue 19): what the sandbox's outbox would tell the service
 * about one of the stand-in's sales, as the webhook notification Braintree posts to
 * `/api/webhooks/braintree`: a form with `bt_payload` (base64 of the `<notification>` XML) and
 * `bt_signature` (`<public key>|<HMAC-SHA1 of the payload keyed with SHA-1 of the private key>`).
 * - a sale settled: `transaction_settled`; a refund (a credit) settled or declined:
 *   `transaction_settled` / `transaction_settlement_declined` of the credit;
 * - a dispute: `dispute_opened`, `dispute_won`, `dispute_lost`, naming its transaction.
 * Braintree sends nothing for the rest (an authorization, a decline): those are dropped.
 */
import { createHash, createHmac } from 'node:crypto';
import type { EventInput, EventRouter } from '../outbox.ts';
import type { SandboxProcessorCore } from '../processor.ts';
import { disputeObject } from './objects.ts';
import { accountName, transactionXml, type SalesRepo } from './sales.ts';
import { element, type XmlObject } from './xml.ts';

/** Braintree's webhook signature of a payload: the public key, and the HMAC-SHA1 keyed with SHA-1 of the private key. */
export function btSignature(publicKey: string, privateKey: string, payload: string): string {
  const key = createHash('sha1').update(privateKey).digest();
  return `${publicKey}|${createHmac('sha1', key).update(payload).digest('hex')}`;
}

export function braintreeEventRouter(core: SandboxProcessorCore, sales: SalesRepo, keys: { publicKey: string; privateKey: string }): EventRouter {
  const notify = (kind: string, subject: XmlObject) => {
    const xml = element('notification', { timestamp: core.now(), kind, subject });
    const payload = `${Buffer.from(xml).toString('base64')}\n`;
    const body = new URLSearchParams({ bt_signature: btSignature(keys.publicKey, keys.privateKey, payload), bt_payload: payload }).toString();
    // Braintree's notifications carry no id: the payload names one (a retry sends the same bytes).
    return { gateway: 'braintree', id: `bt_${createHash('sha256').update(payload).digest('hex').slice(0, 32)}`, type: kind, body };
  };
  return (event: EventInput) => {
    const transactionId = 'transaction' in event ? event.transaction.id : event.refund.transactionId;
    if (!sales.has(transactionId)) return null;
    if ('refund' in event) {
      const credit = transactionXml(core, event.refund.id);
      if (!credit) return 'drop';
      return notify(event.type === 'refund.succeeded' ? 'transaction_settled' : 'transaction_settlement_declined', { transaction: credit });
    }
    const t = core.repo.getTransaction(transactionId);
    if (!t) return 'drop';
    if (event.type === 'dispute.created' || event.type === 'dispute.won' || event.type === 'dispute.lost') {
      const kind = event.type === 'dispute.created' ? 'dispute_opened' : event.type === 'dispute.won' ? 'dispute_won' : 'dispute_lost';
      return notify(kind, { dispute: { ...disputeObject(t), merchantAccountId: accountName(t.merchantId, t.currency) } });
    }
    // A sale's change: Braintree tells only of its settlement.
    return t.status === 'approved' && t.captureState === 'settled' ? notify('transaction_settled', { transaction: transactionXml(core, t.id)! }) : 'drop';
  };
}
