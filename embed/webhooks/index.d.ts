/** `svcpay/webhooks`: verify the signature of a svcpay webhook, or of a success redirect (Node). */
export declare const SIGNATURE_HEADER = 'x-svc-signature';

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
  /** The body exactly as received: text, or bytes such as `express.raw()`'s Buffer. Never parsed JSON. */
  rawBody: string | Uint8Array;
  /** The `x-svc-signature` header as `req.headers[…]` (string or array) or `headers.get(…)` give it. */
  signature: string | readonly string[] | null | undefined;
  secret: string | string[];
  toleranceSeconds?: number;
  now?: number;
}

/** The event when the signature is good; throws otherwise. */
export declare function verifyWebhook(opts: VerifyOptions): WebhookEnvelope;

/** Lower level: true when one of `secrets` signed `rawBody` and `t` is within the tolerance of `nowSeconds`. */
export declare function verifySignature(header: string | null | undefined, secrets: string[], rawBody: string, nowSeconds: number, toleranceSeconds?: number): boolean;

/** The signed fields of a svcpay success redirect. */
export interface SignedRedirect {
  sessionId: string;
  amount: number;
  currency: string;
  paymentStatus: 'paid' | 'held' | 'unpaid';
  /** Unix seconds when svcpay signed it. */
  issuedAt: number;
}

/**
 * The fields of a success redirect signed for the merchant with this secret API key (or keys, during
 * a rotation) no longer than `maxAgeSeconds` ago (default 3600); throws otherwise. The signature
 * covers the return's path and whole query (the merchant's own parameters too): pass the URL the
 * buyer came back to, in full or as path and query (Express: `req.originalUrl`).
 */
export declare function verifyRedirect(url: string | URL, secretKey: string | string[], opts?: { maxAgeSeconds?: number }): SignedRedirect;
