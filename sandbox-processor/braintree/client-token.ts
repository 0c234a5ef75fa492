/**
 * Braintree's client token, as the stand-in issues it: base64 of the JSON braintree-web reads
 * (`authorizationFingerprint`, `clientApiUrl`, `configUrl`, `assetsUrl`, `merchantId`,
 * `merchantAccountId`, `environment`). The fingerprint is Braintree's shape, an HMAC then the
 * facts it vouches for (`<hex>|created_at=…&merchant_account_id=…&customer_id=…`), made with the
 * processor secret: nothing to store, and nobody else can make one. It lasts 24 hours, as Braintree's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface ClientTokenFacts {
  merchantAccountId: string;
  customerId: string | null;
}

const mac = (secret: string, facts: string) => createHmac('sha256', `braintree-client-token:${secret}`).update(facts).digest('hex');

export function clientToken(o: { publicUrl: string; gatewayId: string; apiSecret: string; merchantAccountId: string; customerId: string | null; now: Date }): string {
  const facts = new URLSearchParams({ created_at: o.now.toISOString(), merchant_account_id: o.merchantAccountId, ...(o.customerId ? { customer_id: o.customerId } : {}) }).toString();
  const body = {
    version: 2,
    authorizationFingerprint: `${mac(o.apiSecret, facts)}|${facts}`,
    configUrl: `${o.publicUrl}/merchants/${o.gatewayId}/client_api/v1/configuration`,
    clientApiUrl: `${o.publicUrl}/merchants/${o.gatewayId}/client_api`,
    assetsUrl: o.publicUrl,
    merchantId: o.gatewayId,
    merchantAccountId: o.merchantAccountId,
    environment: 'sandbox',
  };
  return Buffer.from(JSON.stringify(body)).toString('base64');
}

/** What a fingerprint vouches for; null when it is not one of ours, or is past its 24 hours. */
export function openFingerprint(apiSecret: string, fingerprint: string, now: Date): ClientTokenFacts | null {
  const bar = fingerprint.indexOf('|');
  if (bar < 0) return null;
  const [given, facts] = [fingerprint.slice(0, bar), fingerprint.slice(bar + 1)];
  const expected = mac(apiSecret, facts);
  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  const p = new URLSearchParams(facts);
  const created = Date.parse(p.get('created_at') ?? '');
  const account = p.get('merchant_account_id');
  if (!account || !Number.isFinite(created) || now.getTime() - created > LIFETIME_MS) return null;
  return { merchantAccountId: account, customerId: p.get('customer_id') };
}
