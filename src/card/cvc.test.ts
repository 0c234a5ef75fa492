import { describe, expect, it } from 'vitest';
import { cvcLength, cvcValid, normalizeCvc } from './cvc.ts';

describe('cvc', () => {
  it('needs 4 digits for amex and 3 for the others', () => {
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
    expect(cvcValid('1234', 'amex')).toBe(true);
    expect(cvcValid('123', 'amex')).toBe(false);
    expect(cvcValid('123', 'visa')).toBe(true);
    expect(cvcValid('1234', 'visa')).toBe(false);
  });

  it('accepts 3 or 4 digits while the brand is unknown', () => {
    expect(cvcValid('123')).toBe(true);
    expect(cvcValid('1234')).toBe(true);
    expect(cvcValid('12')).toBe(false);
  });

  it('rejects non-digits', () => {
    expect(cvcValid('12a', 'visa')).toBe(false);
  });

  it('normalizes typed input to the brand length', () => {
    expect(normalizeCvc('1 2 3 4', 'visa')).toBe('123');
    expect(normalizeCvc('12345', 'amex')).toBe('1234');
    expect(normalizeCvc('12345')).toBe('1234');
  });
});
