/**
 * Text rules of statement descriptors (Doc 2, "Statement descriptor"), shared by the settings
 * schema (domain/index.ts) and the resolver (engine/descriptors/descriptors.ts). Pure.
 */
import { DESCRIPTOR_FORBIDDEN_CHARACTERS, DESCRIPTOR_MAX_LENGTH } from '../../vocab/descriptors.ts';
import { isFilteredKey } from './metadata.ts';

const NOT_PRINTABLE_ASCII = /[^\x20-\x7E]/g;
const FORBIDDEN = new Set<string>(DESCRIPTOR_FORBIDDEN_CHARACTERS);

/** Doc 2: "non-ASCII is stripped"; control characters are not printable either, so they go too. */
export const printableAscii = (text: string) => text.replace(NOT_PRINTABLE_ASCII, '');

export const isPrintableAscii = (text: string) => !/[^\x20-\x7E]/.test(text);

export const hasForbiddenCharacter = (text: string) => [...text].some((ch) => FORBIDDEN.has(ch));

const forbiddenList = DESCRIPTOR_FORBIDDEN_CHARACTERS.map((c) => `\`${c}\``).join(', ');

/**
 * Why a configured brand name (or literal tail) cannot be used, or null when it can: 1 to 22
 * printable ASCII characters, not only spaces, none of `< > \ ' " *`.
 */
export function descriptorTextProblem(text: string, max = DESCRIPTOR_MAX_LENGTH): string | null {
  if (!isPrintableAscii(text)) return 'must be printable ASCII (no accents, emoji, tabs or line breaks)';
  if (text.trim() === '') return 'must have at least one character other than a space';
  if (text.length > max) return `must be at most ${max} characters (it has ${text.length})`;
  if (hasForbiddenCharacter(text)) return `must not contain ${forbiddenList}`;
  return null;
}

/**
 * Personal-data-like key names a `custom` suffix may not read (Doc 2: "PII-like keys such as
 * email, phone, card, ssn, tax_id, address are rejected"). On top of the metadata filter list,
 * a key is refused when, lowercased with every non-alphanumeric removed, it contains one of
 * PII_FRAGMENTS (`customerEmail`, `billing_address`, `tax-id`), or when one of its words (split at
 * `_`, `-`, `.`, spaces and camelCase humps) is one of PII_WORDS (`buyer_ssn`, `ship_zip`). Short
 * words are matched whole so `order_number` or `setting` are not caught.
 */
export const PII_FRAGMENTS = [
  'email',
  'phone',
  'card',
  'address',
  'taxid',
  'passport',
  'socialsecurity',
  'birth',
  'iban',
  'cvv',
  'cvc',
  'password',
  'firstname',
  'lastname',
  'fullname',
  'surname',
  'postalcode',
  'zipcode',
  'postcode',
] as const;
export const PII_WORDS = ['ssn', 'sin', 'tin', 'ein', 'vat', 'zip', 'dob', 'tel', 'mobile', 'pan', 'mail', 'street', 'last4', 'cc', 'nin'] as const;

const words = new Set<string>(PII_WORDS);

export function isPiiLikeKey(key: string): boolean {
  if (isFilteredKey(key)) return true;
  const flat = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (PII_FRAGMENTS.some((f) => flat.includes(f))) return true;
  const split = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return split.some((w) => words.has(w));
}
