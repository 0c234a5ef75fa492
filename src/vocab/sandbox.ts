/**
 * The sandbox processor's own vocabulary (Doc 3, "The sandbox processor"). Apart from
 * ./payments.ts because only its fields page reads it in a browser: a module shared with the
 * frames would put these words in the chunk every frame downloads.
 */
export const processorChargeStatuses = ['approved', 'declined'] as const;
export type ProcessorChargeStatus = (typeof processorChargeStatuses)[number];
