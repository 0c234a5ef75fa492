/** The first schema migrations (migrations.ts applies them before the later ones). Append only, never edited. */
export const earlyMigrations: string[] = [
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
];
