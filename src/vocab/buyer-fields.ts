/**
 * The words of the hosted page's buyer details that the wire schemas need (src/api/checkout.ts),
 * apart from their rules (src/buyer/buyer-fields.ts), so a frame that reads the public session
 * does not download the address rules.
 */

/** How the page treats one input: not shown, shown and may stay blank, shown and must be filled. */
export const buyerFieldModes = ['none', 'optional', 'required'] as const;
export type BuyerFieldMode = (typeof buyerFieldModes)[number];

/** Longest text of each input (Doc 1 `buyerEmail` 254; Doc 2 buyer `name` 200, `phone` 32). */
export const buyerTextMax = { email: 254, name: 200, phone: 32 } as const;
