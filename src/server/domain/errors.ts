/**
 * The server's error catalogue (Doc 1, Errors; STYLE.md habit 3): each code with its fault type,
 * message, fix and self-heal hint, written once here and never at call sites. A `DomainError`
 * carries a code and no HTTP status: the edge decides the status of each code in one table
 * (middleware/error-status.ts) and builds the envelope (middleware/error-envelope.ts).
 */

import { mirrorErrors, type MirrorErrorCode } from './errors-mirror.ts';
import type { ErrorExtras } from '../../vocab/errors.ts';

export type Fault = 'BUYER' | 'MERCHANT' | 'NETWORK' | 'INTERNAL';

interface CatalogueEntry {
  fault: Fault;
  message: string;
  fix: string;
  retryable?: boolean;
  nextAction?: string;
}

const entry = (
  fault: Fault,
  message: string,
  fix: string,
  retryable = false,
  nextAction = retryable ? 'retry_with_backoff' : 'fix_request',
): CatalogueEntry => ({ fault, message, fix, retryable, nextAction });

/** Document 2's mirroring codes (./errors-mirror.ts) as catalogue entries. */
function mirrorEntries(): Record<MirrorErrorCode, CatalogueEntry> {
  const out = {} as Record<MirrorErrorCode, CatalogueEntry>;
  for (const [code, [, fault, message, fix, retryable]] of Object.entries(mirrorErrors) as [MirrorErrorCode, (typeof mirrorErrors)[MirrorErrorCode]][]) {
    out[code] = entry(fault, message, fix, retryable === true);
  }
  return out;
}

export const catalogue = {
  auth_missing_bearer: entry('MERCHANT', 'No bearer token was sent.', 'Send `Authorization: Bearer <secret key>`.'),
  auth_missing_bearer_publishable: entry('MERCHANT', 'No publishable key was sent.', 'Send `Authorization: Bearer <publishable key>`.'),
  auth_invalid_key: entry('MERCHANT', 'The API key is malformed or unknown.', 'Check that the key is copied whole and belongs to this environment.'),
  auth_invalid_key_publishable: entry('MERCHANT', 'The publishable key is malformed or unknown.', 'Most often the key is for another host or mode; check the environment before rotating.'),
  auth_key_expired: entry('MERCHANT', 'The API key was rotated and its grace window has passed.', 'Use the newest secret key.'),
  auth_key_expired_publishable: entry('MERCHANT', 'The publishable key was rotated and its grace window has passed.', 'Redeploy the page with the newest publishable key.'),
  auth_key_type_forbidden: entry('MERCHANT', 'This key type or mode may not call this endpoint.', 'Use a secret key on server routes, a publishable key on /v1/public routes, and keys of the same mode as the object.'),
  auth_merchant_inactive: entry('MERCHANT', 'The merchant account is disabled.', 'Contact support to re-activate the account.'),
  // Doc 1, Authentication: the store that holds the keys did not answer; nothing was done.
  auth_service_unavailable: entry('INTERNAL', 'The API key could not be checked: the authentication service is unavailable; nothing was done.', 'Retry after Retry-After seconds with exponential backoff; the key itself is not at fault.', true, 'retry_after'),
  merchant_not_onboarded: entry('MERCHANT', 'Live keys need the merchant onboarding review to be complete.', 'Finish onboarding before creating live keys.'),
  live_keys_need_processor: entry('MERCHANT', 'Live keys need a connected payment processor.', 'Connect a processor before creating live keys.'),
  session_not_found: entry('MERCHANT', 'No such checkout session.', 'Check the session id and that the key is of the same merchant and mode.'),
  checkout_address_not_found: entry('BUYER', 'This checkout address is not serving a checkout.', 'Use `checkoutUrl` exactly as returned.'),
  session_expired: entry('BUYER', 'The checkout session has expired.', 'Create a new session.', false, 'create_new_session'),
  session_already_completed: entry('BUYER', 'The checkout session is already paid.', 'Do not retry and do not create a new session; read the session.', false, 'read_session'),
  session_wrong_state: entry('MERCHANT', 'The session is in the wrong state for this operation.', 'Read `status` and `paymentStatus` first.', false, 'read_session'),
  charge_in_progress: entry('MERCHANT', 'A charge for this session is already running or done.', 'Do not retry and do not mint a new key; read the session status.', false, 'read_session'),
  expected_amount_mismatch: entry('BUYER', 'The session total differs from the approved total; the buyer was not charged.', 'Show the buyer the new total and submit again.'),
  // Doc 1, Idempotency 6: the reservation taken before any processor call could not be written.
  charge_reservation_unavailable: entry('INTERNAL', 'The charge could not be reserved; nothing reached the payment provider.', 'Retry shortly with the same Idempotency-Key.', true, 'retry_after'),
  charge_already_in_flight: entry('MERCHANT', 'A request with this Idempotency-Key is still running.', 'Retry with the same Idempotency-Key after retryAfterSeconds.', true, 'retry_after'),
  session_not_expirable: entry('MERCHANT', 'The session cannot be expired now.', 'Read `reason`: after `recent_activity` call again in retryAfterSeconds; otherwise a payment may exist, so do not take payment another way.', false, 'read_session'),
  session_not_modifiable: entry('MERCHANT', 'The session total cannot be changed.', 'Read `reason`; for a fixed-total session create a new one.', false, 'read_session'),
  currency_not_supported: entry('MERCHANT', 'This currency is not accepted for new payments; nothing was created.', 'Send an ISO 4217 currency code such as usd or eur.'),
  rate_limit_exceeded: entry('MERCHANT', 'Too many requests from this address for this route.', 'Wait Retry-After seconds, then retry with jittered exponential backoff.', true, 'retry_after'),
  rate_limit_exceeded_per_key: entry('MERCHANT', 'Too many requests with this API key.', 'Wait Retry-After seconds, then retry with jittered exponential backoff; ask support to raise the per-key ceiling.', true, 'retry_after'),
  rate_limit_service_unavailable: entry('INTERNAL', 'The rate limiter could not be reached; no limit was exceeded and nothing was done.', 'Retry after Retry-After seconds with backoff.', true, 'retry_after'),
  charge_at_submit_not_enabled: entry('MERCHANT', 'This session cannot charge at submit.', 'Vault the card and charge it from your server.'),
  validation_error: entry('MERCHANT', 'The request is not valid.', 'Correct the fields named in the message.'),
  validation_missing_field: entry('MERCHANT', 'A required field is missing.', 'Send the field named in the message.'),
  validation_invalid_amount: entry('MERCHANT', 'The amount must be a positive integer in minor units, at most 99,999,999.', 'Send the amount in minor units (1000 = 10.00).'),
  validation_unknown_field: entry('MERCHANT', 'The request has a field this call does not accept.', 'Remove the field or fix its casing; unknown fields are refused, never ignored.'),
  validation_url_scheme_forbidden: entry('MERCHANT', 'This URL is not allowed in this mode.', 'Use an https URL on a public host; localhost is allowed in test mode only.'),
  binder_unavailable: entry('MERCHANT', 'No payment provider is configured for this account.', 'Connect a payment provider; a test key does not avoid this.'),
  wallet_domain_not_found: entry('MERCHANT', 'No such wallet domain: unregistered or removed.', 'Check the id and that the key is of the same merchant and mode; register the domain again if it was removed.'),
  wallet_domain_invalid: entry('MERCHANT', 'The domain or wallet_type is not valid.', 'Send a bare hostname such as `shop.example.com` (no scheme, path, port or IP address; punycode for international names) and wallet_type `apple_pay` or `google_pay`.'),
  wallet_domain_wrong_type: entry('MERCHANT', 'Only Apple Pay registrations have a verification file.', 'Download the file from an `apple_pay` registration; Google Pay needs none.'),
  wallet_domain_no_binder: entry('MERCHANT', 'No wallet-capable payment provider is connected to this account.', 'Connect a payment provider, then register the domain.'),
  wallet_domain_rate_limited: entry('MERCHANT', 'This domain was verified less than 30 seconds ago.', 'Wait retryAfterSeconds, then call verify again.', true, 'retry_after'),
  // docs/merchant.md, Wallets: a registered domain whose verification has not succeeded cannot open a sheet.
  wallet_domain_not_verified: entry('MERCHANT', 'This wallet domain is registered but not verified.', 'Host the verification file (Apple Pay), call POST /v1/wallet-domains/{id}/verify, and try again once its status is `verified`.'),
  wallet_domain_provider_unavailable: entry('NETWORK', 'The domain-registration provider could not be reached.', 'Retry with backoff.', true),
  buyer_not_found: entry('MERCHANT', 'No such buyer.', 'Check the id and that the key is of the same merchant and mode; find a buyer by reference with `GET /v1/buyers?external_id=`.'),
  buyer_email_conflict: entry('MERCHANT', 'This email belongs to another buyer with a different reference; nothing changed.', "Do not retry unchanged: use that buyer's `external_id`, or change or erase the email on the other buyer first."),
  unsupported_media_type: entry('MERCHANT', 'The request body must be JSON.', 'Send `Content-Type: application/json`.'),
  payload_too_large: entry('MERCHANT', 'The request body is too large.', 'Send a smaller body.'),
  idempotency_replay_incompatible: entry('MERCHANT', 'This Idempotency-Key was used with a different request body.', 'Reuse a key only for the identical request; use a new key for a different one.'),
  origin_forbidden: entry('MERCHANT', 'This endpoint is only callable from the checkout page.', 'Do not call internal checkout endpoints from your own code.'),
  transaction_verification_failed: entry('BUYER', 'The transaction could not be verified with the payment provider.', 'Start the payment again from the checkout page.'),
  // Doc 1: `POST /v1/public/sessions/{id}/complete` "returns 503 feature_unavailable when switched off".
  feature_unavailable: entry('MERCHANT', 'This endpoint is switched off for the account.', 'Confirm the payment by webhook; the browser outcome is a UX signal only.', false, 'wait_for_webhook'),
  provider_unavailable: entry('NETWORK', 'The payment provider is not responding.', 'Retry shortly with the same Idempotency-Key.', true),
  // Document 2: payments, tokens and refunds.
  // Doc 2: buyer details the session requires were not given; carries `missing_fields` and `invalid_fields`.
  required_fields_missing: entry('BUYER', 'Buyer details this checkout requires are missing or not valid; the buyer was not charged by this request.', 'Send the fields named in `missing_fields` and correct those in `invalid_fields`.'),
  payment_method_required: entry('MERCHANT', 'This charge needs a vaulted payment method.', 'Vault the card with POST /v1/tokens, then send `payment_method.id`.'),
  payment_method_not_found: entry('MERCHANT', 'No such payment method.', 'Check the id, the key’s merchant and mode; a single-use card is spent after its first approved charge, and after 24 hours when saved without a buyer.'),
  payment_method_inactive: entry('MERCHANT', 'The payment method was revoked.', 'Collect the card again; a revoked card cannot be restored.'),
  payment_method_mode_mismatch: entry('MERCHANT', 'The payment method belongs to the other mode.', 'Use a test card with a test key and a live card with a live key.'),
  payment_method_consent_missing: entry('MERCHANT', 'The card was saved without off-session consent.', 'Consent is recorded once, when the card is saved: the buyer must present the card again with `setup_for_future_use: off_session`.'),
  buyer_required_for_saved_card: entry(
    'MERCHANT',
    "The session's payment provider saves the card as part of the charge and needs a buyer; nothing was charged.",
    'The buyer cannot be added to this session: create a new session with `buyerId` (or without `setupForFutureUse`).',
  ),
  saved_card_buyer_required: entry('MERCHANT', 'Saving a card for later use needs a buyer.', 'Send `buyer_id` (or a nested `buyer`), or omit `setup_for_future_use`.'),
  invalid_transition: entry('MERCHANT', 'The payment intent’s status does not allow this operation.', 'Read the intent; after capture use a refund, not a void.', false, 'read_payment_intent'),
  capture_amount_exceeds_authorized: entry('MERCHANT', 'The capture amount is above the authorized amount.', 'Capture at most `authorized_amount`.'),
  payment_outcome_unknown: entry('NETWORK', 'The processor was reached but the outcome could not be recorded.', 'Do not retry; read the payment intent, which is settled from the processor’s record.', false, 'read_payment_intent'),
  provider_request_rejected: entry('MERCHANT', 'The payment provider refused the request before charging.', 'Read `reason` and fix the request; nothing was charged.'),
  capability_not_supported: entry('MERCHANT', 'This account’s payment provider does not support this field.', 'Remove the field, or use a connection that supports it; nothing was charged.'),
  endpoint_not_implemented: entry('MERCHANT', 'This merchant’s payment provider does not offer this operation.', 'Read GET /v1/capabilities and branch on it before optional operations; nothing was created or charged.'),
  refund_intent_not_refundable: entry('MERCHANT', 'This payment cannot be refunded.', 'Read `current_status`: only a succeeded payment without a dispute can be refunded.'),
  refund_amount_exceeds_remaining: entry('MERCHANT', 'The refund amount is above what remains refundable.', 'Refund at most `remaining_refundable`, or omit `amount` for the full remainder.'),
  refund_before_settlement: entry('MERCHANT', 'The payment has not settled yet; nothing moved.', 'Retry the same request (same Idempotency-Key) later.', true, 'retry_later'),
  refund_currency_mismatch: entry('MERCHANT', 'The refund currency differs from the payment’s.', 'Drop `currency` or send the payment’s currency.'),
  refund_declined: entry('MERCHANT', 'The provider declined the refund; no money moved.', 'If the payment is disputed do not retry or refund another way; otherwise fix the cause and refund under a new key.'),
  refund_target_not_refundable: entry('MERCHANT', 'This transaction cannot be refunded through the API.', 'Contact support before refunding another way.'),
  refund_not_found: entry('MERCHANT', 'No such payment or transaction to refund.', 'Check the id, and that the key is of the same merchant and mode.'),
  payment_intent_not_found: entry('MERCHANT', 'No such payment intent.', 'Check the id, and that the key is of the same merchant and mode.'),
  sandbox_account_required: entry('MERCHANT', 'Sandbox card references work only on sandbox (test) accounts.', 'Use a test key, or a reference from your live provider vault.'),
  webhook_subscription_not_found: entry('MERCHANT', 'No such webhook subscription.', 'Check the id, and that the key is of the same merchant and mode.'),
  webhook_subscription_conflict: entry('MERCHANT', 'A subscription for this URL already exists.', 'Update the existing subscription (PATCH) instead of creating another one.'),
  webhook_subscription_url_immutable: entry('MERCHANT', 'A subscription’s url cannot change.', 'Delete the subscription and create one for the new URL.'),
  webhook_event_not_found: entry('MERCHANT', 'No such webhook event.', 'Check the event id, and that the key is of the same merchant and mode.'),
  webhook_test_delivery_failed: entry('NETWORK', 'The test event could not be delivered to the subscription’s URL.', 'Check that the endpoint is reachable from the internet, answers within 10 seconds, and is not on a private network.', true),
  webhook_missing_signature: entry('NETWORK', 'The provider webhook carries no x-svc-signature header.', 'Sign `<t>.<raw body>` with HMAC-SHA256 and the gateway secret and send it as `x-svc-signature: t=…,v1=…`.'),
  webhook_invalid_signature: entry('NETWORK', 'The provider webhook signature is wrong or its t is more than 300 seconds from now.', 'Sign `<t>.<raw body>` with HMAC-SHA256 and the gateway secret; `t` within 300 seconds of now.'),
  webhook_not_configured: entry('INTERNAL', 'No webhook secret is configured for this gateway.', 'Check the gateway id in the provider dashboard’s webhook URL.'),
  route_not_found: entry('MERCHANT', 'No such endpoint.', 'Check the method and path against the API reference.'),
  method_not_allowed: entry('MERCHANT', 'This method is not allowed on this path.', 'Check the method against the API reference.'),
  service_unavailable: entry('INTERNAL', 'The service is temporarily unavailable.', 'Retry with backoff.', true),
  internal_error: entry('INTERNAL', 'Something went wrong on our side.', 'Retry with the same Idempotency-Key; contact support with the request id if it persists.', true),
  ...mirrorEntries(),
} satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof catalogue;

/** What a failure may add to its envelope: the fields the contract lists, and a better `fix` or `selfHeal`. */
export type EnvelopeExtra = ErrorExtras & { fix?: string; selfHeal?: { retryable?: boolean; nextAction?: string } };

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    /**
     * Extra top-level envelope fields the spec names for some codes (e.g. `reason`), a `fix` or a
     * `selfHeal` that says better than the catalogue: no field the contract does not describe.
     */
    readonly extra: EnvelopeExtra = {},
  ) {
    super(message ?? catalogue[code].message);
  }
  /**
   * Tells the caller when to come back: the edge turns `retryAfterSeconds` into `Retry-After`, a
   * top-level `retryAfterSeconds` and `selfHeal.actions[].retryAfterSeconds` (Doc 1, Errors and
   * Rate limits), one value for all three.
   */
  retryAfter(seconds: number): this {
    this.extra.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }
}
