/**
 * How the hosted page shows one buyer field. Apart from ./buyer-fields.ts so the browser schemas
 * (src/client/schemas/checkout.ts) can name the modes without pulling in the address rules: the
 * wallet frame reads the public session too, and its bundle carries only its own wording.
 */
export const buyerFieldModes = ['none', 'optional', 'required'] as const;
export type BuyerFieldMode = (typeof buyerFieldModes)[number];
