/**
 * The domain floor: records, their types and domain errors, which the store, the processors and
 * the engine all stand on. It imports nothing of the server but itself.
 */
export * from './merchant.ts';
export * from './records.ts';
export * from './provider-account.ts';
export type { InboundEventRecord, WebhookAttemptRecord, WebhookDeliveryRecord, WebhookSubscriptionRecord } from './webhook-records.ts';
export type * from './operations.ts';
