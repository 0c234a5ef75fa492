/**
 * The checkout session: creation rules and the state machine of Doc 1, "Session status".
 * Free of HTTP: callers pass validated input and get records or DomainErrors.
 */
import type { CreateSessionBody } from '../../../api/sessions.ts';
import type { EngineDeps } from '../deps.ts';
import { sealedIn } from '../sealed.ts';
import { DomainError } from '../../domain/errors.ts';
import { newId } from '../../ids.ts';
import { isSupportedCurrency } from '../../../vocab/currencies.ts';
import type { Reads, Repos } from '../../store/types.ts';
import { checkRedirectUrl as checkUrl } from '../redirect-urls.ts';
import { moveTo, retryAsRead, saveSession } from './session-status.ts';
import type { AuthContext, Merchant, SessionRecord } from '../../domain/index.ts';
import { keepOutcome } from '../idempotency.ts';
import type { IdempotencyReservation } from '../../domain/operations.ts';
import { closeForms } from '../attempts/attempts.ts';
import { inheritStored, mirrorSpecOf } from '../mirror/mirror-spec.ts';
import { holdForSession, orderBeforeCharge } from '../mirror/order-first/before-charge.ts';
import { claimUpsell } from '../mirror/upsell.ts';
import { checkPaymentAsk } from '../merchants/capabilities.ts';
import { contactOf, keptContact, type BuyerContact } from './buyer-contact.ts';
import type { MirrorSpec } from '../../domain/mirror.ts';
import { checkSessionBuyer, linkSessionBuyer } from '../buyers/session-buyer.ts';

const DEFAULT_TTL_SECONDS = 30 * 60;
const RANK = { none: 0, auto: 1, required: 2 } as const;
type Collection = keyof typeof RANK;

/** Doc 1, POST /v1/sessions: buyer identity may be asserted only with a secret key. */
const BUYER_FIELDS = ['buyerId', 'buyerEmail', 'buyerName', 'buyer', 'buyerContact'] as const;
const MIRROR_FIELDS = ['order', 'mirrorTo', 'mirror'] as const;

/** A publishable-key request may not weaken the account's collection setting (Doc 1, `shipping`). */
function applied(requested: Collection | undefined, account: Collection, raiseToAccount: boolean): Collection {
  if (requested === undefined) return account;
  return raiseToAccount && RANK[requested] < RANK[account] ? account : requested;
}

/** Doc 1: an ISO 4217 code that takes new payments, not only three letters. */
export function checkCurrency(code: string | undefined) {
  if (code !== undefined && !isSupportedCurrency(code)) {
    throw new DomainError('currency_not_supported', `${code.toUpperCase()} is not a currency accepted for payments (ISO 4217).`);
  }
}

/**
 * Doc 3: a publishable key is public, so the URLs it names on the service's own page (where the buyer
 * goes back, after paying or to give up) must be on an origin the merchant listed (issue 18, finding 6).
 */
function checkPublishableRedirect(merchant: Merchant, url: string | undefined, field: string) {
  if (url === undefined || merchant.settings.redirectOrigins.includes(new URL(url).origin)) return;
  throw new DomainError(
    'validation_url_scheme_forbidden',
    `${field} must be on one of the account's settings.redirectOrigins when the session is made with a publishable key (${new URL(url).origin} is not); a secret key may name any URL.`,
  );
}

/** Validates a create request against the account; throws the first rule it breaks. */
export function checkCreate(deps: Pick<EngineDeps, 'providers'>, auth: AuthContext, body: CreateSessionBody) {
  const { merchant, keyType, livemode } = auth;
  if (keyType === 'publishable') {
    const sent = BUYER_FIELDS.filter((f) => body[f] !== undefined);
    if (sent.length) throw new DomainError('auth_key_type_forbidden', `${sent.join(', ')} may only be sent with a secret key.`);
  }
  checkSessionBuyer(body);
  if (body.merchantId !== undefined && body.merchantId !== merchant.id) {
    throw new DomainError('validation_error', 'merchantId does not match the merchant of the API key.');
  }
  const mode = body.mode === 'setup' ? 'setup' : 'payment';
  if (mode === 'payment') {
    if (body.amount === undefined) throw new DomainError('validation_invalid_amount', 'amount is required: a positive integer in minor units.');
    if (body.currency === undefined) throw new DomainError('validation_missing_field', 'currency is required.');
  }
  checkCurrency(body.currency);
  const successUrl = checkUrl(body.successUrl, 'successUrl', livemode);
  const cancelUrl = checkUrl(body.cancelUrl, 'cancelUrl', livemode);
  if (keyType === 'publishable') {
    checkPublishableRedirect(merchant, successUrl, 'successUrl');
    checkPublishableRedirect(merchant, cancelUrl, 'cancelUrl');
  }
  if (merchant.processor === 'none') throw new DomainError('binder_unavailable');
  checkPaymentAsk(deps, merchant, { currency: mode === 'payment' ? body.currency : undefined, captureMethod: body.captureMethod });
  return { mode, mirror: sessionMirror(auth, body, mode), successUrl, cancelUrl, contact: contactOf(body.buyerContact) } as const;
}

/**
 * A session's metadata as kept: the map as sent (unfiltered, Doc 1), less the reserved `mirror`
 * key (Doc 1, Metadata privacy). On a session that key is only the deprecated stringified block,
 * never parsed (routes/sessions, Versioning 7), and is never kept, read back or sent on.
 */
function withoutMirror(metadata: Record<string, string> | undefined): Record<string, string> {
  const { mirror: _reserved, ...kept } = metadata ?? {};
  return kept;
}

/** What a session's order mirroring says (Document 2): the store order its payment makes, or null. */
function sessionMirror(auth: AuthContext, body: CreateSessionBody, mode: 'payment' | 'setup'): MirrorSpec | null {
  const sent = MIRROR_FIELDS.filter((f) => body[f] !== undefined);
  if (sent.length === 0) return null;
  // A store order is the merchant's to describe: from a public key it could price any product at will.
  if (auth.keyType === 'publishable') throw new DomainError('auth_key_type_forbidden', `${sent.join(', ')} may only be sent with a secret key.`);
  if (mode === 'setup') throw new DomainError('validation_error', `${sent.join(', ')}: a setup session pays nothing, so it makes no store order.`);
  const a = body.buyer?.address;
  return mirrorSpecOf({
    surface: 'session',
    merchant: auth.merchant,
    livemode: auth.livemode,
    amount: body.amount!,
    order: body.order,
    mirrorTo: body.mirrorTo,
    mirror: body.mirror,
    buyer: {
      email: body.buyerEmail ?? body.buyer?.email,
      name: body.buyerName ?? body.buyer?.name,
      address: a && { line1: a.addressLine1, line2: a.addressLine2, city: a.city, state: a.state, postalCode: a.postalCode, country: a.country },
    },
  });
}

/** Doc 1, `shipping`…`nameCollection`: the account's buyer-field settings as applied to a session. */
function collection(body: CreateSessionBody, merchant: Merchant, raise: boolean) {
  const s = merchant.settings;
  const required = new Set(s.requiredBuyerFields);
  // A field the account requires is required on every session, whatever the request asks.
  const need = (field: (typeof s.requiredBuyerFields)[number], mode: Collection): Collection => (required.has(field) ? 'required' : mode);
  return {
    shipping: need('shipping_address', applied(body.shipping, s.shipping, raise)),
    billingAddress: need('billing_address', applied(body.billingAddress, s.billingAddress, raise)),
    phone: need('phone', applied(body.phone, s.phone, raise)),
    nameCollection: need('name', s.nameCollection),
    emailCollection: required.has('email') ? ('required' as const) : s.emailCollection,
  };
}

/** The buyer's email and name, and `buyerContact`, the merchant asserted (secret key only, checked above), sealed. */
function prefill(deps: Pick<EngineDeps, 'sealer'>, body: CreateSessionBody, contact: BuyerContact, sessionId: string): Pick<SessionRecord, 'buyerPrefill' | 'buyerSealed' | 'buyerContactSealed'> {
  const email = body.buyerEmail ?? body.buyer?.email;
  const name = body.buyerName ?? body.buyer?.name;
  const known = { ...(email ? { email } : {}), ...(name ? { name } : {}) };
  const { given, buyerContactSealed } = keptContact(deps, contact, sessionId);
  return {
    buyerPrefill: { email: Boolean(email), name: Boolean(name), ...given },
    buyerSealed: email || name ? deps.sealer.seal(known, sealedIn.sessionBuyer(sessionId)) : null,
    buyerContactSealed,
  };
}

/** Builds and stores a new session; a keyed request's outcome is kept in the same transaction (engine/idempotency.ts). */
export async function createSession(
  deps: Pick<EngineDeps, 'store' | 'clock' | 'sealer' | 'log' | 'stores' | 'providers'>,
  auth: AuthContext,
  body: CreateSessionBody,
  idem?: IdempotencyReservation,
): Promise<SessionRecord> {
  const checked = checkCreate(deps, auth, body);
  const { mode } = checked;
  const { merchant, keyType, livemode } = auth;
  // What the request did not say of the store customer comes from the stored buyer it names.
  const buyerRef = body.buyerId ?? body.buyer?.externalId;
  const stored = checked.mirror && buyerRef ? await deps.store.read.buyers.findByExternalId({ merchantId: merchant.id, livemode }, buyerRef) : undefined;
  const mirror = checked.mirror && inheritStored(checked.mirror, stored, auth);
  const s = merchant.settings;
  const elements = body.integrationMode === 'elements' && s.elements;
  const sessionId = newId.session(livemode);
  // Order-before-charge accounts: the session's store order is made now, or no session is.
  const hold = mode === 'payment' ? await orderBeforeCharge(deps, merchant, livemode, mirror, { amount: body.amount!, currency: (body.currency ?? 'USD').toUpperCase(), sessionId, idemKey: null }) : null;
  const now = deps.clock.nowMs();
  const iso = new Date(now).toISOString();
  const record: SessionRecord = {
    id: sessionId,
    merchantId: merchant.id,
    livemode,
    status: 'pending',
    expiredFrom: null,
    paymentStatus: 'unpaid',
    mode,
    captureMethod: body.captureMethod ?? 'automatic',
    integrationMode: elements ? 'elements' : 'embed',
    channel: null,
    // Doc 3: asked where not eligible, it is applied as false at create.
    chargeAtSubmit: Boolean(body.chargeAtSubmit && elements && mode === 'payment' && s.chargeAtSubmit),
    storedCredentialUse: body.storedCredentialUse ?? null,
    setupForFutureUse: body.setupForFutureUse ?? null,
    amount: mode === 'payment' ? body.amount! : (body.amount ?? 0),
    currency: (body.currency ?? 'USD').toUpperCase(),
    country: body.country?.toUpperCase() ?? null,
    description: body.description ?? null,
    locale: body.locale ?? null,
    successUrl: checked.successUrl ?? null,
    cancelUrl: checked.cancelUrl ?? null,
    ...collection(body, merchant, keyType === 'publishable'),
    collectEmail: body.collectEmail ?? false,
    shippingAddress: null,
    buyerId: body.buyerId ?? body.buyer?.externalId ?? null,
    buyerPhone: null,
    ...prefill(deps, body, checked.contact, sessionId),
    mirrorSealed: mirror ? deps.sealer.seal(mirror, sealedIn.sessionMirror(sessionId)) : null,
    orderFirstPurchaseId: hold?.purchase.id ?? null,
    transactionId: null,
    vpTxId: null,
    vpTxCount: 0,
    paymentIntentId: null,
    retry: null,
    lastPaymentError: null,
    lineItems: body.lineItems ?? [],
    metadata: withoutMirror(body.metadata),
    chargeLock: null,
    latestAttemptId: null,
    declinedAttemptId: null,
    hostedOpenedAt: null,
    createdAt: iso,
    updatedAt: iso,
    expiresAt: new Date(now + (body.expiresIn ?? DEFAULT_TTL_SECONDS) * 1000).toISOString(),
  };
  return deps.store.tx(async (r) => {
    // One add-on charge per upsell key and store: the session holds its key until it closes unpaid.
    await claimUpsell(r, merchant.id, livemode, mirror, sessionId);
    if (hold) await holdForSession(r, deps, hold, sessionId);
    // The buyer it names is linked (found or created, its profile kept) with the session (Doc 2, Buyers).
    const buyerRecordId = await linkSessionBuyer(r, { merchantId: merchant.id, livemode }, body, iso);
    const linked = { ...record, buyerRecordId };
    await r.sessions.insert(linked);
    await keepOutcome(r, idem, linked);
    return linked;
  });
}

/** Reads a session for a merchant key; another merchant's or the other mode's is a 404 (Doc 3). */
export async function sessionForKey(reads: Pick<Reads, 'sessions'>, auth: AuthContext, id: string): Promise<SessionRecord> {
  const s = await reads.sessions.get(id);
  if (!s || s.merchantId !== auth.merchant.id || s.livemode !== auth.livemode) throw new DomainError('session_not_found');
  return s;
}

/** Reads a session for a key with its time limit applied (the lazy half of the expiry sweep). */
export async function readSession(deps: Pick<EngineDeps, 'store' | 'clock'>, auth: AuthContext, id: string): Promise<SessionRecord> {
  const found = await sessionForKey(deps.store.read, auth, id);
  if (!isDue(found, deps.clock.iso())) return retryAsRead(found, deps.clock.nowMs());
  return deps.store.tx(async (r) => expireIfDue(r, deps.clock.iso(), (await r.sessions.get(id))!));
}

export const isOpen = (s: SessionRecord) => s.status === 'pending' || s.status === 'processing';

/** Past its limit, moved no money and holds no charge: the sweep may close it. */
/** Past its time limit and still open with no money moved: the next read or sweep expires it. */
export const isDue = (s: SessionRecord, now: string) =>
  (isOpen(s) || s.status === 'failed') && s.chargeLock === null && s.paymentStatus === 'unpaid' && s.expiresAt <= now;

/**
 * Expires a session whose time limit passed and that moved no money (Doc 1, sweep row). Done
 * lazily on every read as well as by the sweep, so a buyer never pays on a session past its limit.
 * Runs inside the caller's transaction, on a session read in it.
 */
export async function expireIfDue(r: Repos, now: string, s: SessionRecord): Promise<SessionRecord> {
  if (!isDue(s, now)) return s;
  return saveSession(r, s, moveTo(s, 'expired', { expiredFrom: s.status === 'processing' ? 'processing' : s.status === 'failed' ? 'failed' : 'pending' }, now));
}

/**
 * The periodic sweep: expires every open session past its limit, in bounded batches, and marks
 * its forms closed (their revocation at the processor came first: revokeFormsOfDueSessions). A
 * session expires at its time whatever its forms do (reads expire it too); a form left open is
 * the reconciler's to close.
 */
export async function sweepExpired(deps: Pick<EngineDeps, 'store' | 'clock'>, formsLeftOpen: ReadonlySet<string> = new Set()): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.clock.iso();
    const n = await deps.store.tx(async (r) => {
      const due = await r.sessions.dueForExpiry(now, 500);
      for (const s of due) {
        await expireIfDue(r, now, s);
        // A form that could not be revoked (or is at the bank challenge) stays pending: the
        // reconciler revokes it again and records whatever it paid (revokeFormsOfDueSessions).
        if (!formsLeftOpen.has(s.id)) await closeForms(r, s.id, now);
      }
      return due.length;
    });
    total += n;
    if (n < 500) return total;
  }
}
