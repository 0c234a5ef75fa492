/**
 * The signed success redirect (issue 10; Doc 1, `complete` answers "a signed merchant redirect"):
 * after a payment the buyer returns to the merchant's `successUrl` with
 *
 *   ?<the merchant's own query>&session_id=…&amount=…&currency=…&payment_status=paid|held|unpaid&issued_at=<unix s>&svcpay_signature=<hex>
 *
 * where the signature is HMAC-SHA256, keyed by the merchant's redirect key, over
 * `v3.<path>?<query>`: the return's path and its whole query but `svcpay_signature`, in order, as
 * URLSearchParams writes it. The merchant's own parameters (an order id, a plan) are covered, so
 * changing, adding, removing or moving any parameter, or the path, breaks it (issue 32, finding
 * 10d: the v2 format signed only svcpay's five fields). The origin is left out: the merchant's
 * server is the origin, and behind a proxy it may not know the name the buyer used; the fragment
 * never reaches a server. `issued_at` is wall-clock time, as a webhook's `t`, so the merchant's own
 * clock can tell its age: a return is good for an hour by default (issue 18, finding 10: a `held`
 * return must not still verify after a void).
 * The redirect key is derived from the merchant's secret API key (HMAC-SHA256 of `svcpay-redirect`
 * keyed by it), so a merchant verifies with the secret it already holds, and the service, which
 * keeps API keys only as hashes, keeps the derived key (sealed) beside each secret key. Shared by the service (signing), `svcpay/webhooks`
 * (verifyRedirect) and the demo shop (reading its own success page), so all read the same format.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface RedirectFields {
  sessionId: string;
  /** Minor units, as on the session. */
  amount: number;
  /** The ISO 4217 code as the session reads it (uppercase). */
  currency: string;
  /** `paid`, `held` for a session with manual capture, `unpaid` for a setup session (its card saved, nothing charged). */
  paymentStatus: 'paid' | 'held' | 'unpaid';
  /** Unix seconds (wall clock) when the service signed it. */
  issuedAt: number;
}

/** How long a signed return verifies by default; the merchant may choose another limit. */
export const REDIRECT_MAX_AGE_SECONDS = 3600;
/** A return signed this far ahead of the verifier's clock still verifies (clock skew). */
const FUTURE_SKEW_SECONDS = 300;

export const REDIRECT_SIGNATURE_PARAM = 'svcpay_signature';

/** The key a merchant's redirects are signed with, from its secret API key. */
export const redirectKey = (secretKey: string): Buffer => createHmac('sha256', secretKey).update('svcpay-redirect').digest();

/** What a return's signature covers: its path and its query but the signature, in order. */
const payload = (u: URL) => {
  const query = new URLSearchParams(u.searchParams);
  query.delete(REDIRECT_SIGNATURE_PARAM);
  return `v3.${u.pathname}?${query.toString()}`;
};

const redirectSignature = (key: Buffer, u: URL): string => createHmac('sha256', key).update(payload(u)).digest('hex');

/** `successUrl` with the fields added to its query, then the signature of the whole return. */
export function signedRedirectUrl(successUrl: string, key: Buffer, f: RedirectFields): string {
  const u = new URL(successUrl);
  u.searchParams.set('session_id', f.sessionId);
  u.searchParams.set('amount', String(f.amount));
  u.searchParams.set('currency', f.currency);
  u.searchParams.set('payment_status', f.paymentStatus);
  u.searchParams.set('issued_at', String(f.issuedAt));
  u.searchParams.delete(REDIRECT_SIGNATURE_PARAM);
  u.searchParams.append(REDIRECT_SIGNATURE_PARAM, redirectSignature(key, u));
  return u.toString();
}

export interface FreshnessOptions {
  /** Refuse a return signed longer ago than this (default an hour). */
  maxAgeSeconds?: number;
  /** The verifier's clock, unix seconds (default: now). */
  nowSeconds?: number;
}

/**
 * The signed fields of a return URL (its path and query; the origin and fragment are not read)
 * when its signature matches one of the secret keys and it was signed within `maxAgeSeconds`;
 * null otherwise.
 */
export function readSignedRedirect(url: URL, secretKeys: string[], opts: FreshnessOptions = {}): RedirectFields | null {
  const query = url.searchParams;
  const param = (name: string) => query.get(name) ?? '';
  const paymentStatus = param('payment_status');
  const signatures = query.getAll(REDIRECT_SIGNATURE_PARAM);
  // A signature of any other length would make timingSafeEqual throw; anything else wrong fails the MAC.
  if ((paymentStatus !== 'paid' && paymentStatus !== 'held' && paymentStatus !== 'unpaid') || signatures.length !== 1 || !/^[0-9a-f]{64}$/.test(signatures[0]!)) return null;
  const fields: RedirectFields = { sessionId: param('session_id'), amount: Number(param('amount')), currency: param('currency'), paymentStatus, issuedAt: Number(param('issued_at')) };
  // The fields answered are read from the signed query, so `amount=0100` cannot pass for `100`.
  if (String(fields.amount) !== param('amount') || !/^\d{1,12}$/.test(param('issued_at')) || String(fields.issuedAt) !== param('issued_at')) return null;
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  const age = now - fields.issuedAt;
  if (age > (opts.maxAgeSeconds ?? REDIRECT_MAX_AGE_SECONDS) || age < -FUTURE_SKEW_SECONDS) return null;
  const got = Buffer.from(signatures[0]!, 'hex');
  return secretKeys.some((k) => timingSafeEqual(Buffer.from(redirectSignature(redirectKey(k), url), 'hex'), got)) ? fields : null;
}
