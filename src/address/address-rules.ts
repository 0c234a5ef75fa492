/**
 * How each country writes a postal address: which inputs exist and in what order, which are
 * required, what the subdivision and postal code are called, and what a valid postal code looks
 * like. Pure data and functions, free of Preact: the address element and the server (the hosted
 * page's buyer details, src/buyer/) apply the same rules, and each country's are tested alone.
 */
import type { MessageKey } from '../locales/index.ts';
import { subdivisions, type Subdivision } from './subdivisions.ts';

/** The address inputs a country arranges (the country select, name and phone are placed apart). */
export type AddressPart = 'line1' | 'line2' | 'city' | 'state' | 'postalCode';

export interface PostalRule {
  label: MessageKey;
  /** Error key when the code does not fit `pattern`. */
  invalid: MessageKey;
  /** Tested against `normalize(text)`. */
  pattern: RegExp;
  /** Applied as the buyer types: must be stable (typing more never moves earlier characters). */
  format(raw: string): string;
  /** The canonical form: what is validated, sent, and shown once the input is left. */
  normalize(raw: string): string;
  inputMode: 'numeric' | 'text';
  /** Longest normalized text. */
  max: number;
  placeholder: string;
}

export interface StateRule {
  label: MessageKey;
  /** A list to pick from; absent: free text. */
  options?: readonly Subdivision[];
  /** Language of the options' `local` names. */
  localLanguage?: string;
}

export interface CountryRule {
  /** Inputs by row, in reading order; a row of two shares one line on wide frames. */
  rows: readonly (readonly AddressPart[])[];
  required: readonly AddressPart[];
  city: MessageKey;
  state?: StateRule;
  postal: PostalRule;
}

const upper = (raw: string) => raw.toUpperCase().replace(/[^A-Z0-9 -]/g, '');
const digits = (raw: string) => raw.replace(/\D/g, '');

/**
 * The canonical form of a numeric code: `layout` applied to its digits when it holds only digits,
 * spaces and hyphens; anything else as typed, so it fails the pattern rather than being trimmed
 * into a valid code.
 */
const canonical = (layout: (digits: string) => string) => (raw: string) => {
  const text = raw.trim();
  return /^[\d\s-]*$/.test(text) ? layout(digits(text)) : text.toUpperCase();
};

/** Digits only, up to `n`. */
function numeric(n: number, placeholder: string, label: MessageKey = 'card.postal.label', invalid: MessageKey = 'address.error.invalid_postal'): PostalRule {
  const format = (raw: string) => digits(raw).slice(0, n);
  return { label, invalid, pattern: new RegExp(`^\\d{${n}}$`), format, normalize: canonical((d) => d), inputMode: 'numeric', max: n, placeholder };
}

/** `head` digits, `sep`, `tail` digits (US ZIP+4 `12345-6789`, Japan `100-0001`, Sweden `123 45`). */
function split(head: number, sep: string, tail: number, optionalTail: boolean, placeholder: string, label: MessageKey, invalid: MessageKey): PostalRule {
  const layout = (d: string) => (d.length > head ? `${d.slice(0, head)}${sep}${d.slice(head)}` : d);
  const format = (raw: string) => layout(digits(raw).slice(0, head + tail));
  const tailRe = `${sep}\\d{${tail}}`;
  const pattern = new RegExp(`^\\d{${head}}${optionalTail ? `(${tailRe})?` : tailRe}$`);
  return { label, invalid, pattern, format, normalize: canonical(layout), inputMode: 'numeric', max: head + sep.length + tail, placeholder };
}

// Canada Post: letter digit letter, space, digit letter digit; D F I O Q U never appear, W and Z
// never first.
const CA_POSTAL: PostalRule = {
  label: 'card.postal.label',
  invalid: 'address.error.invalid_postal',
  pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/,
  format: (raw) => {
    const s = upper(raw).replace(/[ -]/g, '').slice(0, 6);
    return s.length > 3 ? `${s.slice(0, 3)} ${s.slice(3)}` : s;
  },
  normalize: (raw) => CA_POSTAL.format(raw),
  inputMode: 'text',
  max: 7,
  placeholder: 'K1A 0B1',
};

// Royal Mail: an outward code (A9, A99, AA9, AA99, A9A, AA9A) and an inward code (9AA), plus the
// Girobank code. The outward code's length varies, so the space is placed only once the input is
// left (while typing it would jump).
const GB_POSTAL: PostalRule = {
  label: 'address.postal.postcode',
  invalid: 'address.error.invalid_postcode',
  pattern: /^(GIR 0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2})$/,
  format: (raw) => upper(raw).replace(/-/g, '').replace(/ {2,}/g, ' ').slice(0, 8),
  normalize: (raw) => {
    const s = upper(raw).replace(/[ -]/g, '');
    return s.length >= 5 ? `${s.slice(0, -3)} ${s.slice(-3)}` : s;
  },
  inputMode: 'text',
  max: 8,
  placeholder: 'SW1A 1AA',
};

const NL_POSTAL: PostalRule = {
  label: 'card.postal.label',
  invalid: 'address.error.invalid_postal',
  pattern: /^[1-9]\d{3} [A-Z]{2}$/,
  format: (raw) => {
    const s = upper(raw).replace(/[ -]/g, '').slice(0, 6);
    return s.length > 4 ? `${s.slice(0, 4)} ${s.slice(4)}` : s;
  },
  normalize: (raw) => NL_POSTAL.format(raw),
  inputMode: 'text',
  max: 7,
  placeholder: '1012 AB',
};

/** Elsewhere: optional, and when given, 2 to 10 letters, digits, spaces or hyphens. */
const GENERIC_POSTAL: PostalRule = {
  label: 'card.postal.label',
  invalid: 'address.error.invalid_postal',
  pattern: /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/,
  format: (raw) => upper(raw).slice(0, 10),
  normalize: (raw) => upper(raw).trim().replace(/\s+/g, ' '),
  inputMode: 'text',
  max: 10,
  placeholder: '',
};

const STREET_CITY_STATE_POSTAL = [['line1'], ['line2'], ['city'], ['state', 'postalCode']] as const;
/** Most of continental Europe: the postal code before the town. */
const POSTAL_BEFORE_CITY = [['line1'], ['line2'], ['postalCode', 'city']] as const;
const FULL: readonly AddressPart[] = ['line1', 'city', 'state', 'postalCode'];
const NO_STATE: readonly AddressPart[] = ['line1', 'city', 'postalCode'];

function european(postal: PostalRule): CountryRule {
  return { rows: POSTAL_BEFORE_CITY, required: NO_STATE, city: 'address.city.label', postal };
}

export const countryRules: Partial<Record<string, CountryRule>> = {
  US: {
    rows: STREET_CITY_STATE_POSTAL,
    required: FULL,
    city: 'address.city.label',
    state: { label: 'address.state.state', options: subdivisions.US },
    postal: split(5, '-', 4, true, '12345', 'address.postal.zip', 'address.error.invalid_zip'),
  },
  CA: {
    rows: STREET_CITY_STATE_POSTAL,
    required: FULL,
    city: 'address.city.label',
    state: { label: 'address.state.province', options: subdivisions.CA, localLanguage: 'fr' },
    postal: CA_POSTAL,
  },
  // Royal Mail needs no county; it is kept, optional, for buyers who write one.
  GB: {
    rows: [['line1'], ['line2'], ['city'], ['state'], ['postalCode']],
    required: NO_STATE,
    city: 'address.city.label',
    state: { label: 'address.state.county' },
    postal: GB_POSTAL,
  },
  AU: {
    rows: STREET_CITY_STATE_POSTAL,
    required: FULL,
    city: 'address.city.suburb',
    state: { label: 'address.state.state', options: subdivisions.AU },
    postal: numeric(4, '2000', 'address.postal.postcode', 'address.error.invalid_postcode'),
  },
  // Japanese addresses run from the largest unit to the smallest: postal code, prefecture,
  // municipality, then block and building.
  JP: {
    rows: [['postalCode', 'state'], ['city'], ['line1'], ['line2']],
    required: FULL,
    city: 'address.city.label',
    state: { label: 'address.state.prefecture', options: subdivisions.JP, localLanguage: 'ja' },
    postal: split(3, '-', 4, false, '100-0001', 'card.postal.label', 'address.error.invalid_postal'),
  },
  DE: european(numeric(5, '10115')),
  FR: european(numeric(5, '75001')),
  ES: european(numeric(5, '28001')),
  IT: european(numeric(5, '00184')),
  FI: european(numeric(5, '00100')),
  AT: european(numeric(4, '1010')),
  BE: european(numeric(4, '1000')),
  CH: european(numeric(4, '8001')),
  DK: european(numeric(4, '1050')),
  NO: european(numeric(4, '0150')),
  SE: european(split(3, ' ', 2, false, '111 22', 'card.postal.label', 'address.error.invalid_postal')),
  NL: european(NL_POSTAL),
};

/** Any other country: street, city, an optional region and an optional postal code. */
export const genericRule: CountryRule = {
  rows: [['line1'], ['line2'], ['city'], ['state', 'postalCode']],
  required: ['line1', 'city'],
  city: 'address.city.label',
  state: { label: 'address.state.region' },
  postal: GENERIC_POSTAL,
};

export const ruleFor = (country: string): CountryRule => countryRules[country] ?? genericRule;

/** Every input the country shows, in reading order. */
export const partsOf = (rule: CountryRule): AddressPart[] => rule.rows.flat();

/** Whether `text` is a valid postal code for `country` (the empty text is not). */
export function postalValid(country: string, text: string): boolean {
  const postal = ruleFor(country).postal;
  return postal.pattern.test(postal.normalize(text));
}
