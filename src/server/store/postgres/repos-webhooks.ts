/** The Postgres forms of the outbox and webhook repos (../sqlite/events.ts, webhook-subscriptions.ts, webhook-deliveries.ts). */
import type { WebhookAttemptRecord, WebhookDeliveryRecord, WebhookSubscriptionRecord } from '../../domain/index.ts';
import type { EventRecord, EventRepo, WebhookDeliveryRepo, WebhookSubscriptionRepo } from '../types.ts';
import { WEBHOOK_ATTEMPT_COLUMNS, WEBHOOK_DELIVERY_COLUMNS, WEBHOOK_SUBSCRIPTION_COLUMNS } from '../columns.ts';
import { bit, jsonTable, parse, parseAll, type Q } from './json-table.ts';

interface EventRow {
  id: string;
  merchant_id: string;
  livemode: number;
  type: string;
  created: string | number;
  data: string;
  seq: string | number;
}

export function eventRepo(q: Q): EventRepo {
  const toRecord = (r: EventRow): EventRecord => ({ id: r.id, merchantId: r.merchant_id, livemode: r.livemode === 1, type: r.type, created: Number(r.created), data: JSON.parse(r.data) as Record<string, unknown>, sequence: Number(r.seq) });
  return {
    async insert(e) {
      await q`insert into events (id, merchant_id, livemode, type, created, data) values (${e.id}, ${e.merchantId}, ${bit(e.livemode)}, ${e.type}, ${e.created}, ${JSON.stringify(e.data)})`;
    },
    // In the order they were written: PostgreSQL's `seq` is SQLite's rowid.
    forSession: async (sessionId) =>
      (await q<EventRow[]>`select id, merchant_id, livemode, type, created, data, seq from events where (data::jsonb ->> 'session_id') = ${sessionId} order by seq`).map(toRecord),
    get: async (id) => {
      const [r] = await q<EventRow[]>`select id, merchant_id, livemode, type, created, data, seq from events where id = ${id}`;
      return r && toRecord(r);
    },
  };
}

export function webhookSubscriptionRepo(q: Q): WebhookSubscriptionRepo {
  const t = jsonTable<WebhookSubscriptionRecord>(q, 'webhook_subscriptions', WEBHOOK_SUBSCRIPTION_COLUMNS);
  return {
    ...t,
    findActiveByUrl: async (o, url) =>
      parse<WebhookSubscriptionRecord>(await q<{ data: string }[]>`select data from webhook_subscriptions where merchant_id = ${o.merchantId} and livemode = ${bit(o.livemode)} and url = ${url} and deleted_at is null`),
    // Newest first; rows created in the same millisecond are ordered by id so pages never overlap.
    list: async (o, limit, after) =>
      parseAll<WebhookSubscriptionRecord>(
        after
          ? await q<{ data: string }[]>`select data from webhook_subscriptions where merchant_id = ${o.merchantId} and livemode = ${bit(o.livemode)} and deleted_at is null
              and (created_at, id) < (${after.createdAt}, ${after.id}) order by created_at desc, id desc limit ${limit}`
          : await q<{ data: string }[]>`select data from webhook_subscriptions where merchant_id = ${o.merchantId} and livemode = ${bit(o.livemode)} and deleted_at is null
              order by created_at desc, id desc limit ${limit}`,
      ),
  };
}

export function webhookDeliveryRepo(q: Q): WebhookDeliveryRepo {
  const t = jsonTable<WebhookDeliveryRecord>(q, 'webhook_deliveries', WEBHOOK_DELIVERY_COLUMNS);
  const attempts = jsonTable<WebhookAttemptRecord>(q, 'webhook_attempts', WEBHOOK_ATTEMPT_COLUMNS);
  return {
    ...t,
    insertAttempt: attempts.insert,
    due: async (now, limit, skip = []) =>
      parseAll<WebhookDeliveryRecord>(
        await q<{ data: string }[]>`select data from webhook_deliveries where state = 'pending' and next_attempt_at <= ${now}
          and subscription_id not in (select jsonb_array_elements_text(${JSON.stringify(skip)}::text::jsonb)) order by next_attempt_at, id limit ${limit}`,
      ),
    forSubscription: async (id, limit) =>
      parseAll<WebhookDeliveryRecord>(await q<{ data: string }[]>`select data from webhook_deliveries where subscription_id = ${id} order by created_at desc, id desc limit ${limit}`),
    attempts: async (id) => parseAll<WebhookAttemptRecord>(await q<{ data: string }[]>`select data from webhook_attempts where delivery_id = ${id} order by number`),
    activeSubscriptions: async (o) =>
      parseAll<WebhookSubscriptionRecord>(await q<{ data: string }[]>`select data from webhook_subscriptions where merchant_id = ${o.merchantId} and livemode = ${bit(o.livemode)} and deleted_at is null`),
  };
}
