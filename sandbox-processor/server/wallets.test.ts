import { describe, expect, it } from 'vitest';
import { CARD, serverAuth, testProcessor } from '../testing.ts';

const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';

describe('sandbox wallets', () => {
  it('charges a wallet token as the test card it names, with no CVC check and no challenge', async () => {
    const { direct } = testProcessor();
    const ok = await direct({ wallet: { type: 'google_pay', token: 'tok_sandbox_amex_0005' } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ status: 'approved', card: { brand: 'amex', last4: '0005' }, cvvResult: 'not_provided', avsResult: null, threeDSecure: null });
    expect((await direct({ wallet: { type: 'apple_pay', token: 'tok_sandbox_visa_0002' } })).body).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
    expect((await direct({ wallet: { type: 'apple_pay', token: 'tok_sandbox_visa_3220' } })).body).toMatchObject({ status: 'approved', threeDSecure: { outcome: 'authenticated', method: 'frictionless' } });
    expect((await direct({ wallet: { type: 'apple_pay', token: 'tok_sandbox_visa_0116' } })).body).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
  });

  it('refuses a token it never issued, and a charge naming two sources, recording nothing', async () => {
    const { call, count } = testProcessor();
    const base = { sessionId: 'cs_1', livemode: false, amount: 700, currency: 'USD' };
    const forged = await call('POST', '/v1/transactions', { ...base, wallet: { type: 'google_pay', token: '4242424242424242' } });
    expect(forged.status).toBe(400);
    expect((await forged.json()).code).toBe('invalid_wallet_token');
    const both = await call('POST', '/v1/transactions', { ...base, card: CARD, wallet: { type: 'google_pay', token: 'tok_sandbox_visa_4242' } });
    expect(both.status).toBe(400);
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(0);
    expect((await call('POST', '/v1/transactions', { ...base, wallet: { type: 'google_pay', token: 'tok_sandbox_visa_4242' } })).status).toBe(201);
    expect(count('SELECT count(*) AS n FROM transactions')).toBe(1);
  });

  it('makes an Apple Pay merchant session for an Apple gateway address only', async () => {
    const { call } = testProcessor();
    const req = { validationUrl: VALIDATION_URL, domain: 'shop.example.com', displayName: 'Tea Shop', livemode: false };
    const res = await call('POST', '/v1/wallets/apple_session', req);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ domainName: 'shop.example.com', displayName: 'Tea Shop', nonce: expect.stringMatching(/^[0-9a-f]{8}$/) });
    for (const validationUrl of ['https://evil.example/apple.com', 'http://apple-pay-gateway.apple.com/x', 'https://apple.com.evil.example/']) {
      const refused = await call('POST', '/v1/wallets/apple_session', { ...req, validationUrl });
      expect([validationUrl, refused.status, (await refused.json()).code]).toEqual([validationUrl, 400, 'invalid_validation_url']);
    }
    expect((await call('POST', '/v1/wallets/apple_session', req, serverAuth('merchant_test_1', 'wrong'))).status).toBe(401);
  });
});
