/**
 * Schema of the processor's own database, one entry per version (user_version counts them).
 * Only brand, last four and expiry of a card are kept, never its number or CVC (Doc 3).
 */
/**
 * The columns of the transactions table as version 2 made it (versions 2 and 3 rebuild the table
 * to change a CHECK; version 3 adds the columns added since and widens the capture states).
 */
const TRANSACTION_COLUMNS_V2 = `
    id TEXT PRIMARY KEY,
    token TEXT,
    reference TEXT,
    merchant_id TEXT NOT NULL,
    session_id TEXT,
    livemode INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('approved','declined','requires_action')),
    decline_code TEXT,
    rule_code TEXT,
    brand TEXT NOT NULL,
    last4 TEXT NOT NULL,
    exp_month INTEGER NOT NULL,
    exp_year INTEGER NOT NULL,
    avs_result TEXT,
    cvv_result TEXT,
    created_at TEXT NOT NULL,
    -- The test-card behaviour (JSON), never the number.
    behaviour TEXT NOT NULL,
    vault_id TEXT,
    capture_requested INTEGER NOT NULL,
    capture_state TEXT NOT NULL CHECK (capture_state IN ('none','pending','settled','voided')),
    captured_amount INTEGER NOT NULL,
    capture_reference TEXT,
    void_reference TEXT,
    settles_at TEXT,
    -- 1 while a transaction.updated is owed when settles_at passes.
    settle_event_due INTEGER NOT NULL DEFAULT 0,
    return_url TEXT,
    three_ds TEXT,
    dispute_status TEXT CHECK (dispute_status IN ('open','won','lost')),
    dispute_opened_at TEXT,
    dispute_due_at TEXT
`;

export const migrations: string[] = [
  `
  CREATE TABLE tokens (
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
  CREATE TABLE transactions (
    id TEXT PRIMARY KEY,
    token TEXT,
    reference TEXT,
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
  -- The caller's reference names one charge per account: a retry finds it instead of charging again.
  CREATE UNIQUE INDEX transactions_reference ON transactions (merchant_id, reference) WHERE reference IS NOT NULL;
  `,
  // Version 2: the full test-card table, vaulted cards, capture/void, refunds, disputes and the event
  // outbox. The status CHECK changes (requires_action), so the transactions table is rebuilt.
  `
  CREATE TABLE transactions_v2 (${TRANSACTION_COLUMNS_V2}  );
  INSERT INTO transactions_v2 (id, token, reference, merchant_id, session_id, livemode, amount, currency, status, decline_code,
    brand, last4, exp_month, exp_year, avs_result, cvv_result, created_at, behaviour, capture_requested, capture_state, captured_amount)
  SELECT id, token, COALESCE(reference, token), merchant_id, session_id, livemode, amount, currency, status, decline_code,
    brand, last4, exp_month, exp_year, avs_result, cvv_result, created_at, '{"outcome":"approve"}', 1,
    CASE WHEN status = 'approved' THEN 'settled' ELSE 'none' END, CASE WHEN status = 'approved' THEN amount ELSE 0 END
  FROM transactions;
  DROP TABLE transactions;
  ALTER TABLE transactions_v2 RENAME TO transactions;
  CREATE UNIQUE INDEX transactions_reference ON transactions (merchant_id, reference) WHERE reference IS NOT NULL;
  CREATE INDEX transactions_dispute_due ON transactions (dispute_due_at) WHERE dispute_due_at IS NOT NULL AND dispute_status IS NULL;
  CREATE INDEX transactions_settle_due ON transactions (settles_at) WHERE settle_event_due = 1;

  ALTER TABLE tokens ADD COLUMN revoked_at TEXT;

  -- A vaulted card: brand, last four, expiry, behaviour and the CVV result if a CVC was checked.
  CREATE TABLE vault (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    livemode INTEGER NOT NULL,
    brand TEXT NOT NULL,
    last4 TEXT NOT NULL,
    exp_month INTEGER NOT NULL,
    exp_year INTEGER NOT NULL,
    behaviour TEXT NOT NULL,
    cvv_result TEXT,
    created_at TEXT NOT NULL
  );

  CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    reference TEXT NOT NULL,
    merchant_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL REFERENCES transactions (id),
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('succeeded','pending','failed')),
    failure_code TEXT,
    -- When a pending refund fails by itself (card 5126); null otherwise.
    fails_at TEXT,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX refunds_reference ON refunds (merchant_id, reference);
  CREATE INDEX refunds_transaction ON refunds (transaction_id);

  -- The outbox: every event the processor owes the service, kept until a delivery got a 2xx.
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    delivered_at TEXT
  );
  CREATE INDEX events_undelivered ON events (seq) WHERE delivered_at IS NULL;
  `,
  // A client token says whether its browser charge captures or only authorizes (manual capture).
  `
  ALTER TABLE tokens ADD COLUMN capture INTEGER NOT NULL DEFAULT 1;
  `,
  // Who may frame a charge's bank challenge besides the service (the merchant page of an elements charge).
  `
  ALTER TABLE transactions ADD COLUMN frame_ancestor TEXT;
  `,
  // Where a browser charge's bank challenge sends the buyer back (the hosted page's return page);
  // a token without one keeps the old frictionless answer for challenge cards.
  `
  ALTER TABLE tokens ADD COLUMN return_url TEXT;
  `,
  // References the service gave up on: a call with one arriving later is refused, never acted on.
  `
  CREATE TABLE fences (
    merchant_id TEXT NOT NULL,
    reference TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (merchant_id, reference)
  );
  `,
  // The Stripe stand-in's PaymentIntents (issue 19): what the merchant's server asked for; the money
  // itself is the transaction their confirmation made (null until confirmed).
  `
  CREATE TABLE stripe_intents (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    transaction_id TEXT,
    idempotency_key TEXT,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX stripe_intents_idempotency ON stripe_intents (merchant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
  CREATE INDEX stripe_intents_transaction ON stripe_intents (transaction_id);
  `,
  // Which of the service's webhook routes an event goes to, and so how it is written and signed:
  // `sandbox` (x-svc-signature) or `stripe` (the Stripe stand-in's events, Stripe-Signature).
  `
  ALTER TABLE events ADD COLUMN gateway TEXT NOT NULL DEFAULT 'sandbox';
  `,
  // The Braintree stand-in's payment method nonces (issue 19): what its Hosted Fields tokenized, a
  // card in the vault (brand, last four, expiry; never the number), used once, within three hours.
  `
  CREATE TABLE braintree_nonces (
    nonce TEXT PRIMARY KEY,
    merchant_account TEXT NOT NULL,
    vault_id TEXT NOT NULL,
    postal_code TEXT,
    created_at TEXT NOT NULL,
    consumed_at TEXT
  );
  `,
  // Sales the Braintree stand-in made: their events are Braintree's webhooks (braintree/events.ts).
  `
  CREATE TABLE braintree_sales (transaction_id TEXT PRIMARY KEY);
  `,
  // How a nonce's bank check (Braintree's 3-D Secure, run in the browser before the sale) ended:
  // pending, authenticated or failed; null when none ran.
  `
  ALTER TABLE braintree_nonces ADD COLUMN three_d_secure TEXT;
  `,
  // The Braintree stand-in's customers and the cards vaulted to each (Drop-in lists them): the
  // card is the vault's record (brand, last four, expiry; never the number), filed under the customer.
  `
  CREATE TABLE braintree_customers (id TEXT PRIMARY KEY, created_at TEXT NOT NULL);
  CREATE TABLE braintree_customer_cards (
    vault_id TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES braintree_customers (id),
    created_at TEXT NOT NULL
  );
  CREATE INDEX braintree_customer_cards_customer ON braintree_customer_cards (customer_id, created_at);
  `,
  // The store platform stand-ins (issue 20): the orders each store holds, and a test's switches.
  `
  CREATE TABLE store_orders (
    id TEXT PRIMARY KEY,
    platform TEXT NOT NULL,
    shop TEXT NOT NULL,
    number TEXT NOT NULL,
    reference TEXT,
    status_key TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX store_orders_reference ON store_orders (platform, shop, reference) WHERE reference IS NOT NULL;
  CREATE UNIQUE INDEX store_orders_number ON store_orders (platform, shop, number);
  CREATE TABLE store_switches (platform TEXT NOT NULL, shop TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (platform, shop));
  `,
  // A processor that runs alone keeps the service clock's offset the instances push to it (../clock.ts).
  `
  CREATE TABLE processor_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
  // The Stripe stand-in's idempotent requests (issue 34): the first answer to each key of an
  // account, kept 24 hours for its retries (../stripe/idempotency.ts).
  `
  CREATE TABLE stripe_idempotency (
    merchant_id TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    params TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (merchant_id, idempotency_key)
  );
  CREATE INDEX stripe_idempotency_created ON stripe_idempotency (created_at);
  `,
  // What a charge carried beyond the money, as received (issue 34): descriptor, rule tags, names, buyer IP.
  `
  ALTER TABLE transactions ADD COLUMN sent TEXT;
  `,  // A settlement the processor rejects after the capture (issue 35, Doc 2: captured, provider
  // rejects, failed): capture_state 'failed', nothing moved. The CHECK changes, so the table is rebuilt.
  `
  CREATE TABLE transactions_v3 (${TRANSACTION_COLUMNS_V2.replace("'voided'))", "'voided','failed'))").trimEnd()},
    frame_ancestor TEXT,
    sent TEXT
  );
  INSERT INTO transactions_v3 (id, token, reference, merchant_id, session_id, livemode, amount, currency, status, decline_code, rule_code,
    brand, last4, exp_month, exp_year, avs_result, cvv_result, created_at, behaviour, vault_id, capture_requested,
    capture_state, captured_amount, capture_reference, void_reference, settles_at, settle_event_due, return_url,
    three_ds, dispute_status, dispute_opened_at, dispute_due_at, frame_ancestor, sent)
  SELECT id, token, reference, merchant_id, session_id, livemode, amount, currency, status, decline_code, rule_code,
    brand, last4, exp_month, exp_year, avs_result, cvv_result, created_at, behaviour, vault_id, capture_requested,
    capture_state, captured_amount, capture_reference, void_reference, settles_at, settle_event_due, return_url,
    three_ds, dispute_status, dispute_opened_at, dispute_due_at, frame_ancestor, sent FROM transactions;
  DROP TABLE transactions;
  ALTER TABLE transactions_v3 RENAME TO transactions;
  CREATE UNIQUE INDEX transactions_reference ON transactions (merchant_id, reference) WHERE reference IS NOT NULL;
  CREATE INDEX transactions_dispute_due ON transactions (dispute_due_at) WHERE dispute_due_at IS NOT NULL AND dispute_status IS NULL;
  CREATE INDEX transactions_settle_due ON transactions (settles_at) WHERE settle_event_due = 1;
  `,
];
