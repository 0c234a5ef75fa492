/** Display formatting of card numbers: digits only in values, groups with spaces on screen. */
import { GROUPS_16, brandInfo, maxLength } from './brand.ts';

export function digitsOnly(input: string): string {
  return input.replace(/\D+/g, '');
}

/** Groups digits by the brand's pattern; extra digits beyond the pattern stay in the last group. */
export function groupDigits(digits: string, gaps: readonly number[]): string {
  const parts: string[] = [];
  let pos = 0;
  for (const size of gaps) {
    if (pos >= digits.length) break;
    parts.push(digits.slice(pos, pos + size));
    pos += size;
  }
  if (pos < digits.length) parts.push(digits.slice(pos));
  return parts.join(' ');
}

/** Strips non-digits, truncates to the brand's longest length and groups for display. */
export function formatCardNumber(input: string): string {
  const info = brandInfo(digitsOnly(input));
  const digits = digitsOnly(input).slice(0, maxLength(info));
  return groupDigits(digits, digits.length > 14 && info.brand === 'diners' ? GROUPS_16 : info.gaps);
}

/** Digits-only number, truncated to what the detected brand allows. */
export function normalizeCardNumber(input: string): string {
  const digits = digitsOnly(input);
  return digits.slice(0, maxLength(brandInfo(digits)));
}
