/**
 * Sending one signed webhook (Doc 3, Webhooks): `x-svc-signature: t=<unix seconds, wall clock>,
 * v1=<hex>[,v1=<hex>]`, HMAC-SHA256 keyed with each `whsec_*` over `<t>.<raw body>`, new secret
 * first. A 2xx within 10 seconds counts as delivered.
 */
import { httpTransport } from '../../../platform/http-transport.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../../../platform/signature.ts';

/** Doc 3: a 2xx within 10 seconds counts. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface SendResult {
  /** The receiver's status; null when it did not answer in time or could not be reached. */
  status: number | null;
  delivered: boolean;
  ms: number;
  error: string | null;
}

const transport = httpTransport({ maxSockets: 8 });

export async function sendSigned(url: string, rawBody: string, secrets: string[], timeoutMs = DELIVERY_TIMEOUT_MS): Promise<SendResult> {
  const started = performance.now();
  const t = Math.floor(Date.now() / 1000);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await transport(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'svcpay-webhooks/1', [SIGNATURE_HEADER]: signatureHeader(secrets, rawBody, t) },
      body: rawBody,
      signal: controller.signal,
    });
    await res.text();
    return { status: res.status, delivered: res.status >= 200 && res.status < 300, ms: Math.round(performance.now() - started), error: null };
  } catch (err) {
    return { status: null, delivered: false, ms: Math.round(performance.now() - started), error: controller.signal.aborted ? `no answer within ${timeoutMs} ms` : err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}
