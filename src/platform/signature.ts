/**
 * The `x-svc-signature` scheme (Doc 3, Webhooks): `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, where
 * each hex is HMAC-SHA256 keyed with the full secret string, of `<t>.<raw body>`. One module for
 * the processor's provider webhooks, the service's inbound route and outbound merchant webhooks,
 * and the receiver side merchants import (`svcpay/webhooks`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-svc-signature';

/**
 * The mark every outbound merchant webhook carries (value `1`). The sandbox control API refuses any
 * request that has it, or a signature: a webhook is never a control call (issue 32, finding 1).
 */
export const WEBHOOK_MARK_HEADER = 'svc-pay-webhook';

/** Receivers reject a `t` further than this from their clock (Doc 3, Webhooks). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The hex HMAC-SHA256 of `<t>.<rawBody>` keyed with `secret`. */
export function sign(secret: string, rawBody: string, t: number): string {
  return createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
}

/** The header value: one `v1=` per secret, in the order given (after a rotation: new secret first). */
export function signatureHeader(secrets: string[], rawBody: string, t: number): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${sign(s, rawBody, t)}`)].join(',');
}

/**
 * True when `header` carries a `t` within `toleranceSeconds` of `nowSeconds` and at least one `v1`
 * that one of `secrets` made over exactly `rawBody`. Comparisons take the same time whatever matched.
 */
export function verifySignature(
  header: string | null | undefined,
  secrets: string[],
  rawBody: string,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  if (!header || header.length > 4096) return false;
  let t: number | null = null;
  const candidates: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      // A second `t` makes the header ambiguous: refuse it rather than pick one.
      if (t !== null || !/^\d{1,12}$/.test(value)) return false;
      t = Number(value);
    } else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) {
      candidates.push(Buffer.from(value, 'hex'));
    }
  }
  if (t === null || candidates.length === 0) return false;
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  let ok = false;
  for (const secret of secrets) {
    const expected = Buffer.from(sign(secret, rawBody, t), 'hex');
    // Every pair is compared, with no early exit, so timing says nothing about which matched.
    for (const candidate of candidates) ok = timingSafeEqual(expected, candidate) || ok;
  }
  return ok;
}
