/**
 * Issue 32, finding 6: a card number is the same number in any script's decimal digits
 * (`\p{Nd}`): full-width, Arabic-Indic, Devanagari, mathematical, or a mix of them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger, scrubCardData, scrubFields } from './log.ts';

/** The zero of some of Unicode's decimal-digit scripts; each script's digits follow its zero. */
const ZEROS = [0x30, 0xff10, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0x1040, 0x17e0, 0x1d7ce, 0x1d7ec, 0x1e950];
const SEPARATORS = [' ', '-', '\u00a0', '\u3000', '－', ' - '];

const luhnCheck = (body: number[]) => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = body[body.length - 1 - i]!;
    const x = i % 2 === 0 ? d * 2 : d;
    sum += x > 9 ? x - 9 : x;
  }
  return (10 - (sum % 10)) % 10;
};

/** A Luhn-valid number of 12 to 19 digits in one script or each digit in its own, grouped with spaces or dashes. */
const written = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 18 }),
    fc.array(fc.integer({ min: 0, max: ZEROS.length - 1 }), { minLength: 19, maxLength: 19 }),
    fc.boolean(),
    fc.integer({ min: 2, max: 6 }),
    fc.constantFrom(...SEPARATORS),
  )
  .map(([body, mix, mixed, group, sep]) => {
    const digits = [...body, luhnCheck(body)];
    const one = ZEROS[mix[0]!]!;
    const text = digits
      .map((d, i) => (i > 0 && i % group === 0 ? sep : '') + String.fromCodePoint((mixed ? ZEROS[mix[i]!]! : one) + d))
      .join('');
    return { ascii: digits.join(''), text };
  });

const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/u;

describe('property: a Luhn-valid card number in any decimal digits never survives', () => {
  it('scrubCardData leaves no digit of it, in any script', () => {
    fc.assert(
      fc.property(written, fc.constantFrom('', 'card ', 'error: ', 'x'), ({ text }, before) => {
        const out = scrubCardData(`${before}${text} failed`);
        expect(out).not.toMatch(/\p{Nd}/u);
        expect(out).toContain('[redacted]');
      }),
      { numRuns: 2000 },
    );
  });

  it('a stored context and a log line carry none of it', () => {
    fc.assert(
      fc.property(written, ({ ascii, text }) => {
        expect(JSON.stringify(scrubFields({ note: text, list: [text], nested: { text } }))).not.toMatch(NON_ASCII_DIGIT);
        let line = '';
        createLogger(true, (l) => (line = l)).warn(`client error ${text}`, { text });
        expect(line.slice(line.indexOf(' '))).not.toMatch(/\p{Nd}{4}/u);
        expect(line).not.toContain(ascii.slice(0, 12));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps short numbers in any script', () => {
    expect(scrubCardData('retry ４２ of ٣ after ४२४२ ms')).toBe('retry ４２ of ٣ after ४२४२ ms');
  });
});
