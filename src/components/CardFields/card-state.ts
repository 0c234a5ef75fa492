/**
 * Pure state of the card inputs: what each input holds, which problems it has, and what the
 * component reports outward. Kept free of Preact so the rules can be tested alone.
 */
import type { CardBrand, CardValues, FieldError } from '../../protocol/messages.ts';
import { brandInfo } from '../../card/brand.ts';
import { cvcValid } from '../../card/cvc.ts';
import { expiryProblem, parseExpiry } from '../../card/expiry.ts';
import { digitsOnly } from '../../card/format.ts';
import { cardNumberProblem } from '../../card/number.ts';
import { t, type MessageKey } from '../../locales/index.ts';

export type CardFieldsLayout = 'combined' | 'number' | 'expiry' | 'cvc';
export type FieldName = 'number' | 'expiry' | 'cvc' | 'postalCode';

/** Displayed (formatted) text of each input. */
export type FieldTexts = Record<FieldName, string>;

/**
 * When a problem may be shown: `none` while the buyer types, `blur` after leaving a non-empty
 * input, `submit` after validate() (then empty inputs count too).
 */
export type Reveal = 'none' | 'blur' | 'submit';

export const emptyTexts: FieldTexts = { number: '', expiry: '', cvc: '', postalCode: '' };

export type ErrorCode =
  | 'incomplete_number'
  | 'invalid_number'
  | 'incomplete_expiry'
  | 'invalid_expiry_month'
  | 'invalid_expiry_year_past'
  | 'invalid_expiry_year'
  | 'incomplete_cvc'
  | 'invalid_cvc'
  | 'incomplete_zip';

export interface Problem {
  code: ErrorCode;
  /** Shown even while typing: the value is already wrong, typing more will not fix it. */
  hard: boolean;
}

export function fieldsFor(layout: CardFieldsLayout, showPostalCode: boolean): FieldName[] {
  if (layout === 'combined') return showPostalCode ? ['number', 'expiry', 'cvc', 'postalCode'] : ['number', 'expiry', 'cvc'];
  return [layout];
}

export function brandOf(texts: FieldTexts): CardBrand {
  return brandInfo(digitsOnly(texts.number)).brand;
}

const EXPIRY_CODES = {
  incomplete: 'incomplete_expiry',
  invalid_month: 'invalid_expiry_month',
  expired: 'invalid_expiry_year_past',
  too_far: 'invalid_expiry_year',
} as const;

/** Postal formats vary by country; require something plausible, not a specific pattern. */
const POSTAL = /^[A-Za-z0-9][A-Za-z0-9 -]{1,14}[A-Za-z0-9]$/;

export function problemOf(field: FieldName, texts: FieldTexts, now: Date): Problem | null {
  switch (field) {
    case 'number': {
      const digits = digitsOnly(texts.number);
      const problem = cardNumberProblem(digits);
      if (!problem) return null;
      const atMax = digits.length >= Math.max(...brandInfo(digits).lengths);
      return problem === 'invalid' ? { code: 'invalid_number', hard: atMax } : { code: 'incomplete_number', hard: false };
    }
    case 'expiry': {
      const problem = expiryProblem(texts.expiry, now);
      return problem ? { code: EXPIRY_CODES[problem], hard: problem !== 'incomplete' } : null;
    }
    case 'cvc': {
      const brand = brandOf(texts);
      const cvc = texts.cvc;
      if (cvcValid(cvc, brand)) return null;
      const needed = brand === 'amex' ? 4 : 3;
      return cvc.length > needed && brand !== 'unknown' ? { code: 'invalid_cvc', hard: true } : { code: 'incomplete_cvc', hard: false };
    }
    case 'postalCode':
      return POSTAL.test(texts.postalCode.trim()) ? null : { code: 'incomplete_zip', hard: false };
  }
}

export function isVisible(problem: Problem | null, reveal: Reveal, text: string): boolean {
  if (!problem) return false;
  if (problem.hard || reveal === 'submit') return true;
  return reveal === 'blur' && text.trim() !== '';
}

export function fieldError(locale: string | undefined, code: ErrorCode): FieldError {
  return { code, message: t(locale, `error.${code}` as MessageKey) };
}

/**
 * Values in the CardValues wire shape. Parts that are not yet well formed are left out, so the
 * result always passes the CardValues schema.
 */
export function valuesOf(fields: FieldName[], texts: FieldTexts): CardValues {
  const out: CardValues = {};
  if (fields.includes('number')) {
    const digits = digitsOnly(texts.number);
    if (/^\d{12,19}$/.test(digits)) out.number = digits;
  }
  if (fields.includes('expiry')) {
    const parsed = parseExpiry(texts.expiry);
    if (parsed && parsed.month >= 1 && parsed.month <= 12 && parsed.year >= 2000 && parsed.year <= 2100) {
      out.expMonth = parsed.month;
      out.expYear = parsed.year;
    }
  }
  if (fields.includes('cvc') && /^\d{3,4}$/.test(texts.cvc)) out.cvc = texts.cvc;
  if (fields.includes('postalCode')) {
    const postal = texts.postalCode.trim();
    if (postal) out.postalCode = postal.slice(0, 16);
  }
  return out;
}
