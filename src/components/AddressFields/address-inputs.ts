/**
 * What the address inputs (AddressFields.tsx) are filled in with: autofill names and labels, every
 * input's reveal at once, a subdivision kept as its code, and the caret after reformatting.
 */
import { ruleFor } from '../../address/address-rules.ts';
import { findSubdivision } from '../../address/subdivisions.ts';
import type { MessageKey } from '../../locales/index.ts';
import type { AddressTexts, Part, Reveal } from './address-state.ts';

export const AUTOCOMPLETE: Record<Part | 'country', string> = {
  name: 'name',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
  phone: 'tel',
};

export const LABELS: Record<'name' | 'line1' | 'line2' | 'phone', MessageKey> = {
  name: 'address.name.label',
  line1: 'address.line1.label',
  line2: 'address.line2.label',
  phone: 'address.phone.label',
};

const ALL: Part[] = ['name', 'line1', 'line2', 'city', 'state', 'postalCode', 'phone'];
export const revealAll = (r: Reveal): Record<Part, Reveal> => Object.fromEntries(ALL.map((p) => [p, r])) as Record<Part, Reveal>;

/** A listed subdivision given by name (prefill, autofill) is kept as its code. */
export function withStateCode(texts: AddressTexts): AddressTexts {
  const options = ruleFor(texts.country).state?.options;
  const found = options && findSubdivision(options, texts.state);
  return found ? { ...texts, state: found.code } : texts;
}

/** Letters and digits before `caret`, to put the caret back after reformatting a postal code. */
export const significant = (text: string, caret: number) => text.slice(0, caret).replace(/[^A-Za-z0-9]/g, '').length;
export function caretAfter(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) if (/[A-Za-z0-9]/.test(text[i] ?? '') && ++seen === count) return i + 1;
  return text.length;
}
