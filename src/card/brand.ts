/**
 * Card brand table and prefix detection. Used by the field frames and the sandbox fields page
 * to show a brand badge, pick the grouping pattern and the CVC length while the buyer types.
 */
import type { CardBrand } from '../protocol/messages.ts';

export interface BrandInfo {
  brand: CardBrand;
  /** Display name for the badge; brand names are not translated. */
  label: string;
  /** Valid full lengths of the PAN, in digits. */
  lengths: readonly number[];
  cvcLength: number;
  /** Group sizes used to display the number (4-4-4-4, amex 4-6-5, 14-digit diners 4-6-4). */
  gaps: readonly number[];
}

type Range = readonly [low: number, high: number];

interface BrandRule extends BrandInfo {
  /** Prefix ranges compared on the first `String(low).length` digits. */
  ranges: readonly Range[];
}

export const GROUPS_16 = [4, 4, 4, 4, 3] as const;

// Order matters only where ranges overlap; the most specific ranges come first.
const RULES: readonly BrandRule[] = [
  { brand: 'amex', label: 'Amex', lengths: [15], cvcLength: 4, gaps: [4, 6, 5], ranges: [[34, 34], [37, 37]] },
  // 4-6-4 is the 14-digit card's layout; one that grows past 14 digits is grouped 4-4-4-4 (format.ts).
  { brand: 'diners', label: 'Diners', lengths: [14, 16, 19], cvcLength: 3, gaps: [4, 6, 4], ranges: [[300, 305], [36, 36], [38, 39], [3095, 3095]] },
  { brand: 'jcb', label: 'JCB', lengths: [16, 17, 18, 19], cvcLength: 3, gaps: GROUPS_16, ranges: [[3528, 3589]] },
  // 622126-622925 are UnionPay cards Discover also routes; they are shown as UnionPay.
  { brand: 'discover', label: 'Discover', lengths: [16, 19], cvcLength: 3, gaps: GROUPS_16, ranges: [[6011, 6011], [644, 649], [65, 65]] },
  { brand: 'unionpay', label: 'UnionPay', lengths: [16, 17, 18, 19], cvcLength: 3, gaps: GROUPS_16, ranges: [[62, 62], [81, 81]] },
  { brand: 'mastercard', label: 'Mastercard', lengths: [16], cvcLength: 3, gaps: GROUPS_16, ranges: [[51, 55], [2221, 2720]] },
  { brand: 'visa', label: 'Visa', lengths: [16, 19], cvcLength: 3, gaps: GROUPS_16, ranges: [[4, 4]] },
];

const UNKNOWN: BrandInfo = { brand: 'unknown', label: '', lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvcLength: 3, gaps: GROUPS_16 };

function matches(digits: string, [low, high]: Range): boolean {
  const size = String(low).length;
  if (digits.length < size) return false;
  const prefix = Number(digits.slice(0, size));
  return prefix >= low && prefix <= high;
}

/** Brand details for a (possibly partial) digit string; `unknown` until a prefix decides. */
export function brandInfo(digits: string): BrandInfo {
  for (const rule of RULES) {
    if (rule.ranges.some((range) => matches(digits, range))) {
      const { ranges: _ranges, ...info } = rule;
      return info;
    }
  }
  return UNKNOWN;
}

export function detectBrand(digits: string): CardBrand {
  return brandInfo(digits).brand;
}

/** Info for a known brand name, e.g. to size the CVC input when the brand is already known. */
export function infoForBrand(brand: CardBrand): BrandInfo {
  const rule = RULES.find((r) => r.brand === brand);
  if (!rule) return UNKNOWN;
  const { ranges: _ranges, ...info } = rule;
  return info;
}

export function maxLength(info: BrandInfo): number {
  return Math.max(...info.lengths);
}
