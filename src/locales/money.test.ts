import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('formats cents as dollars in English', () => {
    expect(formatMoney(1000, 'USD', 'en')).toBe('$10.00');
    expect(formatMoney(123456, 'usd', 'en-US')).toBe('$1,234.56');
  });

  it('uses the currency digits', () => {
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(1500, 'KWD', 'en')).toContain('1.500');
  });

  it('follows the locale', () => {
    expect(formatMoney(1000, 'EUR', 'fr').replace(/\s/g, ' ')).toBe('10,00 €');
  });

  it('survives a malformed locale tag', () => {
    expect(formatMoney(1000, 'USD', 'not a locale!')).toBe('$10.00');
  });
});
