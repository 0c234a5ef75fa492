import { describe, expect, it } from 'vitest';
import { digitsOnly, formatCardNumber, groupDigits, normalizeCardNumber } from './format.ts';

describe('digitsOnly', () => {
  it('strips spaces, dashes and letters', () => {
    expect(digitsOnly('4242 4242-4242x4242')).toBe('4242424242424242');
  });
});

describe('formatCardNumber', () => {
  it('groups 4-4-4-4', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });

  it('groups amex 4-6-5', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('formats partial input without a trailing space', () => {
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
  });

  it('reformats pasted text with odd spacing', () => {
    expect(formatCardNumber(' 4242 42424242-4242 ')).toBe('4242 4242 4242 4242');
  });

  it('truncates past the brand maximum', () => {
    expect(normalizeCardNumber('3782822463100051234')).toBe('378282246310005');
    expect(formatCardNumber('42424242424242424242424')).toBe('4242 4242 4242 4242 424');
  });
});

describe('groupDigits', () => {
  it('puts digits beyond the pattern in a last group', () => {
    expect(groupDigits('1234567890', [2, 3])).toBe('12 345 67890');
  });
});
