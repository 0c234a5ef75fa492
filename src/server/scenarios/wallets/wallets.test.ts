import { describe, expect, it } from 'vitest';
import { AppleMerchantSession, GooglePaymentDataRequest } from '../../../api/wallets.ts';
import { SERVICE, bearer, testApp } from '../../testing.ts';

const APPLE = '/v1/public/wallets/apple-session';
const GOOGLE = '/v1/public/wallets/google-session';
const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
const FRAME = { Origin: SERVICE };

type T = Awaited<ReturnType<typeof testApp>>;

async function world(settings: Record<string, unknown> = { displayName: 'Tea Shop' }) {
  const t = await testApp();
  const m = await t.merchant({ settings });
  const session = async (extra: Record<string, unknown> = {}) => {
    const res = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'eur', integrationMode: 'elements', chargeAtSubmit: true, ...extra }, bearer(m.keys.secret));
    return (await res.json()) as { id: string };
  };
  /** Registers `domain` for a wallet; verifies it unless told not to. */
  const domain = async (name: string, wallet_type = 'apple_pay', verify = true) => {
    const row = await (await t.json('POST', '/v1/wallet-domains', { domain: name, wallet_type }, bearer(m.keys.secret))).json();
    if (verify && wallet_type === 'apple_pay') expect((await (await t.json('POST', `/v1/wallet-domains/${row.id}/verify`, undefined, bearer(m.keys.secret))).json()).status).toBe('verified');
    return row as { id: string; status: string };
  };
  const apple = (body: Record<string, unknown>, headers: Record<string, string> = FRAME, key = m.keys.publishable) => t.json('POST', APPLE, body, { ...bearer(key), ...headers });
  const google = (body: Record<string, unknown>, headers: Record<string, string> = FRAME, key = m.keys.publishable) => t.json('POST', GOOGLE, body, { ...bearer(key), ...headers });
  return { t, m, session, domain, apple, google };
}

const sessionRow = async (t: T, id: string, secret: string) => (await t.json('GET', `/v1/sessions/${id}`, undefined, bearer(secret))).json();

describe('POST /v1/public/wallets/apple-session', () => {
  it("answers Apple's merchant session for a verified Apple Pay domain of the merchant", async () => {
    const w = await world();
    await w.domain('shop.example.com');
    const s = await w.session();
    const res = await w.apple({ sessionId: s.id, validationUrl: VALIDATION_URL, domain: 'Shop.Example.com' });
    expect(res.status).toBe(200);
    const body = AppleMerchantSession.parse(await res.json());
    expect(body).toMatchObject({ domainName: 'shop.example.com', displayName: 'Tea Shop' });
    expect(body.expiresAt - body.epochTimestamp).toBe(5 * 60 * 1000);
    expect(body.merchantSessionIdentifier).not.toBe('');
  });

  it('refuses a domain that is registered but not verified (409), unregistered or only for Google Pay (404)', async () => {
    const w = await world();
    const s = await w.session();
    const pending = await w.domain('pending.example.com', 'apple_pay', false);
    expect(pending.status).toBe('pending');
    await w.domain('gpay.example.com', 'google_pay');
    const removed = await w.domain('gone.example.com');
    await w.t.json('DELETE', `/v1/wallet-domains/${removed.id}`, undefined, bearer(w.m.keys.secret));
    for (const [domain, status, code] of [
      ['pending.example.com', 409, 'wallet_domain_not_verified'],
      ['gpay.example.com', 404, 'wallet_domain_not_found'],
      ['nowhere.example.com', 404, 'wallet_domain_not_found'],
      ['gone.example.com', 404, 'wallet_domain_not_found'],
      ['https://shop.example.com/', 422, 'wallet_domain_invalid'],
    ] as const) {
      const res = await w.apple({ sessionId: s.id, validationUrl: VALIDATION_URL, domain });
      expect([domain, res.status, (await res.json()).code]).toEqual([domain, status, code]);
    }
  });

  it("refuses another merchant's verified domain", async () => {
    const w = await world();
    const other = await w.t.merchant();
    const row = await (await w.t.json('POST', '/v1/wallet-domains', { domain: 'other.example.com', wallet_type: 'apple_pay' }, bearer(other.keys.secret))).json();
    await w.t.json('POST', `/v1/wallet-domains/${row.id}/verify`, undefined, bearer(other.keys.secret));
    const s = await w.session();
    const res = await w.apple({ sessionId: s.id, validationUrl: VALIDATION_URL, domain: 'other.example.com' });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('wallet_domain_not_found');
  });

  it("answers 404 session_not_found for another merchant's session", async () => {
    const w = await world();
    await w.domain('shop.example.com');
    const other = await w.t.merchant();
    const theirs = await (await w.t.json('POST', '/v1/sessions', { amount: 100, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(other.keys.secret))).json();
    const res = await w.apple({ sessionId: theirs.id, validationUrl: VALIDATION_URL, domain: 'shop.example.com' });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('session_not_found');
  });

  it('refuses a secret key (403 auth_key_type_forbidden) and a caller outside the service origin (403 origin_forbidden)', async () => {
    const w = await world();
    await w.domain('shop.example.com');
    const s = await w.session();
    const body = { sessionId: s.id, validationUrl: VALIDATION_URL, domain: 'shop.example.com' };
    const secret = await w.apple(body, FRAME, w.m.keys.secret);
    expect([secret.status, (await secret.json()).code]).toEqual([403, 'auth_key_type_forbidden']);
    for (const headers of [{ Origin: 'https://shop.example.com' }, {}] as Record<string, string>[]) {
      const res = await w.apple(body, headers);
      expect([res.status, (await res.json()).code]).toEqual([403, 'origin_forbidden']);
    }
  });

  it('takes only an Apple gateway as validationUrl, and refuses unknown fields', async () => {
    const w = await world();
    await w.domain('shop.example.com');
    const s = await w.session();
    for (const validationUrl of ['http://apple-pay-gateway.apple.com/x', 'https://apple.com.evil.example/x', 'https://169.254.169.254/latest', 'https://apple-pay-gateway.apple.com:8443/x', 'nope']) {
      const res = await w.apple({ sessionId: s.id, validationUrl, domain: 'shop.example.com' });
      expect([validationUrl, res.status, (await res.json()).code]).toEqual([validationUrl, 400, 'validation_error']);
    }
    const extra = await w.apple({ sessionId: s.id, validationUrl: VALIDATION_URL, domain: 'shop.example.com', merchantId: 'x' });
    expect((await extra.json()).code).toBe('validation_unknown_field');
  });
});

describe('POST /v1/public/wallets/google-session', () => {
  it("answers Google Pay's PaymentDataRequest: networks, the sandbox gateway, merchant name and the session total", async () => {
    const w = await world();
    const s = await w.session();
    const res = await w.google({ sessionId: s.id });
    expect(res.status).toBe(200);
    const body = GooglePaymentDataRequest.parse(await res.json());
    expect(body.environment).toBe('TEST');
    expect(body.merchantInfo).toEqual({ merchantName: 'Tea Shop' });
    expect(body.transactionInfo).toEqual({ totalPriceStatus: 'FINAL', totalPrice: '25.00', currencyCode: 'EUR' });
    expect(body.allowedPaymentMethods[0]!.parameters.allowedCardNetworks).toEqual(['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'JCB']);
    expect(body.allowedPaymentMethods[0]!.tokenizationSpecification).toEqual({ type: 'PAYMENT_GATEWAY', parameters: { gateway: 'svcpaysandbox', gatewayMerchantId: w.m.merchant.id } });
  });

  it('shows the total in the currency digits', async () => {
    const w = await world();
    const s = await w.session({ amount: 1500, currency: 'jpy' });
    expect((await (await w.google({ sessionId: s.id })).json()).transactionInfo.totalPrice).toBe('1500');
  });

  it('refuses a session a wallet cannot pay: not charge-at-submit (422), paid (409), another merchant (404)', async () => {
    const w = await world();
    const hosted = await (await w.t.json('POST', '/v1/sessions', { amount: 100, currency: 'usd' }, bearer(w.m.keys.secret))).json();
    const res = await w.google({ sessionId: hosted.id });
    expect([res.status, (await res.json()).code]).toEqual([422, 'charge_at_submit_not_enabled']);

    const paid = await w.session();
    await w.t.json('POST', `/v1/public/sessions/${paid.id}/charge`, { wallet: { type: 'google_pay', token: 'tok_sandbox_visa_4242' } }, { ...bearer(w.m.keys.publishable), ...FRAME });
    const again = await w.google({ sessionId: paid.id });
    expect([again.status, (await again.json()).code]).toEqual([409, 'session_already_completed']);

    const other = await w.t.merchant();
    const theirs = await (await w.t.json('POST', '/v1/sessions', { amount: 100, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true }, bearer(other.keys.secret))).json();
    const foreign = await w.google({ sessionId: theirs.id });
    expect([foreign.status, (await foreign.json()).code]).toEqual([404, 'session_not_found']);
  });

  it('refuses a secret key and a caller outside the service origin', async () => {
    const w = await world();
    const s = await w.session();
    expect((await (await w.google({ sessionId: s.id }, FRAME, w.m.keys.secret)).json()).code).toBe('auth_key_type_forbidden');
    expect((await (await w.google({ sessionId: s.id }, { Origin: 'http://127.0.0.1:4244' })).json()).code).toBe('origin_forbidden');
  });
});

describe('POST /v1/public/sessions/{id}/charge with a wallet token', () => {
  const pay = (w: Awaited<ReturnType<typeof world>>, id: string, body: Record<string, unknown>) =>
    w.t.json('POST', `/v1/public/sessions/${id}/charge`, body, { ...bearer(w.m.keys.publishable), ...FRAME });

  it.each(['google_pay', 'apple_pay'])('settles the session with a %s token', async (type) => {
    const w = await world();
    const s = await w.session();
    const res = await pay(w, s.id, { wallet: { type, token: 'tok_sandbox_mastercard_4444' } });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: 'succeeded', sessionId: s.id });
    expect(await sessionRow(w.t, s.id, w.m.keys.secret)).toMatchObject({ status: 'succeeded', paymentStatus: 'paid', paymentIntentId: body.paymentIntentId, vp_tx_count: 1 });
    const intent = await (await w.t.json('GET', `/v1/payment_intents/${body.paymentIntentId}`, undefined, bearer(w.m.keys.secret))).json();
    expect(intent).toMatchObject({ status: 'succeeded', amount: 2500 });
    expect(JSON.stringify(intent)).toContain('4444');
  });

  it("declines as the test card the token names, and re-opens nothing it shouldn't", async () => {
    const w = await world();
    const s = await w.session();
    const body = await (await pay(w, s.id, { wallet: { type: 'google_pay', token: 'tok_sandbox_visa_9995' } })).json();
    expect(body).toMatchObject({ status: 'failed', error: { code: 'card_declined', decline_code: 'insufficient_funds' } });
    expect(await sessionRow(w.t, s.id, w.m.keys.secret)).toMatchObject({ status: 'failed', paymentStatus: 'unpaid' });
  });

  it('needs no bank challenge: the device authenticated the buyer', async () => {
    const w = await world();
    const s = await w.session();
    const body = await (await pay(w, s.id, { wallet: { type: 'apple_pay', token: 'tok_sandbox_visa_3220' } })).json();
    expect(body.status).toBe('succeeded');
  });

  it('refuses a token the sandbox did not issue with 422 provider_request_rejected, and leaves the session open with nothing charged', async () => {
    const w = await world();
    const s = await w.session();
    const res = await pay(w, s.id, { wallet: { type: 'google_pay', token: '{"signature":"forged"}' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'provider_request_rejected', reason: 'invalid_wallet_token' });
    expect(await sessionRow(w.t, s.id, w.m.keys.secret)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect((await w.t.count('payment_intents'))).toBe(0);
    expect((await pay(w, s.id, { wallet: { type: 'google_pay', token: 'tok_sandbox_visa_4242' } })).status).toBe(200);
  });

  it('takes exactly one of card and wallet', async () => {
    const w = await world();
    const s = await w.session();
    const both = await pay(w, s.id, { wallet: { type: 'google_pay', token: 'tok_sandbox_visa_4242' }, card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } });
    expect([both.status, (await both.json()).code]).toEqual([400, 'validation_error']);
    const neither = await pay(w, s.id, {});
    expect([neither.status, (await neither.json()).code]).toEqual([400, 'validation_missing_field']);
    const badType = await pay(w, s.id, { wallet: { type: 'paypal', token: 'tok_sandbox_visa_4242' } });
    expect([badType.status, (await badType.json()).code]).toEqual([400, 'validation_error']);
    expect((await w.t.count('payment_intents'))).toBe(0);
    expect((await sessionRow(w.t, s.id, w.m.keys.secret)).status).toBe('pending');
  });
});
