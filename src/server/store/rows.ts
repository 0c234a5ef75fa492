/**
 * How a record becomes a row and back, for the tables whose fields are columns (or partly
 * columns): one mapping per table, shared by both backends (sqlite/, postgres/).
 */
import { createHash } from 'node:crypto';
import { StoredMerchantSettings, type AttemptRecord, type BuyerRecord, type KeyType, type Merchant, type ProviderAccount, type SessionRecord, type WalletDomainRecord } from '../domain/index.ts';
import { emailLookupKey } from './email-lookup.ts';

export interface SessionRow {
  id: string;
  merchant_id: string;
  livemode: number;
  status: SessionRecord['status'];
  payment_status: SessionRecord['paymentStatus'];
  charge_lock: string | null;
  data: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

const SESSION_COLUMNS = new Set(['id', 'merchantId', 'livemode', 'status', 'paymentStatus', 'chargeLock', 'createdAt', 'updatedAt', 'expiresAt']);

export function sessionToRow(s: SessionRecord) {
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (!SESSION_COLUMNS.has(k)) data[k] = v;
  return {
    id: s.id,
    merchant_id: s.merchantId,
    livemode: s.livemode ? 1 : 0,
    status: s.status,
    payment_status: s.paymentStatus,
    charge_lock: s.chargeLock,
    data: JSON.stringify(data),
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    expires_at: s.expiresAt,
  };
}

// Object.assign onto the parsed object, not a spread into a new one: every read of a session
// pays this, and copying its ~40 fields again was the largest svcpay cost of a read (profile).
export const sessionFromRow = (r: SessionRow): SessionRecord =>
  Object.assign(JSON.parse(r.data) as Omit<SessionRecord, 'id'>, {
    id: r.id,
    merchantId: r.merchant_id,
    livemode: r.livemode === 1,
    status: r.status,
    paymentStatus: r.payment_status,
    chargeLock: r.charge_lock,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    expiresAt: r.expires_at,
  });


export interface AttemptRow {
  id: string;
  merchant_id: string;
  livemode: number;
  kind: AttemptRecord['kind'];
  reference: string;
  session_id: string | null;
  intent_id: string | null;
  refund_id: string | null;
  state: AttemptRecord['state'];
  amount: number;
  currency: string;
  resolve_after: string;
  next_check_at: string;
  checks: number;
  recheck_until: string | null;
  form: string | null;
  wallet_type: string | null;
  created_at: string;
  updated_at: string;
}

export const attemptToRow = (a: AttemptRecord): AttemptRow => ({
  id: a.id,
  merchant_id: a.merchantId,
  livemode: a.livemode ? 1 : 0,
  kind: a.kind,
  reference: a.reference,
  session_id: a.sessionId,
  intent_id: a.intentId,
  refund_id: a.refundId,
  state: a.state,
  amount: a.amount,
  currency: a.currency,
  resolve_after: a.resolveAfter,
  next_check_at: a.nextCheckAt,
  checks: a.checks,
  recheck_until: a.recheckUntil,
  form: a.form ? JSON.stringify(a.form) : null,
  wallet_type: a.walletType ?? null,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

export const attemptFromRow = (r: AttemptRow): AttemptRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  livemode: r.livemode === 1,
  kind: r.kind,
  reference: r.reference,
  sessionId: r.session_id,
  intentId: r.intent_id,
  refundId: r.refund_id,
  state: r.state,
  amount: r.amount,
  currency: r.currency,
  resolveAfter: r.resolve_after,
  nextCheckAt: r.next_check_at,
  checks: r.checks,
  recheckUntil: r.recheck_until,
  form: r.form ? (JSON.parse(r.form) as AttemptRecord['form']) : null,
  walletType: (r.wallet_type as AttemptRecord['walletType']) ?? null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const ATTEMPT_COLUMNS = Object.keys(attemptToRow({} as AttemptRecord));


export interface BuyerRow {
  id: string;
  merchant_id: string;
  livemode: number;
  external_id: string | null;
  email: string | null;
  email_lookup: string | null;
  name: string | null;
  phone: string | null;
  company: string | null;
  address: string | null;
  metadata: string;
  created_at: string;
  last_seen_at: string;
}

export const buyerToRow = (b: BuyerRecord): BuyerRow => ({
  id: b.id,
  merchant_id: b.merchantId,
  livemode: b.livemode ? 1 : 0,
  external_id: b.externalId,
  email: b.email,
  email_lookup: b.email === null ? null : emailLookupKey(b.email),
  name: b.name,
  phone: b.phone,
  company: b.company,
  address: b.address === null ? null : JSON.stringify(b.address),
  metadata: JSON.stringify(b.metadata),
  created_at: b.createdAt,
  last_seen_at: b.lastSeenAt,
});

export const buyerFromRow = (r: BuyerRow): BuyerRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  livemode: r.livemode === 1,
  externalId: r.external_id,
  email: r.email,
  name: r.name,
  phone: r.phone,
  company: r.company,
  address: r.address === null ? null : (JSON.parse(r.address) as BuyerRecord['address']),
  metadata: JSON.parse(r.metadata) as Record<string, unknown>,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
});


export interface WalletDomainRow {
  id: string;
  merchant_id: string;
  livemode: number;
  domain: string;
  wallet_type: WalletDomainRecord['walletType'];
  status: WalletDomainRecord['status'];
  verified_at: string | null;
  last_verification_error: string | null;
  last_verification_at: string | null;
  created_at: string;
  removed_at: string | null;
}

export const walletDomainToRow = (w: WalletDomainRecord): WalletDomainRow => ({
  id: w.id,
  merchant_id: w.merchantId,
  livemode: w.livemode ? 1 : 0,
  domain: w.domain,
  wallet_type: w.walletType,
  status: w.status,
  verified_at: w.verifiedAt,
  last_verification_error: w.lastVerificationError,
  last_verification_at: w.lastVerificationAt,
  created_at: w.createdAt,
  removed_at: w.removedAt,
});

export const walletDomainFromRow = (r: WalletDomainRow): WalletDomainRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  livemode: r.livemode === 1,
  domain: r.domain,
  walletType: r.wallet_type,
  status: r.status,
  verifiedAt: r.verified_at,
  lastVerificationError: r.last_verification_error,
  lastVerificationAt: r.last_verification_at,
  createdAt: r.created_at,
  removedAt: r.removed_at,
});


export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface MerchantRow {
  id: string;
  environment: Merchant['environment'];
  processor: Merchant['processor'];
  status: Merchant['status'];
  name: string;
  settings: string;
  created_at: string;
  provider_account: string | null;
}

export interface KeyRow {
  merchant_id: string;
  type: KeyType;
  livemode: number;
  expires_at: string | null;
}

export const toMerchant = (r: MerchantRow): Merchant => ({
  id: r.id,
  environment: r.environment,
  processor: r.processor,
  status: r.status,
  name: r.name,
  // Parse through the schema so settings added by later versions get their defaults.
  settings: StoredMerchantSettings.parse(JSON.parse(r.settings)),
  createdAt: r.created_at,
  providerAccount: r.provider_account ? (JSON.parse(r.provider_account) as ProviderAccount) : null,
});
export const accountColumn = (m: Merchant) => (m.providerAccount ? JSON.stringify(m.providerAccount) : null);

