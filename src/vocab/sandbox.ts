/**
 * The sandbox processor's own vocabulary (Doc 3, "The sandbox processor"). Apart from
 * ./payments.ts because only its fields page reads it in a browser: a module shared with the
 * frames would put these words in the chunk every frame downloads.
 */
/** A transaction at the sandbox processor, as its server API reports it (Doc 3, the test-card table). */
export const processorTransactionStatuses = ['approved', 'declined', 'requires_action'] as const;
export type ProcessorTransactionStatus = (typeof processorTransactionStatuses)[number];

/**
 * Capture state of a sandbox transaction: none, pending (captured, settling), settled, voided, or
 * failed (the settlement of a capture was rejected: nothing moved; `capture.failed`).
 */
export const processorCaptureStates = ['none', 'pending', 'settled', 'voided', 'failed'] as const;

export const processorRefundStatuses = ['succeeded', 'pending', 'failed'] as const;

/** Events the processor sends the service's `/api/webhooks/sandbox`. */
export const providerEventTypes = [
  'transaction.updated',
  'capture.settled',
  'capture.failed',
  'refund.succeeded',
  'refund.failed',
  'dispute.created',
  'dispute.won',
  'dispute.lost',
] as const;
export type ProviderEventType = (typeof providerEventTypes)[number];

/** Events a test may ask the processor to send on demand (Doc 3, `POST /_sandbox/provider_events`). */
export const emittableEventTypes = ['dispute.created', 'dispute.won', 'dispute.lost', 'refund.succeeded', 'refund.failed', 'capture.settled', 'capture.failed'] as const;
export type EmittableEventType = (typeof emittableEventTypes)[number];

/**
 * The processor calls a fault can be armed on (Doc 3, "Faults and the processor's ledger"):
 * `charge` is every server charge (intent create, charge at submit, wallets, vaulted cards),
 * `browser_charge` the processor's own fields page paying, `any` every call the service makes.
 */
export const faultOperations = ['charge', 'capture', 'void', 'refund', 'lookup', 'vault', 'browser_charge', 'any'] as const;
export type FaultOperation = (typeof faultOperations)[number];

/**
 * `down`: refused before acting; `lose_answer`: acted, the answer lost; `hold`: kept at the door
 * until released (a late arrival); `slow`: acted at once, answered after `delayMs`.
 */
export const faultKinds = ['down', 'lose_answer', 'hold', 'slow'] as const;
export type FaultKind = (typeof faultKinds)[number];

/** A transaction in the processor's ledger (`GET /_sandbox/processor/transactions`). */
export const ledgerStatuses = ['authorized', 'captured', 'voided', 'declined', 'failed', 'requires_action'] as const;
export type LedgerStatus = (typeof ledgerStatuses)[number];
