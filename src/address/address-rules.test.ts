import { describe, expect, it } from 'vitest';
import { countryRules, genericRule, partsOf, postalValid, ruleFor } from './address-rules.ts';
import { emptyTexts, problemOf, type AddressConfig, type AddressTexts } from '../components/AddressFields/address-state.ts';

const config: AddressConfig = { name: 'never', phone: 'never', required: true };
const texts = (country: string, t: Partial<AddressTexts> = {}): AddressTexts => ({ ...emptyTexts(country), ...t });
/** Parts that are a problem when left empty. */
const requiredParts = (country: string) => partsOf(ruleFor(country)).filter((p) => problemOf(p, texts(country), config));

const cases: Record<string, { valid: string[]; invalid: string[]; formatted?: [string, string][]; required: string[]; order: string[] }> = {
  US: {
    valid: ['94105', '94105-1234', '941051234', '00501'],
    invalid: ['9410', '941055', '94105-12', 'ABCDE', '94105 1234x'],
    formatted: [['941051234', '94105-1234'], ['94105', '94105']],
    required: ['line1', 'city', 'state', 'postalCode'],
    order: ['line1', 'line2', 'city', 'state', 'postalCode'],
  },
  CA: {
    valid: ['K1A 0B1', 'k1a0b1', 'M5V-3L9', 'H2X 1Y4'],
    invalid: ['D1A 0B1', 'K1A 0B', 'W1A 0B1', 'K1A OB1', '12345', 'K1AA 0B1'],
    formatted: [['k1a0b1', 'K1A 0B1']],
    required: ['line1', 'city', 'state', 'postalCode'],
    order: ['line1', 'line2', 'city', 'state', 'postalCode'],
  },
  GB: {
    valid: ['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A 1BB', 'W1A 0AX', 'GIR 0AA'],
    invalid: ['SW1A', 'Q1 1AA', 'SW1A 1A', '12345', 'SW1A 1CA', 'AA1A1 1AA'],
    formatted: [['sw1a1aa', 'SW1A 1AA'], ['m11ae', 'M1 1AE']],
    required: ['line1', 'city', 'postalCode'],
    order: ['line1', 'line2', 'city', 'state', 'postalCode'],
  },
  DE: {
    valid: ['10115', '01067', '80331'],
    invalid: ['1011', '101155', 'ABCDE'],
    required: ['line1', 'postalCode', 'city'],
    order: ['line1', 'line2', 'postalCode', 'city'],
  },
  FR: {
    valid: ['75001', '97400', '20000'],
    invalid: ['7500', '750011', 'F-75001x'],
    required: ['line1', 'postalCode', 'city'],
    order: ['line1', 'line2', 'postalCode', 'city'],
  },
  JP: {
    valid: ['100-0001', '1000001', '060-8588'],
    invalid: ['100-001', '10000011', '100_000'],
    formatted: [['1000001', '100-0001']],
    required: ['postalCode', 'state', 'city', 'line1'],
    order: ['postalCode', 'state', 'city', 'line1', 'line2'],
  },
  AU: {
    valid: ['2000', '0800', '3000'],
    invalid: ['200', '20000', 'NSW1'],
    required: ['line1', 'city', 'state', 'postalCode'],
    order: ['line1', 'line2', 'city', 'state', 'postalCode'],
  },
};

describe('country rules', () => {
  for (const [country, c] of Object.entries(cases)) {
    describe(country, () => {
      it('has its own rule, not the generic one', () => {
        expect(countryRules[country]).toBeDefined();
        expect(ruleFor(country)).not.toBe(genericRule);
      });

      it.each(c.valid)('accepts postal code %s', (code) => expect(postalValid(country, code)).toBe(true));
      it.each(c.invalid)('refuses postal code %s', (code) => expect(postalValid(country, code)).toBe(false));

      if (c.formatted) {
        it.each(c.formatted)('writes %s as %s', (raw, want) => expect(ruleFor(country).postal.normalize(raw)).toBe(want));
      }

      it('lays its inputs out in its own order', () => expect(partsOf(ruleFor(country))).toEqual(c.order));

      it('requires what its post needs', () => expect(requiredParts(country).sort()).toEqual([...c.required].sort()));
    });
  }

  it('names postal codes and subdivisions the way each country does', () => {
    expect(ruleFor('US').postal.label).toBe('address.postal.zip');
    expect(ruleFor('GB').postal.label).toBe('address.postal.postcode');
    expect(ruleFor('AU').postal.label).toBe('address.postal.postcode');
    expect(ruleFor('CA').postal.label).toBe('card.postal.label');
    expect(ruleFor('US').state?.label).toBe('address.state.state');
    expect(ruleFor('CA').state?.label).toBe('address.state.province');
    expect(ruleFor('JP').state?.label).toBe('address.state.prefecture');
    expect(ruleFor('GB').state?.label).toBe('address.state.county');
    expect(ruleFor('AU').city).toBe('address.city.suburb');
    expect(ruleFor('DE').state).toBeUndefined();
    expect(ruleFor('FR').state).toBeUndefined();
  });

  it('lists every subdivision a country picks from', () => {
    expect(ruleFor('US').state?.options).toHaveLength(59);
    expect(ruleFor('CA').state?.options).toHaveLength(13);
    expect(ruleFor('AU').state?.options).toHaveLength(8);
    expect(ruleFor('JP').state?.options).toHaveLength(47);
  });

  it('formats stably while the buyer types', () => {
    const type = (country: string, text: string) => [...text].reduce((shown, ch) => ruleFor(country).postal.format(shown + ch), '');
    expect(type('CA', 'k1a0b1')).toBe('K1A 0B1');
    expect(type('JP', '1000001')).toBe('100-0001');
    expect(type('US', '941051234')).toBe('94105-1234');
    expect(type('US', '94105-1234')).toBe('94105-1234');
    expect(type('DE', '10115x9')).toBe('10115');
    expect(type('NL', '1012ab')).toBe('1012 AB');
  });

  it('refuses a listed subdivision that does not exist', () => {
    expect(problemOf('state', texts('US', { state: 'CA' }), config)).toBeNull();
    expect(problemOf('state', texts('US', { state: 'California' }), config)).toBeNull();
    expect(problemOf('state', texts('US', { state: 'ON' }), config)?.code).toBe('incomplete_state');
  });

  describe('any other country', () => {
    it('uses the generic form: street and city required, region and postal code optional', () => {
      for (const country of ['AE', 'BR', 'IN', 'HK', 'ZA']) {
        expect(ruleFor(country)).toBe(genericRule);
        expect(requiredParts(country).sort()).toEqual(['city', 'line1']);
      }
    });

    it('checks a postal code only loosely when given', () => {
      expect(postalValid('BR', '01310-100')).toBe(true);
      expect(postalValid('IN', '110001')).toBe(true);
      expect(postalValid('BR', '!')).toBe(false);
      expect(problemOf('postalCode', texts('AE'), config)).toBeNull();
      expect(problemOf('postalCode', texts('BR', { postalCode: '-' }), config)?.code).toBe('invalid_postal_code');
    });
  });
});
