import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealerFromKey } from './sealed.ts';

describe('sealed values', () => {
  const s = sealerFromKey(randomBytes(32));
  const address = { address_line1: '1 Main St', postal_code: '94107', country: 'US' };

  it('reads back what it sealed, and the sealed text carries none of it', () => {
    const sealed = s.seal(address);
    expect(sealed).not.toContain('Main');
    expect(sealed).not.toContain('94107');
    expect(s.open(sealed)).toEqual(address);
  });
  it('seals the same value differently every time', () => {
    expect(s.seal(address)).not.toBe(s.seal(address));
  });
  it('refuses a tampered value or one sealed with another key', () => {
    const sealed = s.seal(address);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => s.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => sealerFromKey(randomBytes(32)).open(sealed)).toThrow();
  });
});
