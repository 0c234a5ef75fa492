/**
 * The flat error envelope every failure carries (Doc 1, Errors), with every extra field a code can
 * add (src/vocab/errors.ts lists them; the `satisfies` below fails to compile when the two differ),
 * so the published contract describes each field an error really sends.
 */
import { z } from 'zod';
import type { ErrorExtras } from '../vocab/errors.ts';

const int = () => z.number().int();
const extras = {
  retryAfterSeconds: int().min(1),
  reason: z.string(),
  field: z.string(),
  operation: z.string(),
  missing_fields: z.array(z.string()),
  invalid_fields: z.array(z.string()),
  currency: z.string(),
  payment_intent: z.string().nullable(),
  current_status: z.string(),
  remaining_refundable: int(),
  authorized_amount: int(),
  derived_amount: int(),
  charge_amount: int(),
  order_currency: z.string(),
  order_total: int(),
  voucher_amount: int(),
  original_payment_intent_id: z.string().nullable(),
  refund: z.string(),
  transaction: z.string().nullable(),
  retry_available: z.boolean().nullable(),
} satisfies { [K in keyof ErrorExtras]-?: z.ZodType<Exclude<ErrorExtras[K], undefined>> };

/** What the browser reads of every failure (src/client/schemas mirrors it). */
export const ErrorEnvelopeBase = z.object({
  error: z.string(),
  code: z.string(),
  fix: z.string(),
  docs: z.string(),
  selfHeal: z.object({
    retryable: z.boolean(),
    nextAction: z.string(),
    llmHint: z.string(),
    actions: z.array(z.object({ retryAfterSeconds: z.number() })).optional(),
  }),
  /** `required_fields_missing` (Doc 2): the buyer details left out and those not valid (`name`, `email`, `phone`, `shipping_address`, `billing_address`). */
  missing_fields: extras.missing_fields.optional(),
  invalid_fields: extras.invalid_fields.optional(),
});
export type ErrorEnvelopeBase = z.infer<typeof ErrorEnvelopeBase>;

/** Every failure as the service sends it: the base, the typed retry action and each extra field. */
export const ErrorEnvelope = ErrorEnvelopeBase.extend({
  selfHeal: ErrorEnvelopeBase.shape.selfHeal.extend({
    actions: z.array(z.object({ type: z.literal('retry_after'), retryAfterSeconds: int().min(1) })).optional(),
  }),
  ...z.object(extras).partial().shape,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
