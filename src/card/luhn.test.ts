import { describe, expect, it } from 'vitest';
import { luhnValid } from './luhn.ts';

describe('luhnValid', () => {
  it('accepts valid numbers of every test brand', () => {
    for (const n of ['4242424242424242', '378282246310005', '2223003122003222', '6200000000000005', '3056930009020004', '3566002020360505', '6011111111111117', '4000000000000002']) {
      expect(luhnValid(n), n).toBe(true);
    }
  });

  it('rejects a number with a wrong check digit', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310006')).toBe(false);
  });

  it('rejects anything that is not digits only', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
    expect(luhnValid('42424242424242a2')).toBe(false);
  });

  it('handles doubling that exceeds nine', () => {
    // 59 -> 5*2=10 -> 1, +9 = 10
    expect(luhnValid('59')).toBe(true);
    expect(luhnValid('58')).toBe(false);
  });
});
