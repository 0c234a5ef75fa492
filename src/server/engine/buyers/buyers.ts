/**
 * Buyers (Doc 2, "Buyer", "Buyers" and the "Buyer rules" of POST /v1/payment_intents). Free of
 * HTTP: callers pass validated input and get records or DomainErrors. A buyer belongs to one
 * merchant and one mode; any other caller gets 404 `buyer_not_found`, never 403 (Doc 3).
 *
 * Identity: `external_id` (the merchant's reference; what `buyer_id` names on intents, tokens,
 * sessions and saved-card lists) wins over the email; both are unique per merchant and mode, the
 * email compared case-insensitively. Other records point at a buyer by its `vp_by_*` id.
 */
import type { Address, BuyerInput, PatchBuyerBody, UpsertBuyerBody } from '../../../api/buyers.ts';
import type { EngineDeps } from '../deps.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../ids.ts';
import type { BuyerOwner, BuyerReads, Repos } from '../../store/types.ts';
import { acceptMetadata, METADATA_MAX_BYTES } from '../../domain/metadata.ts';
import type { AuthContext, BuyerRecord } from '../../domain/index.ts';
import { keepOutcome } from '../idempotency.ts';
import type { IdempotencyReservation } from '../../domain/operations.ts';

/** A buyer upsert's outcome, kept under a keyed request's reservation: the record, and whether it was made now. */
export interface BuyerOutcome {
  record: BuyerRecord;
  created: boolean;
}

type BuyerDeps = Pick<EngineDeps, 'store' | 'clock'>;

export const buyerOwner = (auth: AuthContext): BuyerOwner => ({ merchantId: auth.merchant.id, livemode: auth.livemode });

/** Profile fields a write may set: undefined keeps the stored value, null clears it. */
interface ProfileChange {
  email?: string | null;
  name?: string | null;
  phone?: string | null;
  company?: string | null;
  address?: Address | null;
  /** Already scrubbed by `acceptMetadata`; merged into what is stored. */
  metadata?: Record<string, unknown>;
}

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The buyer if this key may see it: same merchant, same mode. */
function owned(b: BuyerRecord | undefined, owner: BuyerOwner, id: string): BuyerRecord {
  if (!b || b.merchantId !== owner.merchantId || b.livemode !== owner.livemode) {
    throw new DomainError('buyer_not_found', `No buyer ${id} on this account in this mode.`);
  }
  return b;
}

/**
 * Doc 2, Buyer `metadata`: append semantics (stored keys kept, re-sent keys overwritten, none
 * removed, `{}` changes nothing), and the whole stored map stays within 8 KB. Null when the merge
 * would pass the cap. Built with `Object.fromEntries` so a `__proto__` key stays a plain key.
 */
function mergedMetadata(stored: Record<string, unknown>, sent: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (sent === undefined) return stored;
  const merged = Object.fromEntries([...Object.entries(stored), ...Object.entries(sent)]);
  return Buffer.byteLength(JSON.stringify(merged), 'utf8') > METADATA_MAX_BYTES ? null : merged;
}

const tooLarge = () => new DomainError('validation_error', `metadata: the buyer's stored metadata merged with this request's would pass ${METADATA_MAX_BYTES} bytes serialized; nothing was stored.`);

/** The record after a write that references it; `metadata` must already fit (see mergedMetadata). */
function changed(b: BuyerRecord, c: ProfileChange, metadata: Record<string, unknown>, now: string, externalId?: string): BuyerRecord {
  const pick = <K extends 'email' | 'name' | 'phone' | 'company' | 'address'>(k: K): BuyerRecord[K] => (c[k] === undefined ? b[k] : (c[k] as BuyerRecord[K]));
  return {
    ...b,
    externalId: b.externalId ?? externalId ?? null,
    email: pick('email'),
    name: pick('name'),
    phone: pick('phone'),
    company: pick('company'),
    address: pick('address'),
    metadata,
    lastSeenAt: now,
  };
}

function created(owner: BuyerOwner, externalId: string | undefined, c: ProfileChange, now: string): BuyerRecord {
  const blank: BuyerRecord = {
    id: newId.buyer(owner.livemode),
    merchantId: owner.merchantId,
    livemode: owner.livemode,
    externalId: externalId ?? null,
    email: null,
    name: null,
    phone: null,
    company: null,
    address: null,
    metadata: {},
    createdAt: now,
    lastSeenAt: now,
  };
  return changed(blank, c, c.metadata ?? {}, now);
}

type Match = { kind: 'create' } | { kind: 'update'; buyer: BuyerRecord } | { kind: 'conflict'; message: string };

/**
 * Which buyer a write keyed on `externalId`, else `email`, lands on (Doc 2, POST /v1/buyers):
 * - a buyer with that external id: it, unless the email sent belongs to another buyer;
 * - none, and the email belongs to a buyer without an external id: that buyer (the reference is
 *   attached to it, and through its id to its saved cards);
 * - none, and the email's buyer has a different external id: a conflict;
 * - otherwise a new buyer.
 */
async function match(r: BuyerReads, owner: BuyerOwner, externalId: string | undefined, email: string | null | undefined): Promise<Match> {
  const byEmail = typeof email === 'string' ? await r.findByEmail(owner, email) : undefined;
  const conflict = (b: BuyerRecord): Match => ({
    kind: 'conflict',
    message: `The email ${email} belongs to buyer ${b.id}${b.externalId === null ? '' : ` (external_id ${b.externalId})`}, not to external_id ${externalId}; nothing changed.`,
  });
  if (externalId === undefined) return byEmail ? { kind: 'update', buyer: byEmail } : { kind: 'create' };
  const byExternal = await r.findByExternalId(owner, externalId);
  if (byExternal) return byEmail && byEmail.id !== byExternal.id ? conflict(byEmail) : { kind: 'update', buyer: byExternal };
  if (byEmail) return byEmail.externalId === null ? { kind: 'update', buyer: byEmail } : conflict(byEmail);
  return { kind: 'create' };
}

const profileOf = (input: UpsertBuyerBody | PatchBuyerBody | BuyerInput, metadata: Record<string, unknown> | undefined): ProfileChange => ({
  email: input.email,
  name: input.name,
  phone: input.phone,
  company: input.company,
  address: input.address,
  metadata,
});

/**
 * `POST /v1/buyers`: creates (`created: true`, 201) or updates (200) the buyer keyed on
 * `external_id`, else `email`; 409 `buyer_email_conflict` changes nothing. `first_name` and
 * `last_name` are accepted and not stored (Doc 2: they belong to the charge). `also` runs in the
 * same transaction (the idempotency record).
 */
export async function upsertBuyer(
  deps: BuyerDeps,
  auth: AuthContext,
  input: UpsertBuyerBody,
  idem?: IdempotencyReservation,
): Promise<{ record: BuyerRecord; created: boolean }> {
  if (input.external_id === undefined && typeof input.email !== 'string') {
    throw new DomainError('validation_error', 'external_id or email is required: a buyer is found or created by one of them.');
  }
  const owner = buyerOwner(auth);
  const change = profileOf(input, input.metadata === undefined ? undefined : acceptMetadata(input.metadata));
  const now = deps.clock.iso();
  return deps.store.tx(async (r) => {
    const m = await match(r.buyers, owner, input.external_id, input.email);
    if (m.kind === 'conflict') throw new DomainError('buyer_email_conflict', m.message);
    if (m.kind === 'create') {
      const record = created(owner, input.external_id, change, now);
      await r.buyers.insert(record);
      await keepOutcome(r, idem, { record, created: true } satisfies BuyerOutcome);
      return { record, created: true };
    }
    const metadata = mergedMetadata(m.buyer.metadata, change.metadata);
    if (metadata === null) throw tooLarge();
    const record = changed(m.buyer, change, metadata, now, input.external_id);
    await r.buyers.update(record);
    await keepOutcome(r, idem, { record, created: false } satisfies BuyerOutcome);
    return { record, created: false };
  });
}

export async function readBuyer(deps: BuyerDeps, auth: AuthContext, id: string): Promise<BuyerRecord> {
  return owned(await deps.store.read.buyers.get(id), buyerOwner(auth), id);
}

/** `GET /v1/buyers`: exact lookup; `external_id` wins over `email`; undefined is a miss, not an error. */
export async function lookupBuyer(deps: BuyerDeps, auth: AuthContext, q: { external_id?: string; email?: string }): Promise<BuyerRecord | undefined> {
  const owner = buyerOwner(auth);
  if (q.external_id !== undefined) return deps.store.read.buyers.findByExternalId(owner, q.external_id);
  if (q.email !== undefined) return deps.store.read.buyers.findByEmail(owner, q.email);
  throw new DomainError('validation_error', 'Send external_id or email: the lookup is exact, by one of them.');
}

/**
 * `PATCH /v1/buyers/{id}`: sparse; omitted fields kept, null clears (`email: null` erases the
 * email and its lookup value for good), metadata merges. An email owned by another buyer is 409.
 */
export async function patchBuyer(deps: BuyerDeps, auth: AuthContext, id: string, input: PatchBuyerBody): Promise<BuyerRecord> {
  const owner = buyerOwner(auth);
  const change = profileOf(input, input.metadata === undefined ? undefined : acceptMetadata(input.metadata));
  const now = deps.clock.iso();
  return deps.store.tx(async (r) => {
    const b = owned(await r.buyers.get(id), owner, id);
    if (typeof input.email === 'string') {
      const holder = await r.buyers.findByEmail(owner, input.email);
      if (holder && holder.id !== b.id) {
        throw new DomainError('buyer_email_conflict', `The email ${input.email} belongs to another buyer (${holder.id}); nothing changed.`);
      }
    }
    const metadata = mergedMetadata(b.metadata, change.metadata);
    if (metadata === null) throw tooLarge();
    const record = changed(b, change, metadata, now);
    await r.buyers.update(record);
    return record;
  });
}

/** The buyer fields of a charge or token request (Doc 2: intents, tokens; sessions map onto it). */
export interface ChargeBuyerInput {
  /** The merchant's reference: a buyer's `external_id`. */
  buyer_id?: string;
  buyer_email?: string;
  buyer?: BuyerInput;
}

export interface ChargeBuyer {
  /** What the buyer is found or created by; null when the request names no buyer. */
  identity: { externalId: string | null; email: string | null } | null;
  /** The nested buyer as accepted, `metadata` scrubbed, for the response's `buyer`; undefined when not sent. */
  echo: BuyerInput | undefined;
}

/**
 * The checks of Doc 2's "Buyer rules" that need no store, for the payment engine to run before
 * any processor call: a nested `buyer` needs an identity, directly or through `buyer_id` /
 * `buyer_email`; a value sent twice must be equal (emails compared case-insensitively), else
 * 400 `validation_error`; `buyer.metadata` has its own 8 KB budget.
 */
export function validateChargeBuyer(input: ChargeBuyerInput): ChargeBuyer {
  const { buyer } = input;
  if (buyer?.external_id !== undefined && input.buyer_id !== undefined && buyer.external_id !== input.buyer_id) {
    throw new DomainError('validation_error', 'buyer_id and buyer.external_id differ; send one, or the same value in both.');
  }
  if (buyer?.email !== undefined && input.buyer_email !== undefined && !sameEmail(buyer.email, input.buyer_email)) {
    throw new DomainError('validation_error', 'buyer_email and buyer.email differ; send one, or the same value in both.');
  }
  const externalId = buyer?.external_id ?? input.buyer_id ?? null;
  const email = buyer?.email ?? input.buyer_email ?? null;
  if (buyer !== undefined && externalId === null && email === null) {
    throw new DomainError('validation_error', 'buyer needs an identity: buyer.external_id or buyer.email (or buyer_id / buyer_email).');
  }
  const echo = buyer && (buyer.metadata === undefined ? { ...buyer } : { ...buyer, metadata: acceptMetadata(buyer.metadata, 'buyer.metadata') });
  return { identity: externalId === null && email === null ? null : { externalId, email }, echo };
}

/**
 * Finds or creates the buyer a charge or token names, inside the caller's own transaction
 * (Doc 2, "Buyer rules"): keyed on the external id, else the email, with the same rules as
 * `POST /v1/buyers`, and the nested buyer's profile fields written like an upsert's. Where the
 * upsert would answer `buyer_email_conflict`, nothing is written and `buyer` is null: the request
 * goes on, unlinked. Stored metadata that the nested `buyer.metadata` would push past 8 KB is
 * kept as it was (the charge is not refused for it). Throws only what `validateChargeBuyer` throws.
 */
export async function linkChargeBuyer(
  r: Repos,
  owner: BuyerOwner,
  input: ChargeBuyerInput,
  now: string,
): Promise<ChargeBuyer & { buyer: BuyerRecord | null }> {
  const checked = validateChargeBuyer(input);
  if (checked.identity === null) return { ...checked, buyer: null };
  const externalId = checked.identity.externalId ?? undefined;
  const change: ProfileChange = { ...(checked.echo ? profileOf(checked.echo, checked.echo.metadata) : {}), email: checked.identity.email ?? undefined };
  const m = await match(r.buyers, owner, externalId, change.email);
  if (m.kind === 'conflict') return { ...checked, buyer: null };
  if (m.kind === 'create') {
    const buyer = created(owner, externalId, change, now);
    await r.buyers.insert(buyer);
    return { ...checked, buyer };
  }
  const buyer = changed(m.buyer, change, mergedMetadata(m.buyer.metadata, change.metadata) ?? m.buyer.metadata, now, externalId);
  await r.buyers.update(buyer);
  return { ...checked, buyer };
}
