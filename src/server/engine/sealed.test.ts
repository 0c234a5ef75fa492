import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyId, sealedIn, sealerFromKey, sealerFromKeys } from './sealed.ts';

const address = { address_line1: '1 Main St', postal_code: '94107', country: 'US' };
const here = sealedIn.cardAddress('vp_pm_1');

/** A value as the service sealed it before issue 18: `v1`, no key id, no associated data. */
function sealV1(key: Buffer, value: unknown) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

describe('sealed values', () => {
  const key = randomBytes(32);
  const s = sealerFromKey(key);

  it('reads back what it sealed, and the sealed text carries none of it', () => {
    const sealed = s.seal(address, here);
    expect(sealed).not.toContain('Main');
    expect(sealed).not.toContain('94107');
    expect(sealed.startsWith(`v2.${keyId(key)}.`)).toBe(true);
    expect(s.open(sealed, here)).toEqual(address);
  });
  it('seals the same value differently every time', () => {
    expect(s.seal(address, here)).not.toBe(s.seal(address, here));
  });
  it('refuses a tampered value or one sealed with another key', () => {
    const sealed = s.seal(address, here);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => s.open([...parts.slice(0, 4), body.toString('base64url')].join('.'), here)).toThrow();
    expect(() => sealerFromKey(randomBytes(32)).open(sealed, here)).toThrow(/no longer has/);
    // Even a key id forged to name the other key's: the cipher still refuses.
    const other = randomBytes(32);
    expect(() => sealerFromKeys({ current: other, previous: [] }).open(sealed.replace(keyId(key), keyId(other)), here)).toThrow();
  });
  it('opens only in the place it was sealed for: another row, column or table is refused', () => {
    const sealed = s.seal(address, here);
    expect(() => s.open(sealed, sealedIn.cardAddress('vp_pm_2'))).toThrow();
    expect(() => s.open(sealed, { ...here, column: 'other' })).toThrow();
    expect(() => s.open(sealed, { ...here, table: 'sessions' })).toThrow();
    const secret = s.seal('whsec_abc', sealedIn.webhookSecret('we_1'));
    expect(() => s.open(secret, sealedIn.webhookPreviousSecret('we_1'))).toThrow();
    expect(s.open(secret, sealedIn.webhookSecret('we_1'))).toBe('whsec_abc');
  });
  it('after a rotation, opens what older keys sealed and seals only with the new one', () => {
    const next = randomBytes(32);
    const rotated = sealerFromKeys({ current: next, previous: [key] });
    const old = s.seal(address, here);
    expect(rotated.open(old, here)).toEqual(address);
    expect(rotated.stale(old)).toBe(true);
    const fresh = rotated.seal(address, here);
    expect(fresh.startsWith(`v2.${keyId(next)}.`)).toBe(true);
    expect(rotated.stale(fresh)).toBe(false);
    // Once the old key is dropped, its values no longer open.
    expect(() => sealerFromKey(next).open(old, here)).toThrow(/no longer has/);
  });
  it('still opens a v1 value sealed before issue 18 under any key of its ring, and calls it stale', () => {
    const legacy = randomBytes(32);
    const v1 = sealV1(legacy, address);
    const ring = sealerFromKeys({ current: randomBytes(32), previous: [legacy] });
    expect(ring.open(v1, here)).toEqual(address);
    expect(ring.stale(v1)).toBe(true);
    expect(() => sealerFromKey(randomBytes(32)).open(v1, here)).toThrow(/no sealing key/);
    expect(() => s.open('plain text', here)).toThrow(/not a sealed value/);
    // A value cut short or run on is no sealed value, whatever its version says.
    for (const bad of ['v2.abc.def', `${s.seal(address, here)}.x`, 'v1.a.b', `${v1}.x`, 'v3.a.b.c', 'v3.a.b.c.d']) expect(() => ring.open(bad, here)).toThrow(/not a sealed value/);
  });
  it('refuses a key that is not 32 bytes', () => {
    expect(() => sealerFromKey(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => sealerFromKeys({ current: randomBytes(32), previous: [randomBytes(31)] })).toThrow(/32 bytes/);
  });
});
