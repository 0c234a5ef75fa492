/**
 * Wire shapes of buyers (Doc 2, "Buyer" and "Buyers"), snake_case. `BuyerInput`, `Address`,
 * `BuyerIdField` and `BuyerEmailField` are the nested buyer shapes payment intents and tokens
 * import, so every surface takes a buyer the same way (Doc 2, "Buyer rules").
 */
import { z } from 'zod';

/** Doc 2, Buyer `phone`: digits with an optional leading `+` and separators; not strict E.164. */
export const PHONE_SHAPE = /^\+?[0-9 ().-]*[0-9][0-9 ().-]*$/;

const text = (max: number) => z.string().min(1).max(max);

export const ExternalId = text(200).describe("the merchant's own stable reference for the buyer");
export const Email = z.email().max(254);
export const Phone = z
  .string()
  .min(3)
  .max(32)
  .regex(PHONE_SHAPE, 'phone must be digits with an optional leading + and separators (space, -, ., parentheses)')
  .describe('3 to 32 characters: digits, an optional leading `+`, separators');

/** The `billing_address` shape, also a buyer's `address` (Doc 2, Buyer `address`). */
export const Address = z.strictObject({
  address_line1: text(100),
  address_line2: z.string().max(100).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  postal_code: text(16),
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be a 2-letter uppercase ISO 3166-1 alpha-2 code'),
});
export type Address = z.infer<typeof Address>;

const Metadata = z
  .record(z.string(), z.unknown())
  .describe('any JSON values; 8 KB serialized; merges (keys kept, re-sent keys overwritten, never removed); personal-data key names are dropped');

/** Flat buyer fields of a charge or token: `buyer_id` is the merchant's reference (a buyer's `external_id`). */
export const BuyerIdField = ExternalId;
export const BuyerEmailField = Email;

/**
 * The nested `buyer` of intents and tokens, and the body of `POST /v1/buyers`. `first_name` and
 * `last_name` belong to the charge, not the profile: accepted for one shape everywhere, never stored.
 */
export const BuyerInput = z.strictObject({
  external_id: ExternalId.optional(),
  email: Email.optional(),
  name: text(200).optional().describe('stored as sent, never split'),
  first_name: text(100).optional().describe('charge-scoped; not stored on the buyer'),
  last_name: text(100).optional().describe('charge-scoped; not stored on the buyer'),
  phone: Phone.optional(),
  company: text(200).optional(),
  address: Address.optional(),
  metadata: Metadata.optional(),
});
export type BuyerInput = z.infer<typeof BuyerInput>;

/**
 * `POST /v1/buyers`: upsert keyed on `external_id`, else `email`. A profile field sent as null is
 * cleared; `email: null` erases the email and its lookup value for good (Doc 2, Buyers).
 */
export const UpsertBuyerBody = BuyerInput.extend({
  email: Email.nullable().optional().describe('null erases the email permanently; send only keys you mean to change'),
  name: text(200).nullable().optional(),
  phone: Phone.nullable().optional(),
  company: text(200).nullable().optional(),
  address: Address.nullable().optional(),
});
export type UpsertBuyerBody = z.infer<typeof UpsertBuyerBody>;

/** `PATCH /v1/buyers/{id}`: sparse; `external_id`, `first_name` and `last_name` are refused. */
export const PatchBuyerBody = z.strictObject({
  email: Email.nullable().optional().describe('null erases the email permanently; send only keys you mean to change'),
  name: text(200).nullable().optional(),
  phone: Phone.nullable().optional(),
  company: text(200).nullable().optional(),
  address: Address.nullable().optional(),
  metadata: Metadata.optional(),
});
export type PatchBuyerBody = z.infer<typeof PatchBuyerBody>;

export const BuyerLookupQuery = z.object({
  external_id: z.string().min(1).max(200).optional().describe('wins when both are sent'),
  email: z.string().min(1).max(254).optional().describe('compared case-insensitively'),
});

const AddressOut = z.strictObject({
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
});

/** The buyer object: every key always present, null when nothing is stored. */
export const Buyer = z.strictObject({
  id: z.string().describe('`vp_by_test_*` or `vp_by_live_*`; buyers are mode-scoped'),
  external_id: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: AddressOut.nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string().describe('ISO 8601'),
  last_seen_at: z.string().describe('ISO 8601; touched by any write referencing the buyer'),
});
export type Buyer = z.infer<typeof Buyer>;

export const BuyerList = z.strictObject({
  data: z.array(Buyer).describe('zero or one buyer: an empty array is a miss'),
});
