/**
 * The columns each JSON-kept table copies from its record, for both backends (sqlite/json-table.ts,
 * postgres/json-table.ts): one map per table, so the two never drift apart.
 */
import type { PaymentMethodRecord, RefundRecord, SettlementRecord, WebhookAttemptRecord, WebhookDeliveryRecord, WebhookSubscriptionRecord } from '../domain/index.ts';

type Columns<R> = Record<string, keyof R | ((r: R) => unknown)>;

export const SETTLEMENT_COLUMNS: Columns<SettlementRecord> = { merchant_id: 'merchantId', livemode: 'livemode', intent_id: 'intentId', processor_ref: 'processorRef', created_at: 'createdAt' };

export const REFUND_COLUMNS: Columns<RefundRecord> = {
  merchant_id: 'merchantId',
  livemode: 'livemode',
  settlement_id: 'settlementId',
  status: 'status',
  amount: 'amount',
  processor_ref: 'processorRefundId',
  created_at: 'createdAt',
  idem_key: (r) => r.idemKey ?? null,
};

export const PAYMENT_METHOD_COLUMNS: Columns<PaymentMethodRecord> = { merchant_id: 'merchantId', livemode: 'livemode', status: 'status', buyer_record_id: 'buyerRecordId', created_at: 'createdAt' };

export const WEBHOOK_SUBSCRIPTION_COLUMNS: Columns<WebhookSubscriptionRecord> = { merchant_id: 'merchantId', livemode: 'livemode', url: 'url', created_at: 'createdAt', deleted_at: 'deletedAt' };

export const WEBHOOK_DELIVERY_COLUMNS: Columns<WebhookDeliveryRecord> = { subscription_id: 'subscriptionId', event_id: 'eventId', state: 'state', next_attempt_at: 'nextAttemptAt', created_at: 'createdAt' };

export const WEBHOOK_ATTEMPT_COLUMNS: Columns<WebhookAttemptRecord> = { delivery_id: 'deliveryId', number: 'number' };
