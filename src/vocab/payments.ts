/** Payment vocabulary (Doc 2, "Payment intent"; Doc 3, public charge endpoint). */
export const paymentIntentStatuses = ['requires_action', 'authorized', 'captured', 'succeeded', 'voided', 'failed'] as const;
export type PaymentIntentStatus = (typeof paymentIntentStatuses)[number];

/** `POST /v1/public/sessions/{id}/charge` answers one of these (Doc 3, public endpoints). */
export const publicChargeStatuses = ['succeeded', 'failed', 'requires_action', 'processing'] as const;
export type PublicChargeStatus = (typeof publicChargeStatuses)[number];

/** What `confirmPayment()` resolves with in the merchant's page. */
export const confirmStatuses = ['succeeded', 'processing', 'failed'] as const;
export type ConfirmStatus = (typeof confirmStatuses)[number];

/** Refunds (Doc 2, "Refund"): a row per request, whatever became of it. */
export const refundStatuses = ['requested', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof refundStatuses)[number];
export const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'expired_uncaptured_charge'] as const;
export type RefundReason = (typeof refundReasons)[number];
/** `refund.failed` `reason_code` (Doc 2, Events). */
export const refundFailureReasons = ['refund_declined', 'refund_unresolved'] as const;
