/**
 * Expiry parsing for typed input ("MM / YY", "MMYY", "M/YY", "MM/YYYY") and validity against an
 * injectable clock so tests and the field frames agree on "now".
 */
import { digitsOnly } from './format.ts';

export interface Expiry {
  month: number;
  /** Four-digit year. */
  year: number;
}

export type ExpiryProblem = 'incomplete' | 'invalid_month' | 'expired' | 'too_far';

/** Cards are not issued more than this many years ahead; further is a typo. */
const MAX_YEARS_AHEAD = 20;

/** Splits typed text into month digits and year digits; a single leading 2-9 means "0M". */
function split(input: string): { mm: string; yy: string } {
  const slash = input.indexOf('/');
  if (slash >= 0) {
    let mm = digitsOnly(input.slice(0, slash));
    if (mm.length === 1) mm = `0${mm}`;
    return { mm: mm.slice(0, 2), yy: digitsOnly(input.slice(slash + 1)).slice(0, 4) };
  }
  let digits = digitsOnly(input);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  return { mm: digits.slice(0, 2), yy: digits.slice(2, 6) };
}

/** Formats what the buyer typed as "MM / YY" progressively (auto-inserting the separator). */
export function formatExpiry(input: string, deleting = false): string {
  const { mm, yy: typed } = split(input);
  // Autofill may give a four-digit year; show it the way the placeholder asks (YY).
  const yy = typed.length === 4 ? typed.slice(2) : typed;
  if (mm.length < 2) return mm;
  if (yy.length === 0) return deleting ? mm : `${mm} / `;
  return `${mm} / ${yy}`;
}

/** Parses into month and four-digit year, or null when incomplete. */
export function parseExpiry(input: string): Expiry | null {
  const { mm, yy } = split(input);
  if (mm.length !== 2 || (yy.length !== 2 && yy.length !== 4)) return null;
  const month = Number(mm);
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  return { month, year };
}

export function expiryProblem(input: string, now: Date = new Date()): ExpiryProblem | null {
  const parsed = parseExpiry(input);
  if (!parsed) {
    // A month of 00 or 13+ is wrong before the year is typed; say so rather than "incomplete".
    const { mm } = split(input);
    return mm.length === 2 && (Number(mm) < 1 || Number(mm) > 12) ? 'invalid_month' : 'incomplete';
  }
  return expiryDateProblem(parsed, now);
}

/** A card is valid through the last day of its expiry month (local time of the buyer). */
export function expiryDateProblem({ month, year }: Expiry, now: Date = new Date()): ExpiryProblem | null {
  if (month < 1 || month > 12) return 'invalid_month';
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return 'expired';
  if (year > thisYear + MAX_YEARS_AHEAD) return 'too_far';
  return null;
}

export function expiryValid(input: string, now: Date = new Date()): boolean {
  return expiryProblem(input, now) === null;
}
