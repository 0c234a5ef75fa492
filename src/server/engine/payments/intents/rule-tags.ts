/**
 * `rule_tags` on `POST /v1/payment_intents` (Doc 2): string tags forwarded to the provider for
 * its rule matching. Up to 5 keys, key 1 to 64 characters, value 1 to 80; reserved keys and values
 * shaped like an email address, an API key or another secret are refused; numbers must be sent as
 * numeric strings. Pure: the create calls `validateRuleTags` and gets the map to forward, or a
 * 400 `validation_error` naming the key. A refused value is never echoed (it may be a secret).
 *
 * Reserved keys (compared lowercase, `-` read as `_`), because the service or the provider
 * already sends them with every charge and a tag of the same name would shadow it:
 * - any key starting with `svcpay` or `vp_` (this service's namespace);
 * - RESERVED_RULE_TAG_KEYS: `amount`, `currency`, `merchant_id`, `livemode`, `id`, `mode`,
 *   `payment_intent`, `payment_intent_id`, `session_id`, `capture_method`.
 */
import { asciiDigits } from '../../../../card/digits.ts';
import { luhnValid } from '../../../../card/luhn.ts';
import { DomainError } from '../../../domain/errors.ts';

export const RULE_TAGS_MAX_KEYS = 5;
export const RULE_TAG_KEY_MAX = 64;
export const RULE_TAG_VALUE_MAX = 80;

export const RESERVED_RULE_TAG_PREFIXES = ['svcpay', 'vp_'] as const;
export const RESERVED_RULE_TAG_KEYS = [
  'amount',
  'currency',
  'merchant_id',
  'livemode',
  'id',
  'mode',
  'payment_intent',
  'payment_intent_id',
  'session_id',
  'capture_method',
] as const;

const reserved = new Set<string>(RESERVED_RULE_TAG_KEYS);

export function isReservedRuleTagKey(key: string): boolean {
  const k = key.trim().toLowerCase().replace(/-/g, '_');
  return reserved.has(k) || RESERVED_RULE_TAG_PREFIXES.some((p) => k.startsWith(p));
}

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** This service's keys (`vp_sk_…`, `vp_pk_…`), common provider keys and webhook signing secrets. */
const API_KEY = /vp_[sp]k_|[spr]k_(?:live|test)_|whsec_/i;
/** Other credential shapes: bearer tokens, JWTs, private keys, cloud and code-host tokens, `secret=…`. */
const SECRET_SHAPES = [
  /\bbearer\s+\S/i,
  /\beyJ[\w-]{8,}\.[\w-]{8,}/,
  /-----BEGIN [A-Z ]*PRIVATE KEY/,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/,
  /\bxox[abprs]-/,
  /\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|private[_-]?key)\s*[:=]/i,
];
const charClass = (c: string) => (c >= 'A' && c <= 'Z' ? 0 : c >= 'a' && c <= 'z' ? 1 : 2);
/**
 * A random-looking token: 20+ letters and digits (`_ - + / =` between them allowed) mixing upper,
 * lower and digits that switch between those classes at least every other character, as random
 * base62/base64 does (about 0.6) and names such as `HighValueCustomer2024Tier1` do not (about
 * 0.35); or 40+ hex digits. A heuristic: it catches most generated secrets, not all.
 */
function looksRandom(value: string): boolean {
  for (const run of value.match(/[A-Za-z0-9+/=_-]{20,}/g) ?? []) {
    const chars = run.replace(/[^A-Za-z0-9]/g, '');
    if (chars.length < 20 || !/[A-Z]/.test(chars) || !/[a-z]/.test(chars) || !/\d/.test(chars)) continue;
    let switches = 0;
    for (let i = 1; i < chars.length; i++) if (charClass(chars[i]!) !== charClass(chars[i - 1]!)) switches++;
    if (switches / (chars.length - 1) >= 0.5) return true;
  }
  return /[0-9a-fA-F]{40,}/.test(value);
}
/** 13 to 19 digits in any script (spaces or dashes between them allowed) passing Luhn: a card number. */
function looksLikeCardNumber(value: string): boolean {
  for (const run of asciiDigits(value).match(/\d[\d -]{11,}\d/g) ?? []) {
    const digits = run.replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return true;
  }
  return false;
}

/** Why a value may not be forwarded, or null. */
export function ruleTagValueProblem(value: string): string | null {
  if (EMAIL.test(value)) return 'looks like an email address; rule tags reach the provider and must not carry personal data';
  if (API_KEY.test(value)) return 'looks like an API key or signing secret; never send credentials in rule tags';
  if (SECRET_SHAPES.some((re) => re.test(value)) || looksRandom(value)) return 'looks like a secret or token; never send credentials in rule tags';
  if (looksLikeCardNumber(value)) return 'looks like a card number; card data must never be sent in rule tags';
  return null;
}

const label = (key: string) => {
  const shown = key.length > RULE_TAG_KEY_MAX ? `${key.slice(0, RULE_TAG_KEY_MAX)}…` : key;
  return /^[A-Za-z0-9_.-]+$/.test(shown) ? `rule_tags.${shown}` : `rule_tags[${JSON.stringify(shown)}]`;
};

const refuse = (message: string) => new DomainError('validation_error', message);

/** Validates `rule_tags` as sent and returns the map to forward; throws 400 `validation_error`. */
export function validateRuleTags(tags: unknown): Record<string, string> {
  if (typeof tags !== 'object' || tags === null || Array.isArray(tags)) {
    throw refuse('rule_tags must be an object of string keys to string values.');
  }
  const entries = Object.entries(tags);
  if (entries.length > RULE_TAGS_MAX_KEYS) {
    throw refuse(`rule_tags has ${entries.length} keys; at most ${RULE_TAGS_MAX_KEYS} are allowed.`);
  }
  for (const [key, value] of entries) {
    const name = label(key);
    if (key.trim() === '') throw refuse(`${name}: a rule tag key must not be empty.`);
    if (key.length > RULE_TAG_KEY_MAX) throw refuse(`${name}: the key is ${key.length} characters; at most ${RULE_TAG_KEY_MAX}.`);
    if (isReservedRuleTagKey(key)) {
      throw refuse(`${name}: the key is reserved (keys starting with svcpay or vp_, and ${RESERVED_RULE_TAG_KEYS.join(', ')}).`);
    }
    if (typeof value === 'number') throw refuse(`${name} is a number; send numbers as numeric strings (for example "42").`);
    if (typeof value !== 'string') throw refuse(`${name} must be a string; rule tag values are strings (send booleans as "true" or "false").`);
    if (value.trim() === '') throw refuse(`${name} must not be empty.`);
    if (value.length > RULE_TAG_VALUE_MAX) throw refuse(`${name} is ${value.length} characters; at most ${RULE_TAG_VALUE_MAX}.`);
    const problem = ruleTagValueProblem(value);
    if (problem) throw refuse(`${name} ${problem}.`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}
