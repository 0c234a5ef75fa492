/**
 * Wallet-domain verification (Doc 1, "Wallet-domain verification", "Other merchant endpoints"
 * and the `wallet_domain_*` codes). Free of HTTP: callers pass validated input and get records
 * or DomainErrors. Every row belongs to one merchant and one mode; any other caller gets 404
 * `wallet_domain_not_found`, never 403 (Doc 3), and so does a removed row.
 */
import type { EngineDeps } from '../deps.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../ids.ts';
import type { WalletDomainOwner } from '../../store/types.ts';
import type { WalletType } from '../../../vocab/wallet-domains.ts';
import type { AuthContext, Merchant, WalletDomainRecord } from '../../domain/index.ts';
import { checkDomain } from './wallet-domain-name.ts';
import { sandboxAssociationFile } from './wallet-domain-provider.ts';
import { keepOutcome } from '../idempotency.ts';
import type { IdempotencyReservation } from '../../domain/operations.ts';

/** A registration's outcome, kept under a keyed request's reservation: the record, and whether it was made now. */
export interface WalletDomainOutcome {
  record: WalletDomainRecord;
  created: boolean;
}

type WalletDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor'>;

/** How soon to ask again when the domain-registration provider could not be reached. */
export const PROVIDER_RETRY_AFTER_SECONDS = 5;

/** Doc 1: one verification re-run per domain per 30 seconds (of service clock, Doc 3). */
export const VERIFY_INTERVAL_MS = 30_000;
export const LIST_LIMIT = { default: 10, max: 100 } as const;

export interface RegisterInput {
  domain: string;
  wallet_type: WalletType;
}

const ownerOf = (auth: AuthContext): WalletDomainOwner => ({ merchantId: auth.merchant.id, livemode: auth.livemode });

/** The row if this key may see it: same merchant, same mode, not removed. */
function owned(w: WalletDomainRecord | undefined, auth: AuthContext, id: string): WalletDomainRecord {
  if (!w || w.merchantId !== auth.merchant.id || w.livemode !== auth.livemode || w.removedAt !== null) {
    throw new DomainError('wallet_domain_not_found', `No wallet domain ${id} on this account in this mode.`);
  }
  return w;
}

/** Doc 1, `wallet_domain_no_binder`: wallets need a payment provider; every kind but `none` has one. */
function requireBinder(auth: AuthContext) {
  if (auth.merchant.processor === 'none') throw new DomainError('wallet_domain_no_binder');
}

/**
 * The domain-registration provider's verdict on a domain: why it fails verification, or null. The
 * provider is the sandbox processor, for every merchant, asked over its API outside any
 * transaction; when it cannot be reached (or gives no verdict) the call is Doc 1's 503
 * `wallet_domain_provider_unavailable`, and nothing is written.
 */
async function providerVerdict(deps: WalletDeps, merchant: Merchant, domain: string, walletType: WalletType): Promise<string | null> {
  const provider = deps.processorFor('sandbox');
  try {
    if (provider?.checkWalletDomain) return await provider.checkWalletDomain(merchant, domain, walletType);
  } catch {
    // Down, timed out, or an answer that is no verdict: the same 503 below.
  }
  throw new DomainError('wallet_domain_provider_unavailable').retryAfter(PROVIDER_RETRY_AFTER_SECONDS);
}

/** One verification run at `now`: the row as the provider's answer (`error`, null when verified) leaves it. */
function verified(w: WalletDomainRecord, now: string, error: string | null): WalletDomainRecord {
  return error === null
    ? { ...w, status: 'verified', verifiedAt: now, lastVerificationError: null, lastVerificationAt: now }
    : { ...w, status: 'failed', verifiedAt: null, lastVerificationError: error, lastVerificationAt: now };
}

/**
 * Registers a domain for a wallet. A Google Pay row is verified at once; an Apple Pay row starts
 * `pending`, since Apple fetches the association file (`…/file`) from the domain: the merchant
 * hosts it, then calls verify. Registering a domain and wallet that is already registered (and
 * not removed) changes nothing and answers the existing row with `created: false` (docs/merchant.md, Wallet domains).
 * `also` runs in the same transaction (the idempotency record).
 */
export async function registerWalletDomain(
  deps: WalletDeps,
  auth: AuthContext,
  input: RegisterInput,
  idem?: IdempotencyReservation,
): Promise<{ record: WalletDomainRecord; created: boolean }> {
  const name = checkDomain(input.domain);
  if (!name.ok) throw new DomainError('wallet_domain_invalid', name.reason);
  requireBinder(auth);
  const now = deps.clock.iso();
  // A Google Pay row is verified at registration: the provider is asked before anything is written.
  const asks = input.wallet_type === 'google_pay' && !(await deps.store.read.walletDomains.findActive(ownerOf(auth), name.domain, input.wallet_type));
  const verdict = asks ? await providerVerdict(deps, auth.merchant, name.domain, input.wallet_type) : undefined;
  return deps.store.tx(async (r) => {
    const existing = await r.walletDomains.findActive(ownerOf(auth), name.domain, input.wallet_type);
    if (existing) {
      await keepOutcome(r, idem, { record: existing, created: false } satisfies WalletDomainOutcome);
      return { record: existing, created: false };
    }
    const fresh: WalletDomainRecord = {
      id: newId.walletDomain(auth.livemode),
      merchantId: auth.merchant.id,
      livemode: auth.livemode,
      domain: name.domain,
      walletType: input.wallet_type,
      status: 'pending',
      verifiedAt: null,
      lastVerificationError: null,
      lastVerificationAt: null,
      createdAt: now,
      removedAt: null,
    };
    // Not asked (the row was found before, and removed since): pending, for a verify call.
    const record = verdict !== undefined ? verified(fresh, now, verdict) : fresh;
    await r.walletDomains.insert(record);
    await keepOutcome(r, idem, { record, created: true } satisfies WalletDomainOutcome);
    return { record, created: true };
  });
}

export async function readWalletDomain(deps: WalletDeps, auth: AuthContext, id: string): Promise<WalletDomainRecord> {
  return owned(await deps.store.read.walletDomains.get(id), auth, id);
}

/** Newest first; `startingAfter` is the last id of the previous page. */
export async function listWalletDomains(
  deps: WalletDeps,
  auth: AuthContext,
  opts: { limit?: number; startingAfter?: string },
): Promise<{ data: WalletDomainRecord[]; hasMore: boolean }> {
  const limit = opts.limit ?? LIST_LIMIT.default;
  let after: WalletDomainRecord | undefined;
  if (opts.startingAfter !== undefined) {
    after = await deps.store.read.walletDomains.get(opts.startingAfter);
    // A cursor removed since the previous page still marks a place in the order.
    if (!after || after.merchantId !== auth.merchant.id || after.livemode !== auth.livemode) {
      throw new DomainError('validation_error', 'starting_after: not a wallet domain of this account in this mode.');
    }
  }
  const rows = await deps.store.read.walletDomains.list(ownerOf(auth), limit + 1, after);
  return { data: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Soft delete: the row keeps its history with `removedAt`; reads and a second delete answer 404. */
export async function removeWalletDomain(deps: WalletDeps, auth: AuthContext, id: string): Promise<WalletDomainRecord> {
  const now = deps.clock.iso();
  return deps.store.tx(async (r) => {
    const w = owned(await r.walletDomains.get(id), auth, id);
    const removed = { ...w, removedAt: now };
    await r.walletDomains.update(removed);
    return removed;
  });
}

/**
 * Re-runs verification, at most once per row per 30 seconds of service clock, counted from the
 * previous run (registration's included). The provider is asked between two reads of the row; the
 * run is written in one transaction that checks the 30 seconds again, so two concurrent calls
 * cannot both run. A provider that cannot be reached leaves the row as it was (its 30 seconds unspent).
 */
export async function verifyWalletDomain(deps: WalletDeps, auth: AuthContext, id: string): Promise<WalletDomainRecord> {
  const nowMs = deps.clock.nowMs();
  const w = owned(await deps.store.read.walletDomains.get(id), auth, id);
  requireBinder(auth);
  refuseTooSoon(w, nowMs);
  const verdict = await providerVerdict(deps, auth.merchant, w.domain, w.walletType);
  return deps.store.tx(async (r) => {
    const current = owned(await r.walletDomains.get(id), auth, id);
    refuseTooSoon(current, nowMs);
    const next = verified(current, new Date(nowMs).toISOString(), verdict);
    await r.walletDomains.update(next);
    return next;
  });
}

/** Doc 1, `wallet_domain_rate_limited`: one run per row per 30 seconds. */
function refuseTooSoon(w: WalletDomainRecord, nowMs: number) {
  const waitMs = w.lastVerificationAt === null ? 0 : Date.parse(w.lastVerificationAt) + VERIFY_INTERVAL_MS - nowMs;
  if (waitMs > 0) {
    throw new DomainError('wallet_domain_rate_limited', `${w.domain} was verified less than 30 seconds ago; call again in ${Math.ceil(waitMs / 1000)} s.`).retryAfter(waitMs / 1000);
  }
}

/** The Apple Pay association file to host at the domain; Google Pay rows have none (404). */
export async function associationFile(deps: WalletDeps, auth: AuthContext, id: string): Promise<string> {
  const w = await readWalletDomain(deps, auth, id);
  if (w.walletType !== 'apple_pay') throw new DomainError('wallet_domain_wrong_type', `${id} is a ${w.walletType} registration; only Apple Pay rows have a verification file.`);
  return sandboxAssociationFile(auth.merchant.id, auth.livemode);
}
