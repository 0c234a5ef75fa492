/**
 * Schema of the processor's own database, one entry per version (user_version counts them).
 * Only brand, last four and expiry of a card are kept, never its number or CVC (Doc 3).
 */
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
];
