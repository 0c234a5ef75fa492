/** Wire shape of `GET /v1/capabilities` (Doc 1, Capability matrix). snake_case. */
import { z } from 'zod';

export const voidAfterCaptureValues = ['supported', 'rerouted_to_refund', 'not_supported'] as const;
export const disputeReportingValues = ['tracked', 'not_tracked'] as const;

export const SupportedOperations = z.strictObject({
  auth_capture_separation: z.boolean().describe('`capture_method: manual` then capture'),
  partial_capture: z.boolean().describe('capture less than authorized'),
  partial_refund: z.boolean().describe('refund with `amount` below captured'),
  unreferenced_refund: z.boolean().describe('refund without an original charge'),
  void_after_capture: z.enum(voidAfterCaptureValues).describe('every processor returns `not_supported`; reverse a captured payment with a refund'),
  mit: z.boolean().describe('merchant-initiated transactions'),
  network_tokens: z.boolean(),
  three_d_secure_2: z.boolean(),
  ach: z.boolean(),
  payouts_api: z.boolean(),
  dispute_reporting: z.enum(disputeReportingValues).describe('`tracked`: `dispute.*` events are emitted; `not_tracked`: nothing in the API reveals a dispute'),
});

export const Capabilities = z.strictObject({
  supported_operations: SupportedOperations,
  settlement_currencies: z.array(z.string().regex(/^[A-Z]{3}$/)).describe('ISO 4217 codes'),
  rate_limits: z.strictObject({
    payment_intents_per_minute: z.number().int().positive().describe('per-minute ceiling per secret key shared by the payment routes'),
  }),
});
export type Capabilities = z.infer<typeof Capabilities>;
