import { describe, expect, it } from 'vitest';
import { majorAmount } from './currencies.ts';

describe('majorAmount', () => {
  it('writes minor units as the decimal string a wallet sheet takes, in the currency digits', () => {
    expect(majorAmount(2500, 'eur')).toBe('25.00');
    expect(majorAmount(5, 'USD')).toBe('0.05');
    expect(majorAmount(123456789, 'USD')).toBe('1234567.89');
    expect(majorAmount(500, 'JPY')).toBe('500');
    expect(majorAmount(1500, 'KWD')).toBe('1.500');
    // ISO 4217, where Intl's display digits differ: the wallet sheet's total equals the charge.
    expect(majorAmount(150_000, 'IDR')).toBe('1500.00');
    expect(majorAmount(150_000, 'LBP')).toBe('1500.00');
    expect(majorAmount(1500, 'IQD')).toBe('1.500');
  });
});
