/**
 * Schema migrations, applied in order at start inside one transaction each. Append only: a
 * shipped migration is never edited, a change is a new entry.
 */
export const migrations: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE merchants (
    id TEXT PRIMARY KEY,
    environment TEXT NOT NULL CHECK (environment IN ('sandbox','live')),
    processor TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active','inactive')),
    name TEXT NOT NULL,
    settings TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE api_keys (
    hash TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    type TEXT NOT NULL CHECK (type IN ('secret','publishable')),
    livemode INTEGER NOT NULL,
    last4 TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT
  );
  CREATE INDEX api_keys_merchant ON api_keys(merchant_id);
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    livemode INTEGER NOT NULL,
    status TEXT NOT NULL,
    payment_status TEXT NOT NULL,
    charge_lock TEXT,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE INDEX sessions_open ON sessions(status, expires_at);
  CREATE TABLE payment_intents (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    livemode INTEGER NOT NULL,
    session_id TEXT,
    status TEXT NOT NULL,
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL,
    processor_ref TEXT UNIQUE,
    vp_tx_id TEXT,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX payment_intents_session ON payment_intents(session_id);
  CREATE TABLE idempotency_keys (
    merchant_id TEXT NOT NULL,
    livemode INTEGER NOT NULL,
    route TEXT NOT NULL,
    key TEXT NOT NULL,
    body_hash TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('reserved','done')),
    status_code INTEGER,
    response TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (merchant_id, livemode, route, key)
  );
  CREATE TABLE events (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    livemode INTEGER NOT NULL,
    type TEXT NOT NULL,
    created INTEGER NOT NULL,
    data TEXT NOT NULL
  );
  CREATE TABLE client_errors (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT,
    message TEXT NOT NULL,
    context TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE sbx_tokens (
    token TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    livemode INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_by TEXT
  );
  CREATE TABLE sbx_transactions (
    id TEXT PRIMARY KEY,
    token TEXT,
    merchant_id TEXT NOT NULL,
    session_id TEXT,
    livemode INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('approved','declined')),
    decline_code TEXT,
    brand TEXT NOT NULL,
    last4 TEXT NOT NULL,
    exp_month INTEGER NOT NULL,
    exp_year INTEGER NOT NULL,
    avs_result TEXT,
    cvv_result TEXT,
    created_at TEXT NOT NULL
  );
  `,
  // Idempotency becomes a layer of its own: keys are scoped by key type as well (a publishable
  // key cannot claim a key the merchant's server later uses), each reservation has the service's
  // own id and a lock that a crash cannot hold for ever.
  `
  DROP TABLE idempotency_keys;
  CREATE TABLE idempotency (
    merchant_id TEXT NOT NULL,
    livemode INTEGER NOT NULL,
    key_type TEXT NOT NULL CHECK (key_type IN ('secret','publishable')),
    key TEXT NOT NULL,
    id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('reserved','done')),
    locked_until INTEGER NOT NULL,
    status_code INTEGER,
    response TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (merchant_id, livemode, key_type, key)
  );
  CREATE INDEX idempotency_created ON idempotency(created_at);
  `,
  // The sandbox processor keeps its rows in its own database now (sandbox-processor/store).
  `
  DROP TABLE sbx_tokens;
  DROP TABLE sbx_transactions;
  `,
  // Wallet-domain registrations (Doc 1, "Wallet-domain verification"). Soft-deleted: a removed
  // row keeps its `removed_at`; only rows not removed must be unique per merchant, mode, domain
  // and wallet, so a domain can be registered again after removal.
  `
  CREATE TABLE wallet_domains (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    livemode INTEGER NOT NULL,
    domain TEXT NOT NULL,
    wallet_type TEXT NOT NULL CHECK (wallet_type IN ('apple_pay','google_pay')),
    status TEXT NOT NULL CHECK (status IN ('pending','verified','failed')),
    verified_at TEXT,
    last_verification_error TEXT,
    last_verification_at TEXT,
    created_at TEXT NOT NULL,
    removed_at TEXT
  );
  CREATE UNIQUE INDEX wallet_domains_active ON wallet_domains(merchant_id, livemode, domain, wallet_type) WHERE removed_at IS NULL;
  CREATE INDEX wallet_domains_list ON wallet_domains(merchant_id, livemode, created_at, id);
  `,
  // Payment attempts (ARCHITECTURE.md, data flow 4): written before every processor call that can
  // move money, resolved by the outcome or by the reconciler asking the processor.
  `
  CREATE TABLE payment_attempts (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    livemode INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('charge','client','capture','void','refund')),
    reference TEXT NOT NULL,
    session_id TEXT,
    intent_id TEXT,
    refund_id TEXT,
    state TEXT NOT NULL CHECK (state IN ('pending','done','failed')),
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL,
    resolve_after TEXT NOT NULL,
    next_check_at TEXT NOT NULL,
    checks INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX payment_attempts_reference ON payment_attempts(merchant_id, reference);
  CREATE INDEX payment_attempts_pending ON payment_attempts(next_check_at) WHERE state = 'pending';
  CREATE INDEX payment_attempts_session ON payment_attempts(session_id, kind) WHERE state = 'pending';
  `,
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
  `
  ALTER TABLE refunds ADD COLUMN idem_key TEXT;
  ALTER TABLE refunds ADD COLUMN seq INTEGER;
  UPDATE refunds SET seq = rowid;
  CREATE UNIQUE INDEX refunds_idem ON refunds(merchant_id, livemode, idem_key) WHERE idem_key IS NOT NULL;
  CREATE INDEX refunds_settlement_seq ON refunds(settlement_id, seq);
  `,
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
];
