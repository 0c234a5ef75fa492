/**
 * The Postgres forms of the repos whose fields are columns (../sqlite/sessions.ts, attempts.ts,
 * buyers.ts, wallet-domains.ts, merchants.ts), with the row mappings both backends share
 * (../rows.ts). Merchants and keys are not cached here: another instance may change them, and a
 * cache would have to be told (issue 21, "invalidated across instances, or not cached").
 */
import type { Merchant } from '../../domain/index.ts';
import { emailLookupKey } from '../email-lookup.ts';
import {
  accountColumn,
  ATTEMPT_COLUMNS,
  attemptFromRow,
  attemptToRow,
  buyerFromRow,
  buyerToRow,
  hashKey,
  sessionFromRow,
  sessionToRow,
  toMerchant,
  walletDomainFromRow,
  walletDomainToRow,
  type AttemptRow,
  type BuyerRow,
  type KeyRow,
  type MerchantRow,
  type SessionRow,
  type WalletDomainRow,
} from '../rows.ts';
import type { AttemptRepo, BuyerRepo, KeyRecord, MerchantRepo, SessionRepo, WalletDomainRepo } from '../types.ts';
import { bit, type Q } from './json-table.ts';

type Values = Record<string, string | number | null>;
const values = (row: object) => row as Values;

export function sessionRepo(q: Q): SessionRepo {
  const columns = ['id', 'merchant_id', 'livemode', 'status', 'payment_status', 'charge_lock', 'data', 'created_at', 'updated_at', 'expires_at'];
  const mutable = ['status', 'payment_status', 'charge_lock', 'data', 'updated_at', 'expires_at'];
  return {
    get: async (id) => {
      const [r] = await q<SessionRow[]>`select * from sessions where id = ${id}`;
      return r && sessionFromRow(r);
    },
    insert: async (s) => void (await q`insert into sessions ${q(values(sessionToRow(s)), columns)}`),
    update: async (s) => void (await q`update sessions set ${q(values(sessionToRow(s)), mutable)} where id = ${s.id}`),
    dueForExpiry: async (nowIso, limit) =>
      (
        await q<SessionRow[]>`select * from sessions where status in ('pending', 'processing', 'failed') and charge_lock is null and expires_at <= ${nowIso}
          order by expires_at limit ${limit}`
      ).map(sessionFromRow),
  };
}

export function attemptRepo(q: Q): AttemptRepo {
  const all = async (rows: Promise<AttemptRow[]>) => (await rows).map(attemptFromRow);
  return {
    insert: async (a) => void (await q`insert into payment_attempts ${q(values(attemptToRow(a)), ATTEMPT_COLUMNS)}`),
    update: async (a) => void (await q`update payment_attempts set ${q(values(attemptToRow(a)), ATTEMPT_COLUMNS.filter((c) => c !== 'id'))} where id = ${a.id}`),
    delete: async (id) => void (await q`delete from payment_attempts where id = ${id}`),
    get: async (id) => (await all(q<AttemptRow[]>`select * from payment_attempts where id = ${id}`))[0],
    byReference: async (merchantId, reference) => (await all(q<AttemptRow[]>`select * from payment_attempts where merchant_id = ${merchantId} and reference = ${reference}`))[0],
    due: (nowIso, limit) =>
      all(
        nowIso === null
          ? q<AttemptRow[]>`select * from payment_attempts where state = 'pending' order by created_at limit ${limit}`
          : q<AttemptRow[]>`select * from payment_attempts where state = 'pending' and next_check_at <= ${nowIso} order by next_check_at limit ${limit}`,
      ),
    rechecksDue: (nowIso, limit) =>
      all(q<AttemptRow[]>`select * from payment_attempts where state = 'failed' and recheck_until is not null and next_check_at <= ${nowIso} order by next_check_at limit ${limit}`),
    pendingForSession: (sessionId, kind) =>
      all(q<AttemptRow[]>`select * from payment_attempts where session_id = ${sessionId} and kind = ${kind} and state = 'pending' order by created_at`),
  };
}

export function buyerRepo(q: Q): BuyerRepo {
  const columns = ['id', 'merchant_id', 'livemode', 'external_id', 'email', 'email_lookup', 'name', 'phone', 'company', 'address', 'metadata', 'created_at', 'last_seen_at'];
  // Owner and creation time never change; everything else is the record's.
  const mutable = ['external_id', 'email', 'email_lookup', 'name', 'phone', 'company', 'address', 'metadata', 'last_seen_at'];
  const one = async (rows: Promise<BuyerRow[]>) => {
    const [r] = await rows;
    return r && buyerFromRow(r);
  };
  return {
    get: (id) => one(q<BuyerRow[]>`select * from buyers where id = ${id}`),
    findByExternalId: (o, externalId) => one(q<BuyerRow[]>`select * from buyers where merchant_id = ${o.merchantId} and livemode = ${bit(o.livemode)} and external_id = ${externalId}`),
    findByEmail: (o, email) => one(q<BuyerRow[]>`select * from buyers where merchant_id = ${o.merchantId} and livemode = ${bit(o.livemode)} and email_lookup = ${emailLookupKey(email)}`),
    insert: async (b) => void (await q`insert into buyers ${q(values(buyerToRow(b)), columns)}`),
    update: async (b) => void (await q`update buyers set ${q(values(buyerToRow(b)), mutable)} where id = ${b.id}`),
  };
}

export function walletDomainRepo(q: Q): WalletDomainRepo {
  const columns = ['id', 'merchant_id', 'livemode', 'domain', 'wallet_type', 'status', 'verified_at', 'last_verification_error', 'last_verification_at', 'created_at', 'removed_at'];
  const mutable = ['status', 'verified_at', 'last_verification_error', 'last_verification_at', 'removed_at'];
  const all = async (rows: Promise<WalletDomainRow[]>) => (await rows).map(walletDomainFromRow);
  return {
    get: async (id) => (await all(q<WalletDomainRow[]>`select * from wallet_domains where id = ${id}`))[0],
    findActive: async (o, domain, walletType) =>
      (await all(q<WalletDomainRow[]>`select * from wallet_domains where merchant_id = ${o.merchantId} and livemode = ${bit(o.livemode)} and domain = ${domain}
        and wallet_type = ${walletType} and removed_at is null`))[0],
    // Newest first; rows created in the same millisecond are ordered by id so pages never overlap.
    list: (o, limit, after) =>
      all(
        after
          ? q<WalletDomainRow[]>`select * from wallet_domains where merchant_id = ${o.merchantId} and livemode = ${bit(o.livemode)} and removed_at is null
              and (created_at, id) < (${after.createdAt}, ${after.id}) order by created_at desc, id desc limit ${limit}`
          : q<WalletDomainRow[]>`select * from wallet_domains where merchant_id = ${o.merchantId} and livemode = ${bit(o.livemode)} and removed_at is null
              order by created_at desc, id desc limit ${limit}`,
      ),
    insert: async (w) => void (await q`insert into wallet_domains ${q(values(walletDomainToRow(w)), columns)}`),
    update: async (w) => void (await q`update wallet_domains set ${q(values(walletDomainToRow(w)), mutable)} where id = ${w.id}`),
  };
}

export function merchantRepo(q: Q): MerchantRepo {
  const row = (m: Merchant) => ({ settings: JSON.stringify(m.settings), provider_account: accountColumn(m) });
  return {
    get: async (id) => {
      const [r] = await q<MerchantRow[]>`select * from merchants where id = ${id}`;
      return r && toMerchant(r);
    },
    insert: async (m) =>
      void (await q`insert into merchants (id, environment, processor, status, name, settings, created_at, provider_account)
        values (${m.id}, ${m.environment}, ${m.processor}, ${m.status}, ${m.name}, ${row(m).settings}, ${m.createdAt}, ${row(m).provider_account})`),
    update: async (m) =>
      void (await q`update merchants set status = ${m.status}, name = ${m.name}, settings = ${row(m).settings}, processor = ${m.processor}, provider_account = ${row(m).provider_account}
        where id = ${m.id}`),
    // The newest secret key's: PostgreSQL's `seq` is SQLite's rowid, for keys made in one millisecond.
    redirectKey: async (merchantId) =>
      (await q<{ redirect_key: string | null }[]>`select redirect_key from api_keys where merchant_id = ${merchantId} and type = 'secret' and expires_at is null
        order by created_at desc, seq desc limit 1`)[0]?.redirect_key ?? undefined,
    addKey: async (key, merchantId, type, livemode, now, sealedRedirectKey) =>
      void (await q`insert into api_keys (hash, merchant_id, type, livemode, last4, created_at, expires_at, redirect_key)
        values (${hashKey(key)}, ${merchantId}, ${type}, ${bit(livemode)}, ${key.slice(-4)}, ${now}, null, ${sealedRedirectKey ?? null})`),
    findKey: async (key) => {
      const hash = hashKey(key);
      const [r] = await q<KeyRow[]>`select merchant_id, type, livemode, expires_at from api_keys where hash = ${hash}`;
      if (!r) return undefined;
      const k: KeyRecord = { keyId: hash.slice(0, 32), merchantId: r.merchant_id, type: r.type, livemode: r.livemode === 1, expiresAt: r.expires_at };
      return k;
    },
    expireCurrentKeys: async (merchantId, at) => void (await q`update api_keys set expires_at = ${at} where merchant_id = ${merchantId} and expires_at is null`),
  };
}
