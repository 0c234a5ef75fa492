/**
 * Wire shapes of statement descriptors (Doc 2, "Statement descriptor"): the merchant's
 * configuration (`GET /v1/descriptor_config`, snake_case) and `resolved_descriptor`, the part of
 * the payment-intent create response that says what the charge asked the processor to print
 * (its `descriptor` object keeps Doc 2's own casing: `phoneNumber`, `postalCode`).
 */
import { z } from 'zod';
import {
  descriptorConnections,
  descriptorFallbacks,
  descriptorPassthroughModes,
  descriptorSkipReasons,
  descriptorSources,
} from '../vocab/descriptors.ts';

const maybe = (description: string) => z.string().nullable().describe(description);

export const DescriptorSuffixConfig = z.strictObject({
  source: z
    .enum(descriptorSources)
    .describe('where the per-charge tail comes from: `order_id`, `subscription_id`, `customer_id` read `metadata.<source>`; `custom` reads `metadata[key]`; `none`: no tail'),
  key: maybe('the metadata key a `custom` source reads (never a personal-data key); null for other sources'),
  fallback: z
    .enum(descriptorFallbacks)
    .describe('when the source value is missing or empty: `skip` sends no descriptor (`no_config`), `pi_ref` prints the last 8 characters of the intent id, `literal` prints `literal`'),
  literal: maybe('the fixed tail of a `literal` fallback; null otherwise'),
});

export const DescriptorConfigured = z
  .strictObject({
    name: z.string().describe('brand name: 1 to 22 printable ASCII characters, none of `< > \\ \' " *`; on a `suffix` connection the prefix registered at the processor prints and this only estimates the room left for the tail'),
    city: maybe('sent on `descriptor` connections when at most 13 characters'),
    country: maybe('sent on `descriptor` connections when a two-letter country code'),
    phone: maybe('sent on `descriptor` connections (as `phoneNumber`) when at most 14 digits, spaces and `+ ( ) - .`'),
    url: maybe('sent on `descriptor` connections when at most 13 characters'),
    postal_code: maybe('sent on `descriptor` connections (as `postalCode`) when at most 10 letters, digits, spaces and hyphens'),
    suffix: DescriptorSuffixConfig,
  })
  .describe('the configured descriptor; a field that is not configured is null');

export const DescriptorConfig = z.strictObject({
  descriptor: DescriptorConfigured.nullable().describe('null when the merchant has none: charges then report `resolved_descriptor` `{ kind: skipped, reason: no_config }`'),
  passthrough: z
    .enum(descriptorPassthroughModes)
    .describe('`off` when descriptor passthrough is switched off platform-wide: every charge reports `{ kind: skipped, reason: kill_switch }`'),
  connection: z
    .enum(descriptorConnections)
    .describe(
      "what the merchant's processor connection carries: `suffix` (the registered prefix prints, each charge sends only the tail, at most 22 characters in all with the prefix and `* `), `descriptor` (each charge sends a whole descriptor object; a field over its limit is dropped alone) or `unsupported` (nothing is sent: `binder_unsupported`)",
    ),
});
export type DescriptorConfig = z.infer<typeof DescriptorConfig>;

const nullableText = z.string().nullable();

/** `resolved_descriptor` on the payment-intent create response (Doc 2). */
export const ResolvedDescriptor = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('suffix'), suffix: z.string().describe('the tail printed after the registered prefix and `* `') }),
    z.strictObject({
      kind: z.literal('descriptor'),
      descriptor: z.strictObject({
        name: z.string(),
        description: nullableText.describe('the per-charge tail; null when there is none or it could not be printed'),
        city: nullableText,
        country: nullableText,
        phoneNumber: nullableText,
        url: nullableText,
        postalCode: nullableText,
      }),
    }),
    z.strictObject({
      kind: z.literal('skipped'),
      reason: z
        .enum(descriptorSkipReasons)
        .describe('`no_config`: nothing configured, unreadable, or an empty tail; `kill_switch`: passthrough off platform-wide; `binder_unsupported`: the connection carries no descriptor; `invalid_for_provider`: the processor would refuse it, the charge uses the account default; `circuit_open` is declared and never sent'),
    }),
  ])
  .describe('what the charge asked the processor to print on the statement');
