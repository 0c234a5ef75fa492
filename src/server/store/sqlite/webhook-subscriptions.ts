/** Webhook subscriptions: soft-deleted, one active row per merchant, mode and URL. */
import type { Db } from './db.ts';
import { jsonTable } from './json-table.ts';
import type { WebhookSubscriptionRecord } from '../../domain/index.ts';
import type { WebhookSubscriptionRepo } from '../types.ts';
import { WEBHOOK_SUBSCRIPTION_COLUMNS } from '../columns.ts';

export function webhookSubscriptionRepo(db: Db): WebhookSubscriptionRepo {
  const t = jsonTable<WebhookSubscriptionRecord>(db, 'webhook_subscriptions', WEBHOOK_SUBSCRIPTION_COLUMNS);
  const byUrl = db.prepare<[string, number, string], { data: string }>(
    'SELECT data FROM webhook_subscriptions WHERE merchant_id = ? AND livemode = ? AND url = ? AND deleted_at IS NULL',
  );
  // Newest first; rows created in the same millisecond are ordered by id so pages never overlap.
  const first = db.prepare<[string, number, number], { data: string }>(
    'SELECT data FROM webhook_subscriptions WHERE merchant_id = ? AND livemode = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ?',
  );
  const next = db.prepare<[string, number, string, string, number], { data: string }>(
    `SELECT data FROM webhook_subscriptions WHERE merchant_id = ? AND livemode = ? AND deleted_at IS NULL AND (created_at, id) < (?, ?)
     ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  return {
    insert: t.insert,
    update: t.update,
    get: t.get,
    findActiveByUrl: async (o, url) => t.parse(byUrl.get(o.merchantId, o.livemode ? 1 : 0, url)),
    async list(o, limit, after) {
      const lm = o.livemode ? 1 : 0;
      const rows = after ? next.all(o.merchantId, lm, after.createdAt, after.id, limit) : first.all(o.merchantId, lm, limit);
      return rows.map((r) => t.parse(r)!);
    },
  };
}
