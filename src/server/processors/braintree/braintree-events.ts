/**
 * Braintree's webhooks for the Braintree adapter (issue 19): a form with `bt_signature` and
 * `bt_payload`, verified the Braintree way by the real SDK (`webhookNotification.parse`: the public
 * key and an HMAC-SHA1 keyed with SHA-1 of the private key), then read as the engine's events:
 * - `transaction_settled` of a sale: the payment as it now stands (`transaction.updated`);
 * - `transaction_settled` / `transaction_settlement_declined` of a credit: a refund's result;
 * - `dispute_opened`, `dispute_won`, `dispute_lost`: the dispute of the payment it names.
 * Braintree's notifications carry no id: the payload's hash names one, so a retry is one event.
 */
import { createHash } from 'node:crypto';
import type braintree from 'braintree';
import type { Merchant } from '../../domain/index.ts';
import type { ProviderEvent } from '../types.ts';
import { merchantOfAccount } from './braintree-calls.ts';
import { refundOf, transactionOf } from './braintree-read.ts';

/** What is kept of a verified notification: its id, kind and subject, as plain JSON. */
export interface KeptNotification {
  id: string;
  kind: string;
  transaction?: braintree.Transaction;
  dispute?: braintree.Dispute & { merchantAccountId?: string };
}

/** A posted form's signature and payload; null when either is missing. */
export function notificationForm(raw: string): { signature: string; payload: string } | null {
  const form = new URLSearchParams(raw);
  const signature = form.get('bt_signature');
  const payload = form.get('bt_payload');
  return signature && payload ? { signature, payload } : null;
}

export function keptNotification(payload: string, n: braintree.WebhookNotification): KeptNotification {
  const { kind, transaction, dispute } = n as braintree.WebhookNotification & { transaction?: braintree.Transaction; dispute?: braintree.Dispute };
  return { id: `bt_${createHash('sha256').update(payload).digest('hex').slice(0, 32)}`, kind, ...(transaction ? { transaction } : {}), ...(dispute ? { dispute } : {}) };
}

const DISPUTES: Record<string, 'dispute.created' | 'dispute.won' | 'dispute.lost'> = { dispute_opened: 'dispute.created', dispute_won: 'dispute.won', dispute_lost: 'dispute.lost' };

/** A kept notification as the engine's provider event; null for a kind the adapter does not read. `owner`: as parseStripeEvent's. */
export function parseBraintreeNotification(json: unknown, owner: string | null = null): ProviderEvent | null {
  const n = json as Partial<KeptNotification> | null;
  if (!n || typeof n !== 'object' || typeof n.id !== 'string' || typeof n.kind !== 'string') return null;
  const t = n.transaction;
  // A merchant's own gateway is all its own; the platform's names the merchant in the merchant account.
  const merchantId = owner ?? merchantOfAccount(t?.merchantAccountId ?? n.dispute?.merchantAccountId);
  if (!merchantId) return null;
  const merchant = { id: merchantId } as Merchant;
  try {
    if (t && (n.kind === 'transaction_settled' || n.kind === 'transaction_settlement_declined')) {
      if (t.type === 'sale') return n.kind === 'transaction_settled' ? { id: n.id, type: 'transaction.updated', transaction: transactionOf(merchant, t) } : null;
      if (!t.orderId || !t.refundedTransactionId) return null;
      const refund = refundOf(t, t.orderId, t.refundedTransactionId);
      if (refund.status === 'pending') return null;
      return { id: n.id, type: refund.status === 'succeeded' ? 'refund.succeeded' : 'refund.failed', refund, merchantId };
    }
    const type = DISPUTES[n.kind];
    const disputed = n.dispute?.transaction?.id;
    return type && disputed ? { id: n.id, type, transaction: { id: disputed, merchantId } } : null;
  } catch {
    return null;
  }
}
