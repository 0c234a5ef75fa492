import { describe, expect, it } from 'vitest';
import { decimalAmount } from './currencies.ts';

describe('decimalAmount', () => {
  it('writes minor units as the decimal string a wallet sheet takes, in the currency digits', () => {
    expect(decimalAmount(2500, 'eur')).toBe('25.00');
    expect(decimalAmount(5, 'USD')).toBe('0.05');
    expect(decimalAmount(123456789, 'USD')).toBe('1234567.89');
    expect(decimalAmount(500, 'JPY')).toBe('500');
    expect(decimalAmount(1500, 'KWD')).toBe('1.500');
    // ISO 4217, where Intl's display digits differ: the wallet sheet's total equals the charge.
    expect(decimalAmount(150_000, 'IDR')).toBe('1500.00');
    expect(decimalAmount(150_000, 'LBP')).toBe('1500.00');
    expect(decimalAmount(1500, 'IQD')).toBe('1.500');
  });
});
