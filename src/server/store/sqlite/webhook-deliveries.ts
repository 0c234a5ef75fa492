/** Webhook deliveries (one per event and subscription) and their attempts. */
import type { Db } from './db.ts';
import { jsonTable } from './json-table.ts';
import type { WebhookAttemptRecord, WebhookDeliveryRecord, WebhookSubscriptionRecord } from '../../domain/index.ts';
import type { WebhookDeliveryRepo } from '../types.ts';
import { WEBHOOK_ATTEMPT_COLUMNS, WEBHOOK_DELIVERY_COLUMNS } from '../columns.ts';

export function webhookDeliveryRepo(db: Db): WebhookDeliveryRepo {
  const t = jsonTable<WebhookDeliveryRecord>(db, 'webhook_deliveries', WEBHOOK_DELIVERY_COLUMNS);
  const attempts = jsonTable<WebhookAttemptRecord>(db, 'webhook_attempts', WEBHOOK_ATTEMPT_COLUMNS);
  const due = db.prepare<[string, string, number], { data: string }>(
    "SELECT data FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ? AND subscription_id NOT IN (SELECT value FROM json_each(?)) ORDER BY next_attempt_at, id LIMIT ?",
  );
  const forSub = db.prepare<[string, number], { data: string }>('SELECT data FROM webhook_deliveries WHERE subscription_id = ? ORDER BY created_at DESC, id DESC LIMIT ?');
  const ofDelivery = db.prepare<[string], { data: string }>('SELECT data FROM webhook_attempts WHERE delivery_id = ? ORDER BY number');
  const active = db.prepare<[string, number], { data: string }>('SELECT data FROM webhook_subscriptions WHERE merchant_id = ? AND livemode = ? AND deleted_at IS NULL');
  return {
    insert: t.insert,
    update: t.update,
    get: t.get,
    insertAttempt: attempts.insert,
    due: async (now, limit, skip = []) => due.all(now, JSON.stringify(skip), limit).map((r) => t.parse(r)!),
    forSubscription: async (id, limit) => forSub.all(id, limit).map((r) => t.parse(r)!),
    attempts: async (id) => ofDelivery.all(id).map((r) => attempts.parse(r)!),
    activeSubscriptions: async (o) => active.all(o.merchantId, o.livemode ? 1 : 0).map((r) => JSON.parse(r.data) as WebhookSubscriptionRecord),
  };
}
