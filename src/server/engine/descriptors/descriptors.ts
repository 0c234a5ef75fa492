/**
 * Statement descriptors (Doc 2, "Statement descriptor"): what a charge asks the processor to print
 * on the buyer's card statement. Pure: the payment-intent create passes in the merchant's settings,
 * its processor kind, the intent id and metadata and the platform kill switch, and puts the result
 * on its response as `resolved_descriptor`.
 *
 * What each processor kind's connection carries (docs/merchant.md, "Statement descriptors"):
 *
 * | processor kind        | connection    | what is sent                                                   |
 * |-----------------------|---------------|----------------------------------------------------------------|
 * | `sandbox`             | `suffix`      | the tail only; the prefix registered at the processor prints   |
 * | `card_element`        | `suffix`      | the same (prefix-and-suffix connection)                        |
 * | `hosted_fields`       | `descriptor`  | a whole descriptor object: name, tail as description, identity |
 * | `vault_hosted_fields` | `descriptor`  | the same                                                       |
 * | `agent_hosted_fields` | `unsupported` | nothing: `skipped` / `binder_unsupported`                      |
 * | `none`                | `unsupported` | nothing (no binder at all)                                     |
 *
 * The printed line is `<prefix>* <tail>`, at most 22 printable ASCII characters. On a `suffix`
 * connection the registered prefix prints and the configured name only estimates the budget left
 * for the tail; on a `descriptor` connection the configured name is the prefix.
 *
 * Order of the checks, first match wins: no settings → `no_config`; kill switch → `kill_switch`;
 * a connection that carries nothing → `binder_unsupported`; a brand name breaking Doc 2's rules
 * → `invalid_for_provider` (defensive: settings are checked when saved, and stored ones that break
 * the rules read as none); no tail and a `skip` fallback → `no_config`. Then per connection:
 * - `suffix`: no tail (`source: none`) → `no_config` (Doc 2: "empty suffix"); no room for a tail
 *   after the prefix and separator, or a tail holding `< > \ ' " *` → `invalid_for_provider`.
 * - `descriptor`: the tail becomes `description`; it and every identity field are dropped alone
 *   (to null) when over their limit or made of characters the processor refuses.
 * `circuit_open` is in the type (Doc 2 declares it) and never produced. The provider's own rules
 * come after this (payments/intents/intent-sends.ts, the kind's forwarding row): a descriptor it
 * would refuse is `invalid_for_provider` there, so the answer is what was sent.
 */
import {
  DESCRIPTOR_MAX_LENGTH,
  DESCRIPTOR_SEPARATOR,
  type DescriptorConnection,
  type DescriptorSkipReason,
} from '../../../vocab/descriptors.ts';
import type { ProcessorKind } from '../../../vocab/processor-kinds.ts';
import { descriptorTextProblem, hasForbiddenCharacter, printableAscii } from '../../domain/descriptor-text.ts';
import type { DescriptorSettings } from '../../domain/index.ts';
import type { SentDescriptorObject } from '../../processors/charge-extras.ts';

export type { DescriptorSettings };

/** The connection each processor kind has (the table above). */
export const DESCRIPTOR_CONNECTIONS: Record<ProcessorKind, DescriptorConnection> = {
  sandbox: 'suffix',
  card_element: 'suffix',
  hosted_fields: 'descriptor',
  vault_hosted_fields: 'descriptor',
  agent_hosted_fields: 'unsupported',
  none: 'unsupported',
};

export const descriptorConnectionOf = (kind: ProcessorKind): DescriptorConnection => DESCRIPTOR_CONNECTIONS[kind];

/** Doc 2's `descriptor` object (its casing: `phoneNumber`, `postalCode`); a dropped field is null. What a charge sends (processors/charge-extras.ts). */
export type DescriptorObject = SentDescriptorObject;

/** Doc 2's `resolved_descriptor`. */
export type ResolvedDescriptor =
  | { kind: 'suffix'; suffix: string }
  | { kind: 'descriptor'; descriptor: DescriptorObject }
  | { kind: 'skipped'; reason: DescriptorSkipReason };

export interface DescriptorInput {
  /** `merchant.settings.descriptor`; null when none is configured. */
  settings: DescriptorSettings | null;
  processor: ProcessorKind;
  /** The payment intent's id: `pi_ref` prints its last 8 characters. */
  intentId: string;
  /** The intent's metadata as stored (after `acceptMetadata`). */
  metadata: Record<string, unknown>;
  /** True when passthrough is off platform-wide (`SVCPAY_DESCRIPTOR_PASSTHROUGH=off`). */
  killSwitch: boolean;
}

/**
 * Per-field limits of `descriptor` connections: a value breaking its rule is dropped alone.
 * Lengths count after non-ASCII is stripped and surrounding spaces trimmed.
 */
export const DESCRIPTOR_FIELD_RULES = {
  city: { max: 13, pattern: /^[^<>\\'"*]+$/ },
  country: { max: 2, pattern: /^[A-Z]{2}$/ },
  phoneNumber: { max: 14, pattern: /^(?=.*\d)[0-9+().\- ]+$/ },
  url: { max: 13, pattern: /^[^\s<>\\'"*]+$/ },
  postalCode: { max: 10, pattern: /^[A-Za-z0-9 -]+$/ },
} as const;

/** Doc 2: `pi_ref` is the last 8 characters of the intent id. */
export const PI_REF_LENGTH = 8;

const skipped = (reason: DescriptorSkipReason): ResolvedDescriptor => ({ kind: 'skipped', reason });

const clean = (text: string) => printableAscii(text).trim();

/** A metadata value as text: strings and finite numbers print; anything else counts as missing. */
function metadataText(value: unknown): string {
  if (typeof value === 'string') return clean(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * The tail before it is fitted to the budget: null when the rule has no tail (`source: none`),
 * `skip` when the source value is missing and the fallback says to send nothing.
 */
export function descriptorTail(settings: DescriptorSettings, intentId: string, metadata: Record<string, unknown>): string | null | 'skip' {
  const { source, key, fallback, literal } = settings.suffix;
  if (source === 'none') return null;
  const metadataKey = source === 'custom' ? key : source;
  const value = metadataKey === undefined ? '' : metadataText(metadata[metadataKey]);
  if (value !== '') return value;
  const fallbackText = fallback === 'pi_ref' ? clean(intentId).slice(-PI_REF_LENGTH) : fallback === 'literal' ? clean(literal ?? '') : '';
  return fallbackText === '' ? 'skip' : fallbackText;
}

/** Room left for the tail after the prefix and the `* ` separator (Doc 2: 22 in all). */
export const tailBudget = (prefix: string) => DESCRIPTOR_MAX_LENGTH - prefix.length - DESCRIPTOR_SEPARATOR.length;

/** Hard truncation, no ellipsis (Doc 2); a space left at the cut is not printed. */
const fit = (tail: string, budget: number) => tail.slice(0, Math.max(budget, 0)).trimEnd();

function field(name: keyof typeof DESCRIPTOR_FIELD_RULES, raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const value = name === 'country' ? clean(raw).toUpperCase() : clean(raw);
  const rule = DESCRIPTOR_FIELD_RULES[name];
  return value.length > 0 && value.length <= rule.max && rule.pattern.test(value) ? value : null;
}

export function resolveDescriptor(input: DescriptorInput): ResolvedDescriptor {
  const { settings } = input;
  if (settings === null) return skipped('no_config');
  if (input.killSwitch) return skipped('kill_switch');
  const connection = descriptorConnectionOf(input.processor);
  if (connection === 'unsupported') return skipped('binder_unsupported');
  const prefix = clean(settings.name);
  if (descriptorTextProblem(prefix) !== null) return skipped('invalid_for_provider');
  const tail = descriptorTail(settings, input.intentId, input.metadata);
  if (tail === 'skip') return skipped('no_config');
  const budget = tailBudget(prefix);

  if (connection === 'suffix') {
    if (tail === null) return skipped('no_config');
    const suffix = fit(tail, budget);
    if (suffix === '' || hasForbiddenCharacter(suffix)) return skipped('invalid_for_provider');
    return { kind: 'suffix', suffix };
  }

  const description = tail === null ? '' : fit(tail, budget);
  return {
    kind: 'descriptor',
    descriptor: {
      name: prefix,
      description: description === '' || hasForbiddenCharacter(description) ? null : description,
      city: field('city', settings.city),
      country: field('country', settings.country),
      phoneNumber: field('phoneNumber', settings.phone),
      url: field('url', settings.url),
      postalCode: field('postalCode', settings.postalCode),
    },
  };
}
