/**
 * The checkout session: creation rules and the state machine of Doc 1, "Session status".
 * Free of HTTP: callers pass validated input and get records or ApiErrors.
 */
import type { CreateSessionBody, Session } from '../../api/sessions.ts';
import type { PublicSession } from '../../api/checkout.ts';
import type { Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { AuthContext, Merchant, SessionRecord } from './types.ts';

const DEFAULT_TTL_SECONDS = 30 * 60;
const RANK = { none: 0, auto: 1, required: 2 } as const;
type Collection = keyof typeof RANK;

/** Doc 1, POST /v1/sessions: buyer identity may be asserted only with a secret key. */
const BUYER_FIELDS = ['buyerId', 'buyerEmail', 'buyerName', 'buyer', 'buyerContact'] as const;

function checkUrl(url: string | undefined, field: string, livemode: boolean) {
  if (url === undefined) return;
  const u = new URL(url);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname) || u.hostname.endsWith('.localhost');
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    throw new ApiError('validation_url_scheme_forbidden', `${field} must be an http(s) URL.`);
  }
  // Doc 1: live mode needs HTTPS on a public host; localhost only in test mode.
  if (livemode && (u.protocol !== 'https:' || local)) {
    throw new ApiError('validation_url_scheme_forbidden', `${field} must use https on a public host in live mode.`);
  }
}

/** A publishable-key request may not weaken the account's collection setting (Doc 1, `shipping`). */
function applied(requested: Collection | undefined, account: Collection, raiseToAccount: boolean): Collection {
  if (requested === undefined) return account;
  return raiseToAccount && RANK[requested] < RANK[account] ? account : requested;
}

/** Validates a create request against the account; throws the first rule it breaks. */
export function checkCreate(auth: AuthContext, body: CreateSessionBody) {
  const { merchant, keyType, livemode } = auth;
  if (keyType === 'publishable') {
    const sent = BUYER_FIELDS.filter((f) => body[f] !== undefined);
    if (sent.length) throw new ApiError('auth_key_type_forbidden', `${sent.join(', ')} may only be sent with a secret key.`);
  }
  if (body.merchantId !== undefined && body.merchantId !== merchant.id) {
    throw new ApiError('validation_error', 'merchantId does not match the merchant of the API key.');
  }
  const mode = body.mode === 'setup' ? 'setup' : 'payment';
  if (mode === 'payment') {
    if (body.amount === undefined) throw new ApiError('validation_invalid_amount', 'amount is required: a positive integer in minor units.');
    if (body.currency === undefined) throw new ApiError('validation_missing_field', 'currency is required.');
  }
  checkUrl(body.successUrl, 'successUrl', livemode);
  checkUrl(body.cancelUrl, 'cancelUrl', livemode);
  if (merchant.processor === 'none') throw new ApiError('binder_unavailable');
  return mode;
}

export function createSession(deps: Pick<Deps, 'store' | 'clock'>, auth: AuthContext, body: CreateSessionBody): SessionRecord {
  const mode = checkCreate(auth, body);
  const { merchant, keyType, livemode } = auth;
  const s = merchant.settings;
  const elements = body.integrationMode === 'elements' && s.elements;
  const now = deps.clock.nowMs();
  const iso = new Date(now).toISOString();
  const raise = keyType === 'publishable';
  const record: SessionRecord = {
    id: newId.session(livemode),
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
    successUrl: body.successUrl ?? null,
    cancelUrl: body.cancelUrl ?? null,
    shipping: applied(body.shipping, s.shipping, raise),
    billingAddress: applied(body.billingAddress, s.billingAddress, raise),
    phone: applied(body.phone, s.phone, raise),
    collectEmail: body.collectEmail ?? false,
    nameCollection: s.nameCollection,
    emailCollection: s.emailCollection,
    shippingAddress: null,
    buyerId: body.buyerId ?? body.buyer?.externalId ?? null,
    buyerPhone: null,
    transactionId: null,
    vpTxId: null,
    vpTxCount: 0,
    paymentIntentId: null,
    retry: null,
    lastPaymentError: null,
    lineItems: body.lineItems ?? [],
    metadata: body.metadata ?? {},
    chargeLock: null,
    createdAt: iso,
    updatedAt: iso,
    expiresAt: new Date(now + (body.expiresIn ?? DEFAULT_TTL_SECONDS) * 1000).toISOString(),
  };
  deps.store.sessions.insert(record);
  return record;
}

/** Reads a session for a merchant key; another merchant's or the other mode's is a 404. */
export function sessionForKey(deps: Pick<Deps, 'store'>, auth: AuthContext, id: string): SessionRecord {
  const s = deps.store.sessions.get(id);
  if (!s || s.merchantId !== auth.merchant.id || s.livemode !== auth.livemode) throw new ApiError('session_not_found');
  return s;
}

export const isOpen = (s: SessionRecord) => s.status === 'pending' || s.status === 'processing';

/**
 * Expires a session whose time limit passed and that moved no money (Doc 1, sweep row). Done
 * lazily on every read as well as by the sweep, so a buyer never pays on a session past its limit.
 */
export function expireIfDue(deps: Pick<Deps, 'store' | 'clock'>, s: SessionRecord): SessionRecord {
  if (!isOpen(s) || s.chargeLock !== null || s.paymentStatus !== 'unpaid') return s;
  if (s.expiresAt > deps.clock.iso()) return s;
  const expired: SessionRecord = { ...s, status: 'expired', expiredFrom: s.status === 'processing' ? 'processing' : 'pending', updatedAt: deps.clock.iso() };
  deps.store.sessions.update(expired);
  return expired;
}

/** The periodic sweep: expires every open session past its limit. */
export function sweepExpired(deps: Pick<Deps, 'store' | 'clock'>): number {
  return deps.store.tx(() => {
    const due = deps.store.sessions.dueForExpiry(deps.clock.iso());
    for (const s of due) expireIfDue(deps, s);
    return due.length;
  });
}

/** The merchant-facing object (Doc 1, "Checkout session" field table). */
export function toSession(s: SessionRecord, view: 'get' | 'write' = 'get'): Session {
  const settled = s.vpTxId !== null && s.vpTxCount === 1;
  const totals = view === 'get' && settled;
  return {
    id: s.id,
    status: s.status,
    expiredFrom: s.expiredFrom,
    paymentStatus: s.paymentStatus,
    mode: s.mode,
    captureMethod: s.captureMethod,
    integrationMode: s.integrationMode,
    channel: s.channel,
    chargeAtSubmit: s.chargeAtSubmit,
    threeDSecure: { mode: s.mode === 'setup' ? 'not_applicable' : 'in_page' },
    storedCredentialUse: s.storedCredentialUse,
    setupForFutureUse: s.setupForFutureUse,
    merchantId: s.merchantId,
    amount: s.amount,
    currency: s.currency,
    country: s.country,
    description: s.description,
    locale: s.locale,
    successUrl: s.successUrl,
    cancelUrl: s.cancelUrl,
    shipping: s.shipping,
    billingAddress: s.billingAddress,
    phone: s.phone,
    collectEmail: s.collectEmail,
    nameCollection: s.nameCollection,
    emailCollection: s.emailCollection,
    shippingAddress: s.status === 'succeeded' ? s.shippingAddress : null,
    buyerId: s.buyerId,
    buyerPhone: s.buyerPhone,
    transactionId: s.transactionId,
    vp_tx_id: settled ? s.vpTxId : null,
    vp_tx_count: s.vpTxCount,
    // Refunds arrive with the refunds issue; until then a settled payment has refunded nothing.
    amount_refunded: totals ? 0 : null,
    remaining_refundable: totals ? s.amount : null,
    refundable: totals ? true : null,
    paymentIntentId: s.paymentIntentId,
    retry: s.retry,
    last_payment_error: view === 'get' ? s.lastPaymentError : null,
    metadata: s.metadata,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    expiresAt: s.expiresAt,
  };
}

/** What a buyer's browser may read (`GET /v1/public/sessions/{id}`): no buyer data, no metadata. */
export function toPublicSession(s: SessionRecord, merchant: Merchant): PublicSession {
  return {
    id: s.id,
    status: s.status,
    amount: s.amount,
    currency: s.currency,
    description: s.description,
    locale: s.locale,
    mode: s.mode,
    integrationMode: s.integrationMode,
    chargeAtSubmit: s.chargeAtSubmit,
    livemode: s.livemode,
    merchantName: merchant.settings.displayName,
    lineItems: s.lineItems,
    cancelUrl: s.cancelUrl,
    expiresAt: s.expiresAt,
    retry: s.retry,
  };
}
