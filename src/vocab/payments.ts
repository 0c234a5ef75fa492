/** Payment vocabulary (Doc 2, "Payment intent"; Doc 3, public charge endpoint). */
export const paymentIntentStatuses = ['requires_action', 'authorized', 'captured', 'succeeded', 'voided', 'failed'] as const;
export type PaymentIntentStatus = (typeof paymentIntentStatuses)[number];

/** `POST /v1/public/sessions/{id}/charge` answers one of these (Doc 3, public endpoints). */
export const publicChargeStatuses = ['succeeded', 'failed', 'requires_action', 'processing'] as const;
export type PublicChargeStatus = (typeof publicChargeStatuses)[number];

/** What `confirmPayment()` resolves with in the merchant's page. */
export const confirmStatuses = ['succeeded', 'processing', 'failed'] as const;
export type ConfirmStatus = (typeof confirmStatuses)[number];
