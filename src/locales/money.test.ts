import { describe, expect, it } from 'vitest';
import { decimalAmount, formatMoney } from './money.ts';

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

  it('follows a region tag from the browser', () => {
    expect(formatMoney(2500, 'USD', 'de').replace(/\s/g, ' ')).toBe('25,00 $');
    expect(formatMoney(2500, 'EUR', 'de-AT').replace(/\s/g, ' ')).toBe('€ 25,00');
    expect(formatMoney(500, 'JPY', 'ja-JP')).toBe('￥500');
  });

  it('survives a malformed locale tag', () => {
    expect(formatMoney(1000, 'USD', 'not a locale!')).toBe('$10.00');
  });
});

describe('decimalAmount', () => {
  it('writes minor units as the decimal string a wallet sheet takes, in the currency digits', () => {
    expect(decimalAmount(2500, 'eur')).toBe('25.00');
    expect(decimalAmount(5, 'USD')).toBe('0.05');
    expect(decimalAmount(123456789, 'USD')).toBe('1234567.89');
    expect(decimalAmount(500, 'JPY')).toBe('500');
    expect(decimalAmount(1500, 'KWD')).toBe('1.500');
  });
});
