/**
 * Vaulted cards (Doc 2, "Tokens and saved cards"): the processor's vault keeps the card, the
 * service keeps its opaque id, brand, last four and expiry, and the rules of use: single-use
 * unless saved for future use, saved for a buyer, revocable, mode-scoped.
 */
import type { ChargeCard } from '../../../api/checkout.ts';
import type { CreateTokenBody } from '../../../api/tokens.ts';
import type { EngineDeps } from '../deps.ts';
import { sealedIn } from '../sealed.ts';
import { DomainError } from '../../domain/errors.ts';
import { processorOf } from '../binder.ts';
import { envOf, newId } from '../../ids.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type Processor, type VaultedCard, type VaultOptions } from '../../processors/types.ts';
import type { Reads } from '../../store/types.ts';
import { idPrefixes } from '../../../vocab/keys.ts';
import { linkChargeBuyer, validateChargeBuyer, type ChargeBuyer } from '../buyers/buyers.ts';
import { acceptMetadata } from '../../domain/metadata.ts';
import type { AuthContext, Merchant, PaymentMethodRecord, SessionRecord } from '../../domain/index.ts';
import { keepOutcome } from '../idempotency.ts';
import type { IdempotencyReservation } from '../../domain/operations.ts';

type TokenDeps = Pick<EngineDeps, 'store' | 'clock' | 'processorFor' | 'ownProcessor' | 'sealer'>;

/** Doc 3: a single-use card saved without a buyer can be charged for 24 hours. */
export const GUEST_TOKEN_TTL_MS = 24 * 3600 * 1000;

export interface TokenWarning {
  code: string;
  message: string;
  field: string | null;
}

export interface VaultResult {
  token: PaymentMethodRecord;
  buyer: ChargeBuyer['echo'];
  warnings: TokenWarning[];
}



async function vault(processor: Processor, merchant: Merchant, input: Parameters<Processor['vault']>[1], opts?: VaultOptions): Promise<VaultedCard> {
  try {
    return await processor.vault(merchant, input, opts);
  } catch (err) {
    if (err instanceof ProcessorRejectedError) throw new DomainError('provider_request_rejected', err.message, { reason: err.reason });
    // A vault call moves no money: whatever the answer, retrying with the same key is safe.
    if (err instanceof ProcessorUnavailableError) throw new DomainError('provider_unavailable');
    throw err;
  }
}

/** A new active token of a vaulted card; `fields` are what differs between server and browser vaulting. */
function newToken(
  auth: AuthContext,
  vaulted: VaultedCard,
  now: string,
  fields: Pick<PaymentMethodRecord, 'buyerRecordId' | 'setupForFutureUse' | 'allowRedisplay' | 'storedCredentialUse' | 'sessionId' | 'billingAddressSealed' | 'metadata'>,
): PaymentMethodRecord {
  return {
    id: newId.paymentMethod(auth.livemode),
    merchantId: auth.merchant.id,
    livemode: auth.livemode,
    status: 'active',
    vaultId: vaulted.vaultId,
    card: vaulted.card,
    walletType: null,
    usedAt: null,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

/** A sandbox test card's reference (Doc 3, test cards: `tok_sandbox_<brand>_<last4>`). */
export const isTestCardReference = (reference: string) => reference.startsWith('tok_sandbox_');

/** `POST /v1/tokens`: vaults a provider reference server-side. */
export async function createToken(deps: TokenDeps, auth: AuthContext, body: CreateTokenBody, idem?: IdempotencyReservation): Promise<VaultResult> {
  const merchant = auth.merchant;
  // Doc 1 (Authentication 7) and Doc 2 (tokens): a sandbox test card needs a test environment, and a
  // live account has none (its keys and provider account are live only); refused before anything
  // reaches the processor (docs/merchant.md, A merchant's own provider keys).
  if (auth.livemode && isTestCardReference(body.provider_reference)) {
    throw new DomainError('sandbox_account_required', 'tok_sandbox_… references name sandbox test cards, and this live account has no test environment: vault them with a sandbox account’s test key (vp_sk_test_…).');
  }
  const processor = processorOf(deps, merchant);
  const checked = validateChargeBuyer({ buyer_id: body.buyer_id, buyer: body.buyer });
  // Doc 2: saving a card for later use with no buyer, when nothing is charged, is refused.
  if (body.setup_for_future_use && checked.identity === null) throw new DomainError('saved_card_buyer_required');
  const metadata = acceptMetadata(body.metadata);
  // Filed under the buyer at a provider that keeps customers (its drop-in form shows the buyer's saved cards).
  const vaulted = await vault(processor, merchant, { providerReference: body.provider_reference, livemode: auth.livemode }, { buyerId: checked.identity?.externalId ?? null });
  const warnings: TokenWarning[] = [];
  if ((body.setup_for_future_use || body.stored_credential_use) && (body.currency === undefined || checked.identity?.externalId == null)) {
    warnings.push({
      code: 'stored_credential_use_not_applied',
      message: 'The card was saved, but the stored-credential declaration did not reach the card networks: it needs `currency` and `buyer_id`.',
      field: body.currency === undefined ? 'currency' : 'buyer_id',
    });
  }
  return deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    const link = await linkChargeBuyer(r, { merchantId: merchant.id, livemode: auth.livemode }, { buyer_id: body.buyer_id, buyer: body.buyer }, now);
    const token = newToken(auth, vaulted, now, {
      buyerRecordId: link.buyer?.id ?? null,
      setupForFutureUse: body.setup_for_future_use ?? null,
      allowRedisplay: body.allow_redisplay ?? null,
      storedCredentialUse: body.stored_credential_use ?? null,
      sessionId: null,
      billingAddressSealed: null,
      metadata,
    });
    // Sealed once the card has its id: the sealed address is bound to it (engine/sealed.ts).
    if (body.billing_address) token.billingAddressSealed = deps.sealer.seal(body.billing_address, sealedIn.cardAddress(token.id));
    await r.paymentMethods.insert(token);
    const result = { token, buyer: link.echo, warnings };
    await keepOutcome(r, idem, result);
    return result;
  });
}

/**
 * `POST /v1/public/tokens` (Doc 3): the service's own fields vault the card for a session; the
 * card data goes to the processor's vault and no further.
 */
export async function createBrowserToken(
  deps: TokenDeps,
  auth: AuthContext,
  session: SessionRecord,
  card: ChargeCard,
  setupForFutureUse: 'off_session' | 'on_session' | undefined,
  idem?: IdempotencyReservation,
): Promise<VaultResult> {
  const merchant = auth.merchant;
  const processor = processorOf(deps, merchant);
  if (session.status === 'succeeded') throw new DomainError('session_already_completed');
  if (session.status === 'expired' || session.expiresAt <= deps.clock.iso()) throw new DomainError('session_expired');
  if (session.integrationMode !== 'elements') throw new DomainError('session_wrong_state', 'Only an elements session vaults cards from the fields.');
  const wantsSave = setupForFutureUse ?? session.setupForFutureUse ?? undefined;
  if (wantsSave && session.buyerId === null) throw new DomainError('saved_card_buyer_required');
  const vaulted = await vault(processor, merchant, { card, livemode: auth.livemode });
  return deps.store.tx(async (r) => {
    const now = deps.clock.iso();
    const current = (await r.sessions.get(session.id))!;
    if (current.status === 'succeeded') throw new DomainError('session_already_completed');
    if (current.status === 'expired') throw new DomainError('session_expired');
    const link = current.buyerId
      ? await linkChargeBuyer(r, { merchantId: merchant.id, livemode: auth.livemode }, { buyer_id: current.buyerId }, now)
      : { buyer: null, echo: undefined };
    const token = newToken(auth, vaulted, now, {
      buyerRecordId: link.buyer?.id ?? null,
      setupForFutureUse: wantsSave ?? null,
      allowRedisplay: null,
      storedCredentialUse: current.storedCredentialUse,
      sessionId: current.id,
      billingAddressSealed: null,
      metadata: {},
    });
    await r.paymentMethods.insert(token);
    const result = { token, buyer: undefined, warnings: [] };
    await keepOutcome(r, idem, result);
    return result;
  });
}

/**
 * Reads a token for a merchant key. The other mode's id is `payment_method_mode_mismatch` (the id
 * says which mode it is, so this reveals nothing); unknown or another merchant's is a 404.
 */
export async function tokenForKey(reads: Pick<Reads, 'paymentMethods'>, auth: AuthContext, id: string): Promise<PaymentMethodRecord> {
  const otherMode = `${idPrefixes.paymentMethod}${envOf(!auth.livemode)}_`;
  if (id.startsWith(otherMode)) throw new DomainError('payment_method_mode_mismatch');
  const t = await reads.paymentMethods.get(id);
  if (!t || t.merchantId !== auth.merchant.id || t.livemode !== auth.livemode) throw new DomainError('payment_method_not_found');
  return t;
}

/**
 * The charge-time rules of a token (Doc 2 errors; Doc 3, single-use decision): revoked is
 * `payment_method_inactive`; a single-use card is spent after its first approved charge, and
 * 24 hours after saving when it has no buyer (`payment_method_not_found`).
 */
export function assertChargeable(t: PaymentMethodRecord, nowMs: number) {
  if (t.status === 'revoked') throw new DomainError('payment_method_inactive');
  if (t.setupForFutureUse === null) {
    if (t.usedAt !== null) throw new DomainError('payment_method_not_found', 'This single-use card was already charged; collect the card again.');
    if (t.buyerRecordId === null && Date.parse(t.createdAt) + GUEST_TOKEN_TTL_MS <= nowMs) {
      throw new DomainError('payment_method_not_found', 'This single-use card was saved without a buyer more than 24 hours ago; collect the card again.');
    }
  }
}

/** `PATCH /v1/tokens/{id}`: sets or clears the stored billing address. */
export async function patchTokenAddress(deps: TokenDeps, auth: AuthContext, id: string, address: unknown | null) {
  return deps.store.tx(async (r) => {
    const t = await tokenForKey(r, auth, id);
    if (t.status === 'revoked') throw new DomainError('payment_method_inactive');
    const next = { ...t, billingAddressSealed: address === null ? null : deps.sealer.seal(address, sealedIn.cardAddress(t.id)), updatedAt: deps.clock.iso() };
    await r.paymentMethods.update(next);
    return next;
  });
}

/** `DELETE /v1/tokens/{id}`: revokes for good; a second delete answers the revoked token again. */
export async function revokeToken(deps: TokenDeps, auth: AuthContext, id: string) {
  return deps.store.tx(async (r) => {
    const t = await tokenForKey(r, auth, id);
    if (t.status === 'revoked') return t;
    const next = { ...t, status: 'revoked' as const, updatedAt: deps.clock.iso() };
    await r.paymentMethods.update(next);
    return next;
  });
}

/** Max page size of `GET /v1/payment_methods`; a higher `limit` is capped, with a warning. */
export const MAX_LIST = 100;

/** `GET /v1/payment_methods?buyer_id=`: a buyer's active saved cards, newest first. */
export async function listSavedCards(deps: TokenDeps, auth: AuthContext, q: { buyer_id: string; limit?: number; starting_after?: string }) {
  const owner = { merchantId: auth.merchant.id, livemode: auth.livemode };
  const warnings: TokenWarning[] = [];
  let limit = q.limit ?? 25;
  if (limit > MAX_LIST) {
    warnings.push({ code: 'limit_capped', message: `limit ${limit} is above ${MAX_LIST}; ${MAX_LIST} were returned.`, field: 'limit' });
    limit = MAX_LIST;
  }
  let after: PaymentMethodRecord | undefined;
  const buyer = await deps.store.read.buyers.findByExternalId(owner, q.buyer_id);
  if (q.starting_after !== undefined) {
    after = await deps.store.read.paymentMethods.get(q.starting_after);
    if (!after || after.merchantId !== owner.merchantId || after.livemode !== owner.livemode || after.buyerRecordId !== (buyer?.id ?? null)) {
      throw new DomainError('validation_error', 'starting_after is not a cursor of this list; pass next_cursor from the previous page.');
    }
  }
  if (!buyer) return { data: [], hasMore: false, warnings };
  const rows = await deps.store.read.paymentMethods.listForBuyer(owner, buyer.id, limit + 1, after);
  return { data: rows.slice(0, limit), hasMore: rows.length > limit, warnings };
}
