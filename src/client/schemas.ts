/**
 * zod/mini mirrors of the wire shapes the browser validates (src/api/checkout.ts,
 * src/api/processor.ts). The server keeps the classic schemas (its OpenAPI generator needs them);
 * browser code imports these instead, because classic zod does not tree-shake and alone would
 * exceed a frame page's 25 KB budget. schemas.test.ts runs valid and invalid samples through
 * both sides and checks the inferred types are equal, so a change to one that misses the other
 * fails the suite.
 *
 * Issue messages here are zod/mini's generic ones: nothing shown to a buyer comes from them.
 */
import * as z from 'zod/mini';

const sessionStatus = ['pending', 'processing', 'succeeded', 'failed', 'expired'] as const;
/** A non-negative integer (safe range, as classic `.int().min(0)`). */
const count = () => z.int().check(z.minimum(0));

export const InitResponse = z.object({
  type: z.enum(['card_element', 'hosted_fields', 'vault_hosted_fields', 'agent_hosted_fields', 'sandbox']),
  token: z.string(),
  environment: z.enum(['sandbox', 'production']),
  fieldsUrl: z.optional(z.string()),
  publishableKey: z.optional(z.string()),
  accountId: z.optional(z.string()),
  gatewayInstanceId: z.optional(z.string()),
  merchantAccountId: z.optional(z.string()),
  chargeEndpoint: z.optional(z.string()),
  applicationFeeCents: z.optional(count()),
});
export type InitResponse = z.infer<typeof InitResponse>;

export const BuyerFacingError = z.object({
  code: z.string(),
  decline_code: z.nullable(z.string()),
  message: z.string(),
});
export type BuyerFacingError = z.infer<typeof BuyerFacingError>;

export const Retry = z.object({ allowed: z.boolean(), attempts_remaining: count() });

export const CompleteResponse = z.object({
  status: z.enum(sessionStatus),
  sessionId: z.string(),
  transactionId: z.string(),
  redirectUrl: z.nullable(z.string()),
  error: z.optional(BuyerFacingError),
});
export type CompleteResponse = z.infer<typeof CompleteResponse>;

/** `POST /api/checkout/client-error` answers `{ ok }` (its own shape, not the error envelope). */
export const ClientErrorResponse = z.object({ ok: z.boolean() });
export type ClientErrorResponse = z.infer<typeof ClientErrorResponse>;

export const PublicSession = z.object({
  id: z.string(),
  status: z.enum(sessionStatus),
  amount: z.int(),
  currency: z.string(),
  description: z.nullable(z.string()),
  locale: z.nullable(z.string()),
  mode: z.enum(['payment', 'setup']),
  integrationMode: z.enum(['embed', 'elements']),
  chargeAtSubmit: z.boolean(),
  livemode: z.boolean(),
  merchantName: z.string(),
  lineItems: z.array(z.object({ name: z.string(), quantity: z.int(), unitAmount: z.int() })),
  cancelUrl: z.nullable(z.string()),
  expiresAt: z.string(),
  retry: z.nullable(Retry),
});
export type PublicSession = z.infer<typeof PublicSession>;

/** The card part of a charge body. The controller checks a merged card against it before sending. */
export const ChargeCard = z.strictObject({
  number: z.string().check(z.regex(/^\d{12,19}$/)),
  expMonth: z.int().check(z.minimum(1), z.maximum(12)),
  expYear: z.int().check(z.minimum(2000), z.maximum(2100)),
  cvc: z.string().check(z.regex(/^\d{3,4}$/)),
  postalCode: z.optional(z.string().check(z.maxLength(16))),
});
export type ChargeCard = z.infer<typeof ChargeCard>;

export const PublicChargeResponse = z.object({
  status: z.enum(['succeeded', 'failed', 'requires_action', 'processing']),
  sessionId: z.string(),
  paymentIntentId: z.optional(z.string()),
  error: z.optional(BuyerFacingError),
  retry: z.optional(z.nullable(Retry)),
  next_action: z.optional(z.object({ type: z.string(), redirect_to_url: z.object({ url: z.string() }) })),
});
export type PublicChargeResponse = z.infer<typeof PublicChargeResponse>;

/** The flat error envelope every failure carries (Doc 1, Errors). */
export const ErrorEnvelope = z.object({
  error: z.string(),
  code: z.string(),
  fix: z.string(),
  docs: z.string(),
  selfHeal: z.object({
    retryable: z.boolean(),
    nextAction: z.string(),
    llmHint: z.string(),
    actions: z.optional(z.array(z.object({ retryAfterSeconds: z.number() }))),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The sandbox processor's `POST /v1/charges` answer, as its fields page reads it. */
export const ProcessorChargeResponse = z.object({
  transactionId: z.string(),
  status: z.enum(['approved', 'declined']),
  declineCode: z.optional(z.string()),
  brand: z.string(),
  last4: z.string(),
});
export type ProcessorChargeResponse = z.infer<typeof ProcessorChargeResponse>;
