/**
 * Error codes of connected-store order mirroring (Document 2's error table and order-before-charge
 * table), with their HTTP status beside them: `catalogue` (./errors.ts) and the edge's status table
 * (middleware/error-status.ts) take both from here. Every refusal is made before money moves.
 */
/** Who must act (./errors.ts `Fault`; here only these two). */
type Fault = 'MERCHANT' | 'NETWORK';
type Entry = readonly [status: 400 | 409 | 422 | 503, fault: Fault, message: string, fix: string, retryable?: boolean];

export const mirrorErrors = {
  mirror_dual_specification: [400, 'MERCHANT', 'Both a top-level `mirror` and a stringified `metadata.mirror` were sent.', 'Send only the top-level `mirror` block.'],
  mirror_malformed: [400, 'MERCHANT', 'The mirror block is not a JSON object.', 'Send `mirror` as a nested object, never a string or an array.'],
  mirror_too_large: [400, 'MERCHANT', 'The mirror block is over 4096 bytes.', 'Send fewer or shorter fields; 4096 bytes of JSON at most.'],
  mirror_line_missing_product_ref: [400, 'MERCHANT', 'A mirror line item has no `external_product_ref`.', 'Give every line of `line_items` the store product it is.'],
  mirror_shop_not_authorized: [400, 'MERCHANT', 'The store is not connected to this account.', 'Connect the store (settings.connectedStores) or send the host exactly as connected.'],
  mirror_shop_missing_scopes: [422, 'MERCHANT', 'The store connection cannot write orders.', 'Reconnect the store granting write access to orders.'],
  mirror_upsell_unsupported: [400, 'MERCHANT', 'Appending to an existing order is not available on platform A.', 'Drop `parent_order_ref` or mirror to a platform B store.'],
  mirror_shopify_voucher_unsupported: [400, 'MERCHANT', 'Platform A takes no store-priced voucher in a raw mirror block.', 'Drop `voucher`; give the discount as a negative or cheaper line.'],
  mirror_shopify_shipping_unsupported: [400, 'MERCHANT', 'Platform A takes shipping as a line item, not a raw block `shipping`.', 'Send shipping as one of `line_items`.'],
  mirror_voucher_disabled: [400, 'MERCHANT', 'Store-priced vouchers are off for this account.', 'Drop `voucher` (they are always off on sessions).'],
  mirror_voucher_amount_mismatch: [400, 'MERCHANT', 'The voucher amount differs from the store’s price.', 'Quote the basket first (POST /v1/mirror/quote), or omit the amount on a hosted session.'],
  mirror_voucher_rejected: [400, 'MERCHANT', 'The store refused the voucher code.', 'Check the code with the store, or drop it.'],
  mirror_voucher_unverifiable: [503, 'NETWORK', 'The store could not price the voucher now.', 'Retry the same request shortly.', true],
  mirror_store_unavailable: [503, 'NETWORK', 'The store could not price the basket now.', 'Retry the same request shortly.', true],
  mirror_currency_mismatch: [400, 'MERCHANT', 'The store sells in another currency.', 'Quote in the store’s currency, `order_currency`.'],
  mirror_amount_below_line_items: [400, 'MERCHANT', 'The mirror’s line items (with shipping on platform B) come to more than the charge.', 'Charge at least what the lines itemise, or correct the lines.'],
  mirror_alias_conflict: [400, 'MERCHANT', 'The top-level `mirror` and `metadata.mirror` differ.', 'Send one copy, or two identical ones.'],
  mirror_settle_only_disabled: [400, 'MERCHANT', '`settle_only` is refused before a charge.', 'Use `parent_order_ref` with the add-on `line_items` instead.'],
  mirror_sandbox_email_not_reserved: [400, 'MERCHANT', 'A test-mode store customer needs an email at a reserved test domain.', 'Use an address at example.com, example.org, example.net, localhost, or a .test, .invalid or .localhost domain.'],
  order_total_mismatch: [400, 'MERCHANT', 'The described order does not add up to the charge.', 'Make the lines (plus shipping on platform B) equal `amount`; `derived_amount` is what they come to.'],
  order_mirror_conflict: [400, 'MERCHANT', 'Both `order`/`mirrorTo` and a raw `mirror` block were sent.', 'Describe the store order one way only.'],
  order_model_disabled: [400, 'MERCHANT', '`order`/`mirrorTo` is not enabled for this account.', 'Send the raw `mirror` block instead.'],
  upsell_duplicate: [409, 'MERCHANT', 'This upsell key already has a charge on this store; nothing was charged again.', 'Do not retry: read `original_payment_intent_id`. Use a new upsell key for another add-on.'],
  order_first_lookup_unavailable: [503, 'NETWORK', 'The record of earlier attempts for this purchase could not be read.', 'Retry the identical body after about 3 s.', true],
  order_first_record_unavailable: [503, 'NETWORK', 'The record made before the store order could not be written.', 'Retry the identical body after about 3 s.', true],
  order_first_repoint_unavailable: [503, 'NETWORK', 'The store order of an earlier attempt could not be re-linked to this one.', 'Retry the identical body after about 3 s.', true],
  order_first_store_timeout: [503, 'NETWORK', 'The store did not answer; the order may exist.', 'Retry the identical basket after about 5 s (a changed basket creates a second order).', true],
  order_first_store_unavailable: [503, 'NETWORK', 'The store is throttling or down; the order may exist.', 'Retry the identical basket after about 10 s; reduce concurrency if it persists.', true],
  order_first_order_rejected: [400, 'MERCHANT', 'The store refused the order contents (an unknown variant, a quantity, a price).', 'Fix the lines and send again.'],
  order_first_amount_mismatch: [400, 'MERCHANT', 'The store priced the order differently from the charge.', 'Charge the returned `order_total`; the order stays, so a corrected retry attaches to it.'],
  order_first_currency_mismatch: [400, 'MERCHANT', 'The store sells in another currency.', 'Charge in `order_currency`, from this error.'],
  order_first_unsupported_destination: [400, 'MERCHANT', 'This store order cannot be made before the charge.', 'Contact support; appending to an existing order and unchecked store connections are made after payment only.'],
  order_first_already_paid: [409, 'MERCHANT', 'An earlier payment for this purchase exists.', 'Do not retry: read `original_payment_intent_id`.'],
  order_first_payment_unresolved: [409, 'MERCHANT', 'An earlier payment for this purchase is still unresolved.', 'Do not retry: read `original_payment_intent_id` until it ends.'],
} as const satisfies Record<string, Entry>;

export type MirrorErrorCode = keyof typeof mirrorErrors;

/** What `POST /v1/mirror/quote` alone answers. */
const quoteOnly: readonly MirrorErrorCode[] = ['mirror_store_unavailable'];

/** What `POST /v1/payment_intents` may answer about a store order, before any charge (sessions: no store-priced voucher). */
export const mirrorRefusals = (Object.keys(mirrorErrors) as MirrorErrorCode[]).filter((c) => !quoteOnly.includes(c));

/** What `POST /v1/mirror/quote` may answer. */
export const quoteRefusals: MirrorErrorCode[] = ['mirror_shop_not_authorized', 'mirror_voucher_rejected', 'mirror_voucher_unverifiable', 'mirror_currency_mismatch', ...quoteOnly];
