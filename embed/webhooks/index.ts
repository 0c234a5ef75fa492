/**
 * `import { verifyWebhook } from 'svcpay/webhooks'`: the receiver side of svcpay's webhooks, for a
 * merchant's server and its tests (Node). It checks the `x-svc-signature` header the way Document 3
 * says a receiver should: HMAC-SHA256 of `<t>.<raw body>` with the `whsec_…` secret, any of the
 * `v1=` entries (two for 24 hours after a rotation), and `t` within 300 seconds of now.
 */
import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, verifySignature } from '../../src/platform/signature.ts';
import { readSignedRedirect } from '../../src/platform/redirect-signature.ts';

export { SIGNATURE_HEADER, verifySignature };

export interface WebhookEnvelope {
  id: string;
  type: string;
  created: number;
  /** Order of the events of one object: the larger is the later (absent on a test event). */
  sequence?: number;
  livemode: boolean;
  test_event?: true;
  merchant_id: string;
  data: Record<string, unknown>;
}

export interface VerifyOptions {
  /** The request body exactly as received, as text or bytes (`express.raw()`'s Buffer); never re-serialized JSON. */
  rawBody: string | Uint8Array;
  /** The `x-svc-signature` header, as Node's `req.headers` (a string, or an array) or `Headers.get` give it. */
  signature: string | readonly string[] | null | undefined;
  /** Your `whsec_…` secret; during a rotation you may pass both. */
  secret: string | string[];
  /** Seconds either side of now a `t` may be; default 300. */
  toleranceSeconds?: number;
  /** Now, in unix seconds; default the wall clock. */
  now?: number;
}

/** The event when the signature is good; throws otherwise (answer 400 and do nothing). */
export function verifyWebhook(opts: VerifyOptions): WebhookEnvelope {
  const secrets = Array.isArray(opts.secret) ? opts.secret : [opts.secret];
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const body = rawText(opts.rawBody);
  // A header sent twice reaches Node as an array: its entries together, as one header would carry them.
  const signature = typeof opts.signature === 'string' || opts.signature == null ? opts.signature : opts.signature.join(',');
  if (body === null || !verifySignature(signature, secrets, body, now, opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    throw new Error('svcpay webhook: the signature does not match this body and secret, or its t is more than the tolerance away from now');
  }
  return JSON.parse(body) as WebhookEnvelope;
}

/** The body as the text that was signed; null for bytes that are not UTF-8 (never what svcpay sent). */
function rawText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw;
  if (raw instanceof Uint8Array) {
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(raw);
    } catch {
      return null;
    }
  }
  throw new TypeError(
    'svcpay webhook: rawBody must be the body as received, a string or a Buffer; it was parsed already (use express.raw({ type: "application/json" }), or await request.text())',
  );
}

export interface SignedRedirect {
  sessionId: string;
  /** Minor units. */
  amount: number;
  /** ISO 4217, uppercase, as the session reads it. */
  currency: string;
  /** `held` when the session captures manually; `unpaid` after a setup session (the card saved, nothing charged). */
  paymentStatus: 'paid' | 'held' | 'unpaid';
  /** Unix seconds when svcpay signed it. */
  issuedAt: number;
}

/**
 * The fields of the success redirect a buyer returns with (`?session_id=…&amount=…&currency=…&
 * payment_status=…&issued_at=…&svcpay_signature=…` after the merchant's own query) when svcpay
 * signed it for the merchant whose secret API key is given (during a key rotation pass both);
 * throws otherwise. The signature covers the path and the whole query, the merchant's own
 * parameters included, so `url` is the URL the buyer came back to: in full, or its path and query
 * as the server received them (Express: `req.originalUrl`). A return is good for `maxAgeSeconds` after svcpay signed
 * it (default 3600), so an old link (a `held` return kept after a void) no longer verifies. A good
 * signature proves svcpay sent the buyer back after this payment; fulfil on the
 * `charge.succeeded` webhook or a server-side read, still.
 */
export function verifyRedirect(url: string | URL, secretKey: string | string[], opts: { maxAgeSeconds?: number } = {}): SignedRedirect {
  const fields = readSignedRedirect(new URL(String(url), 'http://return.invalid'), Array.isArray(secretKey) ? secretKey : [secretKey], opts);
  if (!fields) {
    throw new Error(
      'svcpay redirect: the URL is not a svcpay success redirect signed for this secret key within maxAgeSeconds (missing, altered (path or any query parameter), signed for another merchant, or too old)',
    );
  }
  return fields;
}
