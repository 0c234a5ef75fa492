/**
 * Schema migrations, applied in order at start inside one transaction each. Append only: a
 * shipped migration is never edited, a change is a new entry.
 */
import { earlyMigrations } from './migrations-early.ts';
import type { Step } from './steps.ts';

export const migrations: Step[] = [
  ...earlyMigrations,
  // Document 2's records: vaulted cards, settlements (vp_tx_*) and refunds. Each keeps its record
  // as JSON in `data`, with the columns its lookups, orders and constraints need.
  `
  CREATE TABLE payment_methods (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    livemode INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active','revoked')),
    buyer_record_id TEXT,
    created_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX payment_methods_buyer ON payment_methods(merchant_id, livemode, buyer_record_id, created_at, id);
  CREATE TABLE settlements (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    livemode INTEGER NOT NULL,
    intent_id TEXT,
    processor_ref TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX settlements_intent ON settlements(intent_id);
  CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    livemode INTEGER NOT NULL,
    settlement_id TEXT NOT NULL REFERENCES settlements(id),
    status TEXT NOT NULL CHECK (status IN ('requested','succeeded','failed','canceled')),
    amount INTEGER NOT NULL CHECK (amount > 0),
    processor_ref TEXT UNIQUE,
    created_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX refunds_settlement ON refunds(settlement_id, created_at, id);
  `,
  // One direct payment intent per Idempotency-Key, enforced by the database: a reservation taken
  // over after a crash finds the intent its first request made instead of charging again.
  `
  ALTER TABLE payment_intents ADD COLUMN idem_key TEXT;
  CREATE UNIQUE INDEX payment_intents_idem ON payment_intents(merchant_id, livemode, idem_key) WHERE idem_key IS NOT NULL;
  `,
  // Buyers (Doc 2, "Buyer"): per merchant and mode. `external_id` and the email's lookup value are
  // each unique per merchant and mode; the lookup value is a hash of the lowercased email, kept
  // beside it so that erasing the email (`email: null`) nulls both and no lookup can find it.
  `
  CREATE TABLE buyers (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    livemode INTEGER NOT NULL,
    external_id TEXT,
    email TEXT,
    email_lookup TEXT,
    name TEXT,
    phone TEXT,
    company TEXT,
    address TEXT,
    metadata TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    CHECK ((email IS NULL) = (email_lookup IS NULL))
  );
  CREATE UNIQUE INDEX buyers_external_id ON buyers(merchant_id, livemode, external_id) WHERE external_id IS NOT NULL;
  CREATE UNIQUE INDEX buyers_email_lookup ON buyers(merchant_id, livemode, email_lookup) WHERE email_lookup IS NOT NULL;
  `,
  // Refunds (Doc 2): one refund per Idempotency-Key, enforced by the database, and an insertion
  // sequence so "newest first" is exact even for refunds made within one millisecond.
  {
    sqlite: `
  ALTER TABLE refunds ADD COLUMN idem_key TEXT;
  ALTER TABLE refunds ADD COLUMN seq INTEGER;
  UPDATE refunds SET seq = rowid;
  CREATE UNIQUE INDEX refunds_idem ON refunds(merchant_id, livemode, idem_key) WHERE idem_key IS NOT NULL;
  CREATE INDEX refunds_settlement_seq ON refunds(settlement_id, seq);
  `,
    // PostgreSQL has no rowid: the existing refunds are numbered in the order they were made.
    postgres: `
  ALTER TABLE refunds ADD COLUMN idem_key TEXT;
  ALTER TABLE refunds ADD COLUMN seq INTEGER;
  UPDATE refunds SET seq = n.seq FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS seq FROM refunds) n WHERE refunds.id = n.id;
  CREATE UNIQUE INDEX refunds_idem ON refunds(merchant_id, livemode, idem_key) WHERE idem_key IS NOT NULL;
  CREATE INDEX refunds_settlement_seq ON refunds(settlement_id, seq);
  `,
  },
  // Webhook subscriptions (Doc 2; Doc 3, Webhooks): soft-deleted, so the URL is free again while
  // the row keeps its delivery history; one active subscription per merchant, mode and URL.
  `
  CREATE TABLE webhook_subscriptions (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    livemode INTEGER NOT NULL,
    url TEXT NOT NULL,
    created_at TEXT NOT NULL,
    deleted_at TEXT,
    data TEXT NOT NULL
  );
  CREATE UNIQUE INDEX webhook_subscriptions_url ON webhook_subscriptions(merchant_id, livemode, url) WHERE deleted_at IS NULL;
  CREATE INDEX webhook_subscriptions_list ON webhook_subscriptions(merchant_id, livemode, created_at, id);
  `,
  // Webhook deliveries: the outbox fanned out to subscriptions in the event's own transaction, and
  // every attempt kept (Doc 3: deliveries and their attempts are stored and survive a restart).
  `
  CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions(id),
    event_id TEXT NOT NULL REFERENCES events(id),
    state TEXT NOT NULL CHECK (state IN ('pending','delivered','failed')),
    next_attempt_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries(subscription_id, event_id);
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries(subscription_id, created_at, id);
  CREATE TABLE webhook_attempts (
    id TEXT PRIMARY KEY,
    delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id),
    number INTEGER NOT NULL,
    data TEXT NOT NULL
  );
  CREATE UNIQUE INDEX webhook_attempts_number ON webhook_attempts(delivery_id, number);
  `,
  // Inbound provider events (Doc 3): kept before the 200, applied afterwards, once per provider
  // event id (the primary key is `<gateway>:<id>`); `seq` keeps the order they arrived in.
  `
  CREATE TABLE inbound_events (
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending','applied','ignored','failed')),
    next_attempt_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX inbound_events_due ON inbound_events(next_attempt_at, seq) WHERE state = 'pending';
  `,
  // Signed success redirects (engine/redirect.ts): each secret key's redirect key, sealed.
  `
  ALTER TABLE api_keys ADD COLUMN redirect_key TEXT;
  `,
  // Failed payment attempts are looked at again for 72 hours (issue 17): a processor that acted on
  // a call the service gave up on is recorded. Attempts failed before this column get no second watch.
  `
  ALTER TABLE payment_attempts ADD COLUMN recheck_until TEXT;
  CREATE INDEX payment_attempts_recheck ON payment_attempts(next_check_at) WHERE state = 'failed' AND recheck_until IS NOT NULL;
  `,
  // Browser error reports are pruned after 30 days on every scheduler run (issue 18): by index, not a scan.
  `
  CREATE INDEX client_errors_created ON client_errors(created_at);
  `,
  // A browser form keeps what init answered (issue 18, finding 8): a later init hands the live,
  // unused form back instead of revoking it. Forms made before this column are replaced as before.
  `
  ALTER TABLE payment_attempts ADD COLUMN form TEXT;
  `,
  // A merchant's own keys at its provider (issue 19): JSON, its secret half sealed inside.
  `
  ALTER TABLE merchants ADD COLUMN provider_account TEXT;
  `,
  // Store orders of captured payments (issue 20): one per payment intent, made by a worker with
  // retries on the service clock; `pending` rows are the worker's queue.
  `
  CREATE TABLE mirror_orders (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL CHECK (state IN ('pending','created','failed','not_mirrored')),
    next_attempt_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX mirror_orders_due ON mirror_orders(next_attempt_at) WHERE state = 'pending';
  `,
  // Upsell keys (Document 2, upsell_duplicate): the payment that holds each key of a store.
  `
  CREATE TABLE upsell_claims (
    merchant_id TEXT NOT NULL,
    store TEXT NOT NULL,
    upsell_key TEXT NOT NULL,
    intent_id TEXT NOT NULL,
    PRIMARY KEY (merchant_id, store, upsell_key)
  );
  `,
  // Purchases of order-before-charge accounts (issue 20): the store order made before the charge,
  // and what the store must still be told (paid, released); `due_at` is the worker's queue.
  `
  CREATE TABLE order_first_purchases (
    id TEXT PRIMARY KEY,
    due_at TEXT,
    data TEXT NOT NULL
  );
  CREATE INDEX order_first_purchases_due ON order_first_purchases(due_at) WHERE due_at IS NOT NULL;
  `,
  // Several instances on PostgreSQL (issue 21): the order rows were written in, where a query
  // needs it and SQLite reads it from rowid, which PostgreSQL has not. SQLite keeps ordering by rowid
  // (its `seq` stays 0); the column is there so both backends have the same schema.
  {
    sqlite: `
  ALTER TABLE events ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE api_keys ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  `,
    postgres: `
  ALTER TABLE events ADD COLUMN seq BIGINT GENERATED BY DEFAULT AS IDENTITY;
  ALTER TABLE api_keys ADD COLUMN seq BIGINT GENERATED BY DEFAULT AS IDENTITY;
  `,
  },
  // Rate limits shared by every instance on one PostgreSQL database (issue 21): the calls each
  // counter let through in its sliding window. One SQLite instance counts in memory and leaves it empty.
  `
  CREATE TABLE rate_limit_hits (
    counter TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX rate_limit_hits_counter ON rate_limit_hits(counter, at);
  `,
  // The order payment attempts were made in, on PostgreSQL as on SQLite (rowid): a payment's
  // attempts read in order by the tests on both backends (issue 21), however close in time.
  {
    sqlite: `
  ALTER TABLE payment_attempts ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  `,
    postgres: `
  ALTER TABLE payment_attempts ADD COLUMN seq BIGINT GENERATED BY DEFAULT AS IDENTITY;
  `,
  },
  // The wallet a charge at submit was paid with (issue 22): written with the attempt, before the
  // processor call, so the intent its outcome makes names it even when the reconciler finds that
  // outcome later. Null for a card.
  `
  ALTER TABLE payment_attempts ADD COLUMN wallet_type TEXT CHECK (wallet_type IN ('apple_pay','google_pay'));
  `,
  // Webhook order (issue 35): every event's envelope carries `sequence`, its `seq`. SQLite now
  // numbers events as it writes them; the ones written before read their rowid, in the same order.
  {
    sqlite: `
  UPDATE events SET seq = rowid WHERE seq = 0;
  CREATE INDEX events_seq ON events(seq);
  `,
    postgres: `
  CREATE INDEX events_seq ON events(seq);
  `,
  },
];
