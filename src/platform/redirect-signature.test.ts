import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSignedRedirect, redirectKey, signedRedirectUrl, type RedirectFields } from './redirect-signature.ts';

const SECRET = 'vp_sk_test_abc';
const fields: RedirectFields = { sessionId: 'vp_cs_test_1', amount: 2500, currency: 'usd', paymentStatus: 'paid' };
const signed = () => new URL(signedRedirectUrl('https://shop.example/thanks?order=7', redirectKey(SECRET), fields));

describe('signed success redirects', () => {
  it('keeps the merchant\'s own query and adds the signed fields', () => {
    const u = signed();
    expect(u.searchParams.get('order')).toBe('7');
    expect(readSignedRedirect(u.searchParams, [SECRET])).toEqual(fields);
  });

  it.each([
    ['amount', '1'],
    ['amount', '02500'],
    ['currency', 'eur'],
    ['payment_status', 'held'],
    ['session_id', 'vp_cs_test_2'],
  ])('refuses a return whose %s was changed to %s', (name, value) => {
    const q = signed().searchParams;
    q.set(name, value);
    expect(readSignedRedirect(q, [SECRET])).toBeNull();
  });

  it('refuses another key, a missing or malformed signature, and accepts any of the keys given', () => {
    const q = signed().searchParams;
    expect(readSignedRedirect(q, ['vp_sk_test_other'])).toBeNull();
    expect(readSignedRedirect(q, ['vp_sk_test_other', SECRET])).toEqual(fields);
    const bad = new URLSearchParams(q);
    bad.set('svcpay_signature', 'zz');
    expect(readSignedRedirect(bad, [SECRET])).toBeNull();
    bad.delete('svcpay_signature');
    expect(readSignedRedirect(bad, [SECRET])).toBeNull();
  });

  it('signs exactly the documented format (README: a key from the secret key, then v1.<id>.<amount>.<currency>.<status>)', () => {
    const key = createHmac('sha256', SECRET).update('svcpay-redirect').digest();
    const expected = createHmac('sha256', key).update('v1.vp_cs_test_1.2500.usd.paid').digest('hex');
    expect(signed().searchParams.get('svcpay_signature')).toBe(expected);
  });

  it('refuses a signature with a character added before or after it', () => {
    for (const change of [(s: string) => `${s}0`, (s: string) => `0${s}`]) {
      const q = signed().searchParams;
      q.set('svcpay_signature', change(q.get('svcpay_signature')!));
      expect(readSignedRedirect(q, [SECRET])).toBeNull();
    }
  });
});

