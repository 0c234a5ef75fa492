/**
 * Session vocabulary (Doc 1, "Checkout session"). Each list is written here once; zod enums,
 * TypeScript unions and the OpenAPI document derive from it (STYLE.md, Naming).
 */
export const sessionStatuses = ['pending', 'processing', 'succeeded', 'failed', 'expired'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/** The status a session had when it expired (Doc 1: `expiredFrom`). */
export const expiredFromStatuses = ['pending', 'processing', 'failed'] as const;
export type ExpiredFrom = (typeof expiredFromStatuses)[number];

/**
 * `last_payment_error.code` (Doc 1): `card_declined` when the card was refused; `payment_failed`
 * when the attempt failed without a decline (the processor approved another amount than asked).
 */
export const paymentErrorCodes = ['card_declined', 'payment_failed'] as const;
export type PaymentErrorCode = (typeof paymentErrorCodes)[number];

export const paymentStatuses = ['unpaid', 'held', 'paid', 'cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const sessionModes = ['payment', 'setup'] as const;
export type SessionMode = (typeof sessionModes)[number];

export const captureMethods = ['automatic', 'manual'] as const;
export type CaptureMethod = (typeof captureMethods)[number];

export const integrationModes = ['embed', 'elements'] as const;
export type IntegrationMode = (typeof integrationModes)[number];

/** `shipping`, `billingAddress`, `phone`, `nameCollection`. */
export const collectionModes = ['none', 'auto', 'required'] as const;
export type CollectionMode = (typeof collectionModes)[number];

/** `emailCollection`: email cannot be switched off. */
export const emailCollectionModes = ['auto', 'required'] as const;
export type EmailCollectionMode = (typeof emailCollectionModes)[number];

export const storedCredentialUses = ['recurring', 'installment', 'unscheduled'] as const;
export type StoredCredentialUse = (typeof storedCredentialUses)[number];
