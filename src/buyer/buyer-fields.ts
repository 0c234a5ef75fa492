/**
 * The buyer details the hosted checkout page asks for (issue 10): which inputs a session shows,
 * and what a valid value is. Pure and zod-free, so the page and the server apply the same rules:
 * a value the page accepts is never refused by `POST /api/checkout/complete` after the buyer paid.
 */
import { ruleFor } from '../address/address-rules.ts';
import { brandInfo } from '../card/brand.ts';
import { asciiDigits } from '../card/digits.ts';
import { luhnValid } from '../card/luhn.ts';
import { findSubdivision } from '../address/subdivisions.ts';

import { buyerTextMax, type BuyerFieldMode } from '../vocab/buyer-fields.ts';

export { buyerFieldModes, buyerTextMax, type BuyerFieldMode } from '../vocab/buyer-fields.ts';

/** The inputs, in the order the page shows them. */
export const buyerFieldKeys = ['email', 'name', 'phone', 'shippingAddress', 'billingAddress'] as const;
export type BuyerFieldKey = (typeof buyerFieldKeys)[number];

export type BuyerFieldPlan = Record<BuyerFieldKey, BuyerFieldMode>;

/** Doc 2, `required_fields_missing`: the names `missing_fields` and `invalid_fields` use. */
export const buyerFieldWireNames: Record<BuyerFieldKey, string> = {
  email: 'email',
  name: 'name',
  phone: 'phone',
  shippingAddress: 'shipping_address',
  billingAddress: 'billing_address',
};

/** A postal address as the page sends it (the AddressFields value, flattened; camelCase like sessions). */
export interface PostalAddress {
  name?: string;
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

export interface BuyerDetails {
  email?: string;
  name?: string;
  phone?: string;
  shippingAddress?: PostalAddress;
  billingAddress?: PostalAddress;
}

/** The session fields the plan reads (Doc 1, Checkout session: collection modes as applied). */
export interface BuyerPlanInput {
  emailCollection: 'auto' | 'required';
  collectEmail: boolean;
  nameCollection: 'none' | 'auto' | 'required';
  phone: 'none' | 'auto' | 'required';
  shipping: 'none' | 'auto' | 'required';
  billingAddress: 'none' | 'auto' | 'required';
  /** Whether the merchant sent the buyer's email or name at create (`buyerEmail`, `buyer.email`…). */
  prefilled: { email: boolean; name: boolean };
}

const asMode = (m: 'none' | 'auto' | 'required'): BuyerFieldMode => (m === 'required' ? 'required' : m === 'auto' ? 'optional' : 'none');

/**
 * The inputs a session's hosted page shows. Doc 1: `collectEmail` shows the email input "even when
 * an email was prefilled", so a prefilled email is not asked again otherwise; a prefilled name is
 * treated alike. The phone is always asked when collected: `buyerPhone` is "the number the buyer
 * typed on the page". A billing address in `auto` is not asked: the card form's own postal code
 * is what the address check (AVS) needs; `required` asks for the whole address.
 */
export function buyerFieldPlan(s: BuyerPlanInput): BuyerFieldPlan {
  return {
    email: s.prefilled.email && !s.collectEmail ? 'none' : s.emailCollection === 'required' ? 'required' : 'optional',
    name: s.prefilled.name ? 'none' : asMode(s.nameCollection),
    phone: asMode(s.phone),
    shippingAddress: asMode(s.shipping),
    billingAddress: s.billingAddress === 'required' ? 'required' : 'none',
  };
}


const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
/** Digits with an optional leading `+` once separators are gone (Doc 2 buyer `phone`): the address element's rule. */
const PHONE = /^\+?\d{6,15}$/;

export const emailValid = (text: string): boolean => text.length <= buyerTextMax.email && EMAIL.test(text);
export const phoneValid = (text: string): boolean => text.length <= buyerTextMax.phone && PHONE.test(text.replace(/[\s().-]/g, ''));

const ADDRESS_PARTS = ['line1', 'line2', 'city', 'state', 'postalCode'] as const;

/** Digit runs a card number could be typed as: digits in groups split by one space, dot or dash. */
const DIGIT_RUN = /\d(?:[ .-]?\d)*/g;

/**
 * Whether a value holds a card number (issue 22: buyer details never carry card data): a run of 14
 * to 19 digits, of a length its brand uses, that passes Luhn. 13-digit cards are left out, since
 * 13-digit phone numbers are common and the brand table would take some of them.
 */
export function holdsCardNumber(text: string): boolean {
  // Full-width, Arabic-Indic or any other script's digits are the same card number (issue 32, finding 6).
  for (const [run] of asciiDigits(text).matchAll(DIGIT_RUN)) {
    const digits = run.replace(/\D/g, '');
    if (digits.length < 14 || digits.length > 19) continue;
    const info = brandInfo(digits);
    if (info.brand !== 'unknown' && info.lengths.includes(digits.length) && luhnValid(digits)) return true;
  }
  return false;
}

const trimmed = (v: string | undefined) => (v ?? '').trim();

/** An address with nothing typed in it counts as not given (the country select always has a value). */
export const addressEmpty = (a: PostalAddress | undefined): boolean => !a || ADDRESS_PARTS.every((p) => trimmed(a[p]) === '');

/**
 * Whether an address is complete for its country, by the rules AddressFields applies as the buyer
 * types (address-rules.ts): the country's required parts, its postal code pattern, its list of
 * subdivisions. `needsName`: a required shipping address names its recipient (the page asks for
 * the name as required there, and as optional on an optional one).
 */
export function addressValid(a: PostalAddress, needsName = false): boolean {
  const country = trimmed(a.country).toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return false;
  if ((['name', ...ADDRESS_PARTS] as const).some((p) => holdsCardNumber(a[p] ?? ''))) return false;
  if (needsName && !trimmed(a.name)) return false;
  const rule = ruleFor(country);
  if (rule.required.some((p) => !trimmed(a[p]))) return false;
  const postal = trimmed(a.postalCode);
  if (postal && !rule.postal.pattern.test(rule.postal.normalize(postal))) return false;
  const state = trimmed(a.state);
  if (state && rule.state?.options && !findSubdivision(rule.state.options, state)) return false;
  return true;
}

export type TextProblem = 'required' | 'invalid' | null;

/** The problem of a text input's value under its mode (what the page shows under it). */
export function textProblem(key: 'email' | 'name' | 'phone', mode: BuyerFieldMode, value: string): TextProblem {
  const text = value.trim();
  if (mode === 'none') return null;
  if (!text) return mode === 'required' ? 'required' : null;
  if (holdsCardNumber(text)) return 'invalid';
  if (key === 'email') return emailValid(text) ? null : 'invalid';
  if (key === 'phone') return phoneValid(text) ? null : 'invalid';
  return text.length <= buyerTextMax.name ? null : 'invalid';
}

export interface BuyerCheck {
  /** Doc 2 names of required inputs left blank. */
  missing: string[];
  /** Doc 2 names of inputs whose value is not valid. */
  invalid: string[];
  /** The values the plan asks for, trimmed; inputs the session does not show are dropped. */
  details: BuyerDetails;
}

function cleanAddress(a: PostalAddress): PostalAddress {
  const out: PostalAddress = {};
  for (const [k, v] of Object.entries(a) as [keyof PostalAddress, string | undefined][]) {
    const text = trimmed(v);
    if (text) out[k] = k === 'country' ? text.toUpperCase() : text;
  }
  return out;
}

/** Checks what the page sent against the session's plan (server side of the page's own checks). */
export function checkBuyerDetails(plan: BuyerFieldPlan, sent: BuyerDetails = {}): BuyerCheck {
  const missing: string[] = [];
  const invalid: string[] = [];
  const details: BuyerDetails = {};
  for (const key of buyerFieldKeys) {
    const mode = plan[key];
    if (mode === 'none') continue;
    if (key === 'shippingAddress' || key === 'billingAddress') {
      const a = sent[key];
      if (addressEmpty(a)) {
        if (mode === 'required') missing.push(buyerFieldWireNames[key]);
      } else if (!addressValid(a!, key === 'shippingAddress' && mode === 'required')) invalid.push(buyerFieldWireNames[key]);
      else details[key] = cleanAddress(a!);
      continue;
    }
    const value = sent[key] ?? '';
    const problem = textProblem(key, mode, value);
    if (problem === 'required') missing.push(buyerFieldWireNames[key]);
    else if (problem === 'invalid') invalid.push(buyerFieldWireNames[key]);
    else if (value.trim()) details[key] = value.trim();
  }
  return { missing, invalid, details };
}
