import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiDigits } from './digits.ts';

/** The zero of a few scripts' digit runs (full-width, Arabic-Indic, Extended Arabic-Indic, Devanagari, Bengali, Thai, mathematical bold and monospace). */
const ZEROS = [0xff10, 0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0x1d7ce, 0x1d7f6];

describe('asciiDigits', () => {
  it('reads every script’s digits as ASCII and leaves everything else alone', () => {
    expect(asciiDigits('４２４２ ４２４２')).toBe('4242 4242');
    expect(asciiDigits('٤٢٤٢-۴۲۴۲ ४२४२')).toBe('4242-4242 4242');
    expect(asciiDigits('card 𝟒𝟐 𝟺𝟸, no. 7')).toBe('card 42 42, no. 7');
    expect(asciiDigits('Ⅻ ² ½ abc')).toBe('Ⅻ ² ½ abc');
  });

  it('gives each digit of each run its value, whatever script each is written in', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom(0x30, ...ZEROS)), { minLength: 1, maxLength: 30 }), (digits) => {
        const text = digits.map(([d, zero]) => String.fromCodePoint(zero + d)).join('');
        expect(asciiDigits(text)).toBe(digits.map(([d]) => d).join(''));
      }),
    );
  });
});
