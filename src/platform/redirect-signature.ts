/**
 * The signed success redirect (issue 10; Doc 1, `complete` answers "a signed merchant redirect"):
 * after a payment the buyer returns to the merchant's `successUrl` with
 *
 *   ?session_id=…&amount=…&currency=…&payment_status=paid|held&issued_at=<unix s>&svcpay_signature=<hex>
 *
 * where the signature is HMAC-SHA256, keyed by the merchant's redirect key, over
 * `v2.<session_id>.<amount>.<currency>.<payment_status>.<issued_at>`. `issued_at` is wall-clock
 * time, as a webhook's `t`, so the merchant's own clock can tell its age: a return is good for an
 * hour by default (issue 18, finding 10: a `held` return must not still verify after a void).
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
  /** `paid`, or `held` for a session with manual capture. */
  paymentStatus: 'paid' | 'held';
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

const payload = (f: RedirectFields) => `v2.${f.sessionId}.${f.amount}.${f.currency}.${f.paymentStatus}.${f.issuedAt}`;

export const redirectSignature = (key: Buffer, f: RedirectFields): string => createHmac('sha256', key).update(payload(f)).digest('hex');

/** `successUrl` with the fields and their signature added to its query. */
export function signedRedirectUrl(successUrl: string, key: Buffer, f: RedirectFields): string {
  const u = new URL(successUrl);
  u.searchParams.set('session_id', f.sessionId);
  u.searchParams.set('amount', String(f.amount));
  u.searchParams.set('currency', f.currency);
  u.searchParams.set('payment_status', f.paymentStatus);
  u.searchParams.set('issued_at', String(f.issuedAt));
  u.searchParams.set(REDIRECT_SIGNATURE_PARAM, redirectSignature(key, f));
  return u.toString();
}

export interface FreshnessOptions {
  /** Refuse a return signed longer ago than this (default an hour). */
  maxAgeSeconds?: number;
  /** The verifier's clock, unix seconds (default: now). */
  nowSeconds?: number;
}

/**
 * The signed fields of a return URL's query when its signature matches one of the secret keys and
 * it was signed within `maxAgeSeconds`; null otherwise.
 */
export function readSignedRedirect(query: URLSearchParams, secretKeys: string[], opts: FreshnessOptions = {}): RedirectFields | null {
  const param = (name: string) => query.get(name) ?? '';
  const paymentStatus = param('payment_status');
  const signature = param(REDIRECT_SIGNATURE_PARAM);
  // A signature of any other length would make timingSafeEqual throw; anything else wrong fails the MAC.
  if ((paymentStatus !== 'paid' && paymentStatus !== 'held') || !/^[0-9a-f]{64}$/.test(signature)) return null;
  const fields: RedirectFields = { sessionId: param('session_id'), amount: Number(param('amount')), currency: param('currency'), paymentStatus, issuedAt: Number(param('issued_at')) };
  // The payload is rebuilt from the parsed fields, so `amount=0100` cannot pass for `100`.
  if (String(fields.amount) !== param('amount') || !/^\d{1,12}$/.test(param('issued_at')) || String(fields.issuedAt) !== param('issued_at')) return null;
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  const age = now - fields.issuedAt;
  if (age > (opts.maxAgeSeconds ?? REDIRECT_MAX_AGE_SECONDS) || age < -FUTURE_SKEW_SECONDS) return null;
  const got = Buffer.from(signature, 'hex');
  return secretKeys.some((k) => timingSafeEqual(Buffer.from(redirectSignature(redirectKey(k), fields), 'hex'), got)) ? fields : null;
}
