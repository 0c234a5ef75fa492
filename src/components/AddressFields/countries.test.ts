import { describe, expect, it } from 'vitest';
import { allowedList, countryCodes, countryName, countryOptions, initialCountry } from './countries.ts';
import { countryRules } from '../../address/address-rules.ts';

describe('countries', () => {
  it('lists each ISO code once, every country with its own rules among them', () => {
    expect(new Set(countryCodes).size).toBe(countryCodes.length);
    expect(countryCodes.length).toBeGreaterThan(230);
    for (const code of Object.keys(countryRules)) expect(countryCodes).toContain(code);
    for (const code of countryCodes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("names countries in the buyer's language, English where Intl has not that language", () => {
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('JP', 'ja')).toBe('日本');
    expect(countryName('DE', 'xx')).toBe('Germany');
    expect(countryName('DE', undefined)).toBe('Germany');
  });

  it('sorts the options the way the language sorts', () => {
    const names = countryOptions(['SE', 'AT', 'DE'], 'de').map((o) => o.name);
    expect(names).toEqual(['Deutschland', 'Österreich', 'Schweden']);
  });

  it('keeps only known codes of the merchant list, else every country', () => {
    expect(allowedList(['fr', 'ZZ', 'DE'])).toEqual(['DE', 'FR']);
    expect(allowedList(['ZZ'])).toBe(countryCodes);
    expect(allowedList(undefined)).toBe(countryCodes);
  });

  it("starts on the merchant's default, else the locale's region, else the language's country", () => {
    expect(initialCountry(countryCodes, 'jp', 'en')).toBe('JP');
    expect(initialCountry(countryCodes, undefined, 'fr-CA')).toBe('CA');
    expect(initialCountry(countryCodes, undefined, 'de')).toBe('DE');
    expect(initialCountry(countryCodes, undefined, undefined)).toBe('US');
    expect(initialCountry(['GB', 'IE'], 'US', 'en-US')).toBe('GB');
  });
});
