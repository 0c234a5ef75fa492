import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSignedRedirect, redirectKey, signedRedirectUrl, type RedirectFields } from './redirect-signature.ts';

const SECRET = 'vp_sk_test_abc';
const NOW = 1_900_000_000;
const fields: RedirectFields = { sessionId: 'vp_cs_test_1', amount: 2500, currency: 'usd', paymentStatus: 'paid', issuedAt: NOW - 60 };
/** The verifier's clock: a minute after the signing. */
const at = { nowSeconds: NOW };
const signed = () => new URL(signedRedirectUrl('https://shop.example/thanks?order=7', redirectKey(SECRET), fields));

describe('signed success redirects', () => {
  it('keeps the merchant\'s own query and adds the signed fields', () => {
    const u = signed();
    expect(u.searchParams.get('order')).toBe('7');
    expect(readSignedRedirect(u, [SECRET], at)).toEqual(fields);
  });

  it.each([
    ['amount', '1'],
    ['amount', '02500'],
    ['currency', 'eur'],
    ['payment_status', 'held'],
    ['session_id', 'vp_cs_test_2'],
    ['issued_at', String(NOW)],
    ['issued_at', `0${NOW - 60}`],
  ])('refuses a return whose %s was changed to %s', (name, value) => {
    const u = signed();
    u.searchParams.set(name, value);
    expect(readSignedRedirect(u, [SECRET], at)).toBeNull();
  });

  it('covers the merchant\'s own query and the path: a changed, added, removed or reordered parameter, or another path, does not verify (issue 32, finding 10d)', () => {
    const changes: Array<(u: URL) => void> = [
      (u) => u.searchParams.set('order', '8'),
      (u) => u.searchParams.delete('order'),
      (u) => u.searchParams.append('coupon', 'FREE'),
      (u) => (u.search = `?coupon=FREE&${u.search.slice(1)}`),
      (u) => u.searchParams.sort(),
      (u) => (u.pathname = '/admin/thanks'),
      (u) => u.searchParams.append('svcpay_signature', u.searchParams.get('svcpay_signature')!),
    ];
    for (const change of changes) {
      const u = signed();
      expect(readSignedRedirect(u, [SECRET], at)).toEqual(fields);
      change(u);
      expect(readSignedRedirect(u, [SECRET], at), String(change)).toBeNull();
    }
    // Another origin, or the fragment (never sent to a server), changes nothing a server can check.
    const moved = signed();
    moved.host = 'other.example';
    moved.hash = '#x';
    expect(readSignedRedirect(moved, [SECRET], at)).toEqual(fields);
  });

  it('refuses another key, a missing or malformed signature, and accepts any of the keys given', () => {
    const u = signed();
    expect(readSignedRedirect(u, ['vp_sk_test_other'], at)).toBeNull();
    expect(readSignedRedirect(u, ['vp_sk_test_other', SECRET], at)).toEqual(fields);
    const bad = signed();
    bad.searchParams.set('svcpay_signature', 'zz');
    expect(readSignedRedirect(bad, [SECRET], at)).toBeNull();
    bad.searchParams.delete('svcpay_signature');
    expect(readSignedRedirect(bad, [SECRET], at)).toBeNull();
  });

  it('signs exactly the documented format (docs/merchant.md: a key from the secret key, then v3.<path>?<the query but the signature>)', () => {
    const key = createHmac('sha256', SECRET).update('svcpay-redirect').digest();
    const query = `order=7&session_id=vp_cs_test_1&amount=2500&currency=usd&payment_status=paid&issued_at=${NOW - 60}`;
    const expected = createHmac('sha256', key).update(`v3./thanks?${query}`).digest('hex');
    expect(signed().search).toBe(`?${query}&svcpay_signature=${expected}`);
  });

  it('refuses a return signed in the format before issue 32 (v2, which left the merchant\'s own parameters out)', () => {
    const u = signed();
    const key = createHmac('sha256', SECRET).update('svcpay-redirect').digest();
    u.searchParams.set('svcpay_signature', createHmac('sha256', key).update(`v2.vp_cs_test_1.2500.usd.paid.${NOW - 60}`).digest('hex'));
    expect(readSignedRedirect(u, [SECRET], at)).toBeNull();
  });

  it('refuses a signature with a character added before or after it', () => {
    for (const change of [(s: string) => `${s}0`, (s: string) => `0${s}`]) {
      const u = signed();
      u.searchParams.set('svcpay_signature', change(u.searchParams.get('svcpay_signature')!));
      expect(readSignedRedirect(u, [SECRET], at)).toBeNull();
    }
  });

  it('is good for an hour after the signing by default, or for the limit the merchant chooses (issue 18, finding 10)', () => {
    const q = signed();
    const signedAt = NOW - 60;
    expect(readSignedRedirect(q, [SECRET], { nowSeconds: signedAt + 3600 })).toEqual(fields);
    expect(readSignedRedirect(q, [SECRET], { nowSeconds: signedAt + 3601 })).toBeNull();
    expect(readSignedRedirect(q, [SECRET], { nowSeconds: signedAt + 600, maxAgeSeconds: 300 })).toBeNull();
    expect(readSignedRedirect(q, [SECRET], { nowSeconds: signedAt + 86_000, maxAgeSeconds: 86_400 })).toEqual(fields);
    // Signed ahead of the verifier's clock: five minutes of skew pass, more do not.
    expect(readSignedRedirect(q, [SECRET], { nowSeconds: signedAt - 300 })).toEqual(fields);
    expect(readSignedRedirect(q, [SECRET], { nowSeconds: signedAt - 301 })).toBeNull();
  });

  it('refuses a return with no issue time, or one signed in the old format without it', () => {
    const u = signed();
    u.searchParams.delete('issued_at');
    expect(readSignedRedirect(u, [SECRET], at)).toBeNull();
    const key = createHmac('sha256', SECRET).update('svcpay-redirect').digest();
    u.searchParams.set('svcpay_signature', createHmac('sha256', key).update('v1.vp_cs_test_1.2500.usd.paid').digest('hex'));
    expect(readSignedRedirect(u, [SECRET], at)).toBeNull();
  });
});
