/**
 * What a charge carries to the provider beyond the money (issue 34, "What the spec says to send"):
 * the resolved statement descriptor, `rule_tags`, the charge's names and the buyer's IP. The engine
 * fills it from the kind's forwarding row (provider-entry.ts, `KindForwarding`); each adapter sends
 * it its provider's way (docs/merchant.md, "What each provider receives").
 */
/** Doc 2's `descriptor` object as resolved for a charge (engine/descriptors: `DescriptorObject`). */
export interface SentDescriptorObject {
  name: string;
  description: string | null;
  city: string | null;
  country: string | null;
  phoneNumber: string | null;
  url: string | null;
  postalCode: string | null;
}

/** The statement descriptor a charge asks for: a suffix, or a whole descriptor (the kind's connection, engine/descriptors). */
export type SentDescriptor = { kind: 'suffix'; suffix: string } | { kind: 'descriptor'; descriptor: SentDescriptorObject };

/**
 * What a charge carries to the provider beyond the money (Doc 2; issue 34, "What the spec says to
 * send"): only what the merchant's kind forwards (`KindForwarding`, provider-entry.ts), so an
 * adapter sends every field it is given, its provider's way. null: nothing to send.
 */
export interface ChargeExtras {
  /** The resolved statement descriptor; equal to the create answer's `resolved_descriptor`. */
  descriptor: SentDescriptor | null;
  /** `rule_tags`, for the provider's rule matching. */
  ruleTags: Record<string, string> | null;
  /** The charge's own names (never a split combined name). */
  firstName: string | null;
  lastName: string | null;
  /** The buyer's IP address; never for a merchant-initiated charge. */
  buyerIp: string | null;
}

/** A charge with nothing beyond the money. */
export const NO_EXTRAS: ChargeExtras = { descriptor: null, ruleTags: null, firstName: null, lastName: null, buyerIp: null };
