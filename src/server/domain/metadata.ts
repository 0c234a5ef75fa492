/**
 * Metadata on payment intents, refunds, tokens and buyers (Doc 1, "Metadata limits"): any JSON
 * values, the whole map at most 8 KB serialized (over it: 400 `validation_error`, nothing stored),
 * and a fixed list of key names removed silently before storage. Values are never inspected. The
 * session's own top-level map has different rules (strings, stored unfiltered) and does not use this.
 */
import { DomainError } from './errors.ts';

/** Serialized size cap of one metadata map (nested `buyer.metadata` has its own budget). */
export const METADATA_MAX_BYTES = 8 * 1024;

/**
 * Deepest nesting of objects and arrays a metadata map may have. Doc 1 sets no depth; the store
 * keeps records as JSON that SQLite's JSON functions read (their limit is 1000 levels), and a map
 * nested past that stored fine but then failed every query over its row (a 500 on
 * `GET /v1/payment_methods`, found by the fuzz). 64 levels is more than any real map uses.
 */
export const METADATA_MAX_DEPTH = 64;

/**
 * Key names removed before storage, compared case-insensitively with `-` and `_` ignored. Doc 1
 * names `number`, `address`, `phone`, `email`, `shipping`, `card`, `last4`, `buyer` "for example";
 * the rest are the same kinds of personal or card data under their common spellings.
 */
export const FILTERED_METADATA_KEYS = [
  'number',
  'address',
  'phone',
  'email',
  'shipping',
  'card',
  'last4',
  'buyer',
  'cardnumber',
  'pan',
  'cvc',
  'cvv',
  'ssn',
  'taxid',
  'password',
] as const;

const filtered = new Set<string>(FILTERED_METADATA_KEYS);
const normal = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

/** True when a key of this name is dropped before storage. */
export const isFilteredKey = (key: string) => filtered.has(normal(key));

/**
 * Checks the size of a metadata map as sent and returns the map that is stored: filtered keys
 * removed at the top level (values are never inspected). `field` names it in the error message.
 */
export function acceptMetadata(map: Record<string, unknown> | undefined, field = 'metadata'): Record<string, unknown> {
  if (map === undefined) return {};
  // Measured without recursion, before serializing: a body nested thousands of levels deep would
  // overflow the stack (a 500 for bad input).
  if (deeperThan(map, METADATA_MAX_DEPTH)) {
    throw new DomainError('validation_error', `${field} is nested more than ${METADATA_MAX_DEPTH} levels deep.`);
  }
  const size = Buffer.byteLength(JSON.stringify(map), 'utf8');
  if (size > METADATA_MAX_BYTES) {
    throw new DomainError('validation_error', `${field} is ${size} bytes serialized; the limit is ${METADATA_MAX_BYTES} bytes.`);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(map)) if (!isFilteredKey(k)) out[k] = v;
  return out;
}

/** Whether a JSON value nests objects or arrays more than `limit` levels deep (iterative). */
function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
