import { describe, expect, it } from 'vitest';
import { brandInfo, detectBrand, infoForBrand } from './brand.ts';

describe('detectBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['3056930009020004', 'diners'],
    ['36227206271667', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
  ])('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  it('detects from a short prefix while typing', () => {
    expect(detectBrand('4')).toBe('visa');
    expect(detectBrand('37')).toBe('amex');
    expect(detectBrand('2223')).toBe('mastercard');
  });

  it('stays unknown until the prefix decides', () => {
    expect(detectBrand('')).toBe('unknown');
    expect(detectBrand('3')).toBe('unknown');
    expect(detectBrand('22')).toBe('unknown');
  });

  it('leaves the edges of the 2-series mastercard range out', () => {
    expect(detectBrand('2220000000000000')).toBe('unknown');
    expect(detectBrand('2721000000000000')).toBe('unknown');
  });

  it('is unknown for prefixes no brand owns', () => {
    expect(detectBrand('9999999999999999')).toBe('unknown');
    expect(detectBrand('1234')).toBe('unknown');
  });
});

describe('brand details', () => {
  it('gives amex a 4-digit CVC, 15 digits and 4-6-5 grouping', () => {
    const info = brandInfo('378282246310005');
    expect(info.cvcLength).toBe(4);
    expect(info.lengths).toEqual([15]);
    expect(info.gaps).toEqual([4, 6, 5]);
    expect(info.label).toBe('Amex');
  });

  it('gives visa a 3-digit CVC', () => {
    expect(infoForBrand('visa').cvcLength).toBe(3);
    expect(infoForBrand('visa').label).toBe('Visa');
  });

  it('returns the unknown entry for an unknown brand', () => {
    expect(infoForBrand('unknown').brand).toBe('unknown');
  });

  it('does not leak the prefix table', () => {
    expect(Object.keys(brandInfo('4242'))).not.toContain('ranges');
  });
});
