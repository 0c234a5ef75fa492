/**
 * The signed success redirect (issue 10; Doc 1, `complete` answers "a signed merchant redirect"):
 * after a payment the buyer returns to the merchant's `successUrl` with
 *
 *   ?session_id=…&amount=…&currency=…&payment_status=paid|held&svcpay_signature=<hex>
 *
 * where the signature is HMAC-SHA256, keyed by the merchant's redirect key, over
 * `v1.<session_id>.<amount>.<currency>.<payment_status>`. The redirect key is derived from the
 * merchant's secret API key (HMAC-SHA256 of `svcpay-redirect` keyed by it), so a merchant verifies
 * with the secret it already holds, and the service, which keeps API keys only as hashes, keeps the
 * derived key (sealed) beside each secret key. Shared by the service (signing), `svcpay/webhooks`
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
}

export const REDIRECT_SIGNATURE_PARAM = 'svcpay_signature';

/** The key a merchant's redirects are signed with, from its secret API key. */
export const redirectKey = (secretKey: string): Buffer => createHmac('sha256', secretKey).update('svcpay-redirect').digest();

const payload = (f: RedirectFields) => `v1.${f.sessionId}.${f.amount}.${f.currency}.${f.paymentStatus}`;

export const redirectSignature = (key: Buffer, f: RedirectFields): string => createHmac('sha256', key).update(payload(f)).digest('hex');

/** `successUrl` with the fields and their signature added to its query. */
export function signedRedirectUrl(successUrl: string, key: Buffer, f: RedirectFields): string {
  const u = new URL(successUrl);
  u.searchParams.set('session_id', f.sessionId);
  u.searchParams.set('amount', String(f.amount));
  u.searchParams.set('currency', f.currency);
  u.searchParams.set('payment_status', f.paymentStatus);
  u.searchParams.set(REDIRECT_SIGNATURE_PARAM, redirectSignature(key, f));
  return u.toString();
}

/** The signed fields of a return URL's query when its signature matches one of the secret keys; null otherwise. */
export function readSignedRedirect(query: URLSearchParams, secretKeys: string[]): RedirectFields | null {
  const param = (name: string) => query.get(name) ?? '';
  const paymentStatus = param('payment_status');
  const signature = param(REDIRECT_SIGNATURE_PARAM);
  // A signature of any other length would make timingSafeEqual throw; anything else wrong fails the MAC.
  if ((paymentStatus !== 'paid' && paymentStatus !== 'held') || !/^[0-9a-f]{64}$/.test(signature)) return null;
  const fields: RedirectFields = { sessionId: param('session_id'), amount: Number(param('amount')), currency: param('currency'), paymentStatus };
  // The payload is rebuilt from the parsed fields, so `amount=0100` cannot pass for `100`.
  if (String(fields.amount) !== param('amount')) return null;
  const got = Buffer.from(signature, 'hex');
  return secretKeys.some((k) => timingSafeEqual(Buffer.from(redirectSignature(redirectKey(k), fields), 'hex'), got)) ? fields : null;
}
