/**
 * Pure state of the address inputs: which inputs a country and the session's modes show, which
 * problems each has, and the state and value the element reports. Free of Preact.
 */
import type { AddressState, AddressValue, FieldError } from '../../protocol/messages.ts';
import { t, type MessageKey } from '../../locales/index.ts';
import { partsOf, ruleFor, type AddressPart, type CountryRule } from '../../address/address-rules.ts';
import { findSubdivision } from '../../address/subdivisions.ts';

/** Every input the element may show. */
export type Part = 'name' | AddressPart | 'phone';
export type FieldMode = 'required' | 'optional' | 'never';

/** What the buyer typed in each input, and the country picked. */
export type AddressTexts = Record<Part, string> & { country: string };

export const emptyTexts = (country: string): AddressTexts => ({
  name: '', line1: '', line2: '', city: '', state: '', postalCode: '', phone: '', country,
});

export interface AddressConfig {
  name: FieldMode;
  phone: FieldMode;
  /** False when the session collects the address only if the buyer gives one ('auto'). */
  required: boolean;
}

/** When a problem may be shown, as in CardFields: while typing never, after blur, after validate. */
export type Reveal = 'none' | 'blur' | 'submit';

export interface Problem {
  code: string;
  message: MessageKey;
}

/** Longest text each input takes; the AddressValue schema's bounds. */
export const maxLength: Record<Part, number> = { name: 200, line1: 200, line2: 200, city: 100, state: 100, postalCode: 16, phone: 32 };

const ADDRESS_PARTS: readonly AddressPart[] = ['line1', 'line2', 'city', 'state', 'postalCode'];

/** The inputs shown, in reading order: name, (the country select), the country's, phone. */
export function partsFor(rule: CountryRule, config: AddressConfig): Part[] {
  return [...(config.name === 'never' ? [] : ['name' as const]), ...partsOf(rule), ...(config.phone === 'never' ? [] : ['phone' as const])];
}

const PHONE = /^\+?\d{6,15}$/;

/** Phone characters only, as the buyer types. */
export const formatPhone = (raw: string): string => raw.replace(/[^0-9+()\-. ]/g, '').slice(0, maxLength.phone);

const addressEmpty = (texts: AddressTexts) => ADDRESS_PARTS.every((p) => texts[p].trim() === '');

export function isRequired(part: Part, rule: CountryRule, config: AddressConfig, texts: AddressTexts): boolean {
  if (part === 'name' || part === 'phone') return config[part] === 'required';
  // An optional address may be left blank as a whole; once begun, it must be a full address.
  if (!config.required && addressEmpty(texts)) return false;
  return rule.required.includes(part);
}

export function problemOf(part: Part, texts: AddressTexts, config: AddressConfig): Problem | null {
  const rule = ruleFor(texts.country);
  const text = texts[part].trim();
  if (!text) return isRequired(part, rule, config, texts) ? { code: `incomplete_${snake(part)}`, message: 'address.error.required' } : null;
  if (part === 'postalCode' && !rule.postal.pattern.test(rule.postal.normalize(text))) return { code: 'invalid_postal_code', message: rule.postal.invalid };
  if (part === 'phone' && !PHONE.test(text.replace(/[\s().-]/g, ''))) return { code: 'invalid_phone', message: 'address.error.invalid_phone' };
  if (part === 'state' && rule.state?.options && !findSubdivision(rule.state.options, text)) {
    return { code: 'incomplete_state', message: 'address.error.required' };
  }
  return null;
}

const snake = (part: Part) => part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function isVisible(problem: Problem | null, reveal: Reveal, text: string): boolean {
  if (!problem) return false;
  return reveal === 'submit' || (reveal === 'blur' && text.trim() !== '');
}

export const fieldError = (locale: string | undefined, problem: Problem): FieldError => ({ code: problem.code, message: t(locale, problem.message) });

/**
 * The value in the AddressValue wire shape: trimmed, bounded, the postal code in its canonical
 * form, a listed subdivision as its code, and name and phone only where they are asked for.
 */
export function valueOf(texts: AddressTexts, config: AddressConfig): AddressValue {
  const rule = ruleFor(texts.country);
  const shown = new Set<Part>(partsFor(rule, config));
  const text = (p: Part) => (shown.has(p) ? texts[p].trim().slice(0, maxLength[p]) : '');
  const options = rule.state?.options;
  const state = options ? (findSubdivision(options, text('state'))?.code ?? '') : text('state');
  const postal = text('postalCode');
  const value: AddressValue = {
    address: {
      line1: text('line1'),
      line2: text('line2'),
      city: text('city'),
      state,
      postalCode: postal ? rule.postal.normalize(postal).slice(0, maxLength.postalCode) : '',
      country: texts.country,
    },
  };
  if (shown.has('name')) value.name = text('name');
  if (shown.has('phone')) value.phone = formatPhone(text('phone'));
  return value;
}

/** Everything the element reports: the wire AddressState. */
export function stateOf(texts: AddressTexts, config: AddressConfig, reveal: Record<Part, Reveal>, locale: string | undefined): AddressState {
  const parts = partsFor(ruleFor(texts.country), config);
  const problems = parts.map((p) => [p, problemOf(p, texts, config)] as const);
  const shown = problems.find(([p, problem]) => isVisible(problem, reveal[p], texts[p]));
  return {
    elementType: 'address',
    empty: parts.every((p) => texts[p].trim() === ''),
    complete: problems.every(([, problem]) => !problem),
    error: shown?.[1] ? fieldError(locale, shown[1]) : null,
    value: valueOf(texts, config),
  };
}
