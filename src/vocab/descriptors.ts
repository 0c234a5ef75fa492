/**
 * Statement-descriptor vocabulary (Doc 2, "Statement descriptor"; Doc 3, `settings.descriptor`).
 * Zod-free: the settings schema, the wire schemas and the resolver derive from these lists.
 */

/** Where the dynamic tail comes from: `metadata.<source>`, `metadata[key]` for `custom`, or nothing. */
export const descriptorSources = ['order_id', 'subscription_id', 'customer_id', 'custom', 'none'] as const;
export type DescriptorSource = (typeof descriptorSources)[number];

/** What the tail is when the source value is missing or empty. */
export const descriptorFallbacks = ['skip', 'pi_ref', 'literal'] as const;
export type DescriptorFallback = (typeof descriptorFallbacks)[number];

/** Why no descriptor was sent with a charge. `circuit_open` is declared by Doc 2 but never emitted. */
export const descriptorSkipReasons = ['no_config', 'kill_switch', 'binder_unsupported', 'invalid_for_provider', 'circuit_open'] as const;
export type DescriptorSkipReason = (typeof descriptorSkipReasons)[number];

/**
 * What a merchant's connection can carry: a per-charge suffix after a registered prefix, a whole
 * descriptor object, or nothing.
 */
export const descriptorConnections = ['suffix', 'descriptor', 'unsupported'] as const;
export type DescriptorConnection = (typeof descriptorConnections)[number];

/** Platform-wide passthrough switch (env `SVCPAY_DESCRIPTOR_PASSTHROUGH`). */
export const descriptorPassthroughModes = ['on', 'off'] as const;
export type DescriptorPassthrough = (typeof descriptorPassthroughModes)[number];

/** Doc 2: the whole statement line, prefix and separator included. */
export const DESCRIPTOR_MAX_LENGTH = 22;
/** Doc 2: `*` plus a space between the prefix and the tail. */
export const DESCRIPTOR_SEPARATOR = '* ';
/** Doc 2: the brand name may not contain these. */
export const DESCRIPTOR_FORBIDDEN_CHARACTERS = ['<', '>', '\\', "'", '"', '*'] as const;
