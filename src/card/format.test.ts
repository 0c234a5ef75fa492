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

  it('groups 14-digit diners 4-6-4, and a longer diners 4-4-4-4', () => {
    expect(formatCardNumber('36227206271667')).toBe('3622 720627 1667');
    expect(formatCardNumber('3622720')).toBe('3622 720');
    expect(formatCardNumber('3056930009020004')).toBe('3056 9300 0902 0004');
  });

  it('groups every other brand 4-4-4-4', () => {
    expect(formatCardNumber('5555555555554444')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('6011111111111117')).toBe('6011 1111 1111 1117');
    expect(formatCardNumber('3566002020360505')).toBe('3566 0020 2036 0505');
    expect(formatCardNumber('6200000000000005')).toBe('6200 0000 0000 0005');
  });

  it('stops at the longest length of the brand', () => {
    expect(formatCardNumber('3782 8224 6310 0051 2')).toBe('3782 822463 10005');
    expect(formatCardNumber('55555555555544449')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('4242424242424242424')).toBe('4242 4242 4242 4242 424');
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
