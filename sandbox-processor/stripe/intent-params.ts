/**
 * What the Stripe stand-in checks of a PaymentIntent's `metadata` and `statement_descriptor_suffix`
 * as Stripe does (API reference, "Metadata" and "Statement descriptors"; issue 34), refused with
 * Stripe's 400 `invalid_request_error` naming the parameter, before anything is made:
 * - metadata: at most 50 keys, a key at most 40 characters (no square brackets), a value at most 500;
 * - the suffix: printable Latin (ASCII) characters, at least one letter, none of `< > \ ' " *`, and
 *   room for it after the account's prefix and the `* ` separator in 22 characters. A stand-in
 *   account registers no prefix: the suffix is held to the shortest Stripe allows (2 characters).
 */
import { invalid, metadataOf } from './intent-ops.ts';

export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;
/** Stripe's whole statement descriptor, and the shortest prefix an account may register. */
export const DESCRIPTOR_MAX = 22;
export const SHORTEST_PREFIX = 2;
export const SUFFIX_MAX = DESCRIPTOR_MAX - SHORTEST_PREFIX - '* '.length;

export function checkedMetadata(raw: unknown): Record<string, string> {
  const metadata = metadataOf(raw);
  const entries = Object.entries(metadata);
  if (entries.length > METADATA_MAX_KEYS) throw invalid(`You can specify up to ${METADATA_MAX_KEYS} keys in metadata.`, 'metadata');
  for (const [key, value] of entries) {
    if (key.length > METADATA_KEY_MAX || /[[\]]/.test(key)) throw invalid(`Metadata keys can have up to ${METADATA_KEY_MAX} characters and cannot contain square brackets.`, `metadata[${key.slice(0, 40)}]`);
    if (value.length > METADATA_VALUE_MAX) throw invalid(`Metadata values can have up to ${METADATA_VALUE_MAX} characters.`, `metadata[${key}]`);
  }
  return metadata;
}

export function descriptorSuffix(raw: unknown): string | null {
  if (raw === undefined) return null;
  const suffix = typeof raw === 'string' ? raw : '';
  const ok = suffix.length >= 1 && suffix.length <= SUFFIX_MAX && /^[\x20-\x7e]+$/.test(suffix) && /[A-Za-z]/.test(suffix) && !/[<>\\'"*]/.test(suffix);
  if (!ok) {
    throw invalid(
      `Invalid statement_descriptor_suffix: it must be 1 to ${SUFFIX_MAX} Latin characters with at least one letter and none of < > \\ ' " *, so that prefix, '* ' and suffix fit ${DESCRIPTOR_MAX}.`,
      'statement_descriptor_suffix',
    );
  }
  return suffix;
}
