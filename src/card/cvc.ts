/** Security code: 3 digits, 4 for American Express (brand table decides). */
import type { CardBrand } from '../protocol/messages.ts';
import { infoForBrand } from './brand.ts';
import { digitsOnly } from './format.ts';

export function cvcLength(brand: CardBrand): number {
  return infoForBrand(brand).cvcLength;
}

/** Digits only, truncated to the longest code any brand uses until the brand is known. */
export function normalizeCvc(input: string, brand: CardBrand = 'unknown'): string {
  const max = brand === 'unknown' ? 4 : cvcLength(brand);
  return digitsOnly(input).slice(0, max);
}

export function cvcValid(cvc: string, brand: CardBrand = 'unknown'): boolean {
  if (!/^\d+$/.test(cvc)) return false;
  // Unknown brand: accept either length rather than reject a valid card we cannot classify.
  if (brand === 'unknown') return cvc.length === 3 || cvc.length === 4;
  return cvc.length === cvcLength(brand);
}
