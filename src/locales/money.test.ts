import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyParts } from './money.ts';

describe('formatMoney', () => {
  it('formats cents as dollars in English', () => {
    expect(formatMoney(1000, 'USD', 'en')).toBe('$10.00');
    expect(formatMoney(123456, 'usd', 'en-US')).toBe('$1,234.56');
  });

  it('uses the currency digits', () => {
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(1500, 'KWD', 'en')).toContain('1.500');
  });

  it('divides by ISO 4217 minor units, not by Intl display digits (issue 17, finding 6)', () => {
    // Intl shows IDR, HUF, COP, PKR with 0 digits and IQD with 0; ISO 4217 gives them 2 and 3.
    const money = (amount: number, code: string) => formatMoney(amount, code, 'en').replace(/\s/g, ' ');
    expect(money(1_500_000, 'IDR')).toBe('IDR 15,000');
    expect(money(1_500_050, 'IDR')).toBe('IDR 15,000.50');
    expect(money(250_000, 'HUF')).toBe('HUF 2,500');
    expect(money(1_000_000, 'COP')).toBe('COP 10,000');
    expect(money(2_000, 'IQD')).toBe('IQD 2');
    expect(money(1_250, 'IQD')).toBe('IQD 1.250');
    expect(formatMoney(2500, 'USD', 'en')).toBe('$25.00');
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

describe('formatMoneyParts', () => {
  it('spells exactly what formatMoney does, with the currency a part of its own to isolate', () => {
    for (const [minor, currency, locale] of [[2500, 'usd', 'ar'], [1500000, 'IDR', 'id'], [199, 'EUR', 'de'], [2500, 'usd', 'not a tag']] as const) {
      const parts = formatMoneyParts(minor, currency, locale);
      expect(parts.map((p) => p.value).join('')).toBe(formatMoney(minor, currency, locale));
      expect(parts.filter((p) => p.type === 'currency')).toHaveLength(1);
    }
    expect(formatMoneyParts(2500, 'usd', 'ar').find((p) => p.type === 'currency')?.value).toBe('US$');
  });
});
