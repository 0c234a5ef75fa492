/** Event types the outbox records and webhooks deliver (Doc 2, "Events"). */
export const eventTypes = [
  'charge.succeeded',
  'charge.failed',
  'charge.refunded',
  'refund.failed',
  'mirror.order.created',
  'payment_intent.succeeded',
  'payment_intent.failed',
  'session.failed',
  'dispute.created',
  'dispute.won',
  'dispute.lost',
] as const;
export type EventType = (typeof eventTypes)[number];
