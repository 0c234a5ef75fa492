/** Processor vocabulary (Doc 1, "POST /api/checkout/init"; Doc 3, sandbox control API). */

/** What `init.type` may name: the fields the checkout mounts. */
export const initTypes = ['card_element', 'hosted_fields', 'vault_hosted_fields', 'agent_hosted_fields', 'sandbox'] as const;
export type InitType = (typeof initTypes)[number];

export const processorEnvironments = ['sandbox', 'production'] as const;
export type ProcessorEnvironment = (typeof processorEnvironments)[number];
