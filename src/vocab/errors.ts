/**
 * The fields an error envelope may carry beside `error`, `code`, `fix`, `docs` and `selfHeal`
 * (Doc 1, Errors; Doc 2 names them per code). One list: a `DomainError` can send no other field,
 * and the published contract's `ErrorEnvelope` (src/api/errors.ts) describes each of them.
 */
export interface ErrorExtras {
  /** With `Retry-After` and `selfHeal.actions[].retryAfterSeconds`: when to come back. */
  retryAfterSeconds?: number;
  /** The processor's own reason for refusing a request (`provider_request_rejected`). */
  reason?: string;
  /** The request field the failure is about. */
  field?: string;
  /** The operation a processor does not support (`capability_not_supported`). */
  operation?: string;
  missing_fields?: string[];
  invalid_fields?: string[];
  currency?: string;
  payment_intent?: string | null;
  current_status?: string;
  remaining_refundable?: number;
  authorized_amount?: number;
  derived_amount?: number;
  charge_amount?: number;
  order_currency?: string;
  order_total?: number;
  voucher_amount?: number;
  original_payment_intent_id?: string | null;
  refund?: string;
  transaction?: string | null;
  retry_available?: boolean | null;
}
