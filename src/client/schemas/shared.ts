/** Wire shapes more than one page reads (see ../schemas.ts). */
import * as z from 'zod/mini';
import { bool, intIn } from '../../protocol/primitives.ts';

/** A non-negative integer (safe range, as classic `.int().min(0)`; see protocol/primitives.ts). */
export const count = () => intIn(0);

/** The flat error envelope every failure carries (Doc 1, Errors). */
export const ErrorEnvelope = z.object({
  error: z.string(),
  code: z.string(),
  fix: z.string(),
  docs: z.string(),
  selfHeal: z.object({
    retryable: bool(),
    nextAction: z.string(),
    llmHint: z.string(),
    actions: z.optional(z.array(z.object({ retryAfterSeconds: z.number() }))),
  }),
  missing_fields: z.optional(z.array(z.string())),
  invalid_fields: z.optional(z.array(z.string())),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const BuyerFacingError = z.object({
  code: z.string(),
  decline_code: z.nullable(z.string()),
  message: z.string(),
});
export type BuyerFacingError = z.infer<typeof BuyerFacingError>;

export const Retry = z.object({ allowed: bool(), attempts_remaining: count() });

/** `POST /api/checkout/client-error` answers `{ ok }` (its own shape, not the error envelope). */
export const ClientErrorResponse = z.object({ ok: bool() });
export type ClientErrorResponse = z.infer<typeof ClientErrorResponse>;

/** A bank check to show (3-D Secure): the page at `redirect_to_url.url`; complete again once it ends. */
export const NextAction = z.object({ type: z.string(), redirect_to_url: z.object({ url: z.string() }) });
