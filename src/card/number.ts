/** Whole-number validation: length allowed for the brand, then Luhn. */
import { brandInfo } from './brand.ts';
import { luhnValid } from './luhn.ts';

export type NumberProblem = 'incomplete' | 'invalid';

export function cardNumberProblem(digits: string): NumberProblem | null {
  const info = brandInfo(digits);
  const longest = Math.max(...info.lengths);
  if (!info.lengths.includes(digits.length)) return digits.length > longest ? 'invalid' : 'incomplete';
  return luhnValid(digits) ? null : 'invalid';
}

/**
 * True once the number cannot grow into something valid: at the brand's longest length, or at a
 * valid shorter length that passes Luhn (so a 16-digit Visa counts as complete).
 */
export function cardNumberComplete(digits: string): boolean {
  return cardNumberProblem(digits) === null;
}
