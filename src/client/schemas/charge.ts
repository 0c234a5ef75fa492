/** What the controller frame reads of the public charge, complete and tokens endpoints (see ../schemas.ts). */
import * as z from 'zod/mini';
import { intIn } from '../../protocol/primitives.ts';
import { publicChargeStatuses } from '../../vocab/payments.ts';
import { BuyerFacingError, NextAction, Retry } from './shared.ts';

/** The card part of a charge body. The controller checks a merged card against it before sending. */
export const ChargeCard = z.strictObject({
  number: z.string().check(z.regex(/^\d{12,19}$/)),
  expMonth: intIn(1, 12),
  expYear: intIn(2000, 2100),
  cvc: z.string().check(z.regex(/^\d{3,4}$/)),
  postalCode: z.optional(z.string().check(z.maxLength(16))),
});
export type ChargeCard = z.infer<typeof ChargeCard>;

export const PublicChargeResponse = z.object({
  status: z.enum(publicChargeStatuses),
  sessionId: z.string(),
  paymentIntentId: z.optional(z.string()),
  error: z.optional(BuyerFacingError),
  retry: z.optional(z.nullable(Retry)),
  next_action: z.optional(NextAction),
});
export type PublicChargeResponse = z.infer<typeof PublicChargeResponse>;

/** `POST /v1/public/tokens` answers the token and what may be shown of its card (Doc 3). */
export const PublicToken = z.object({
  id: z.string(),
  card: z.object({
    brand: z.nullable(z.string()),
    last4: z.nullable(z.string()),
    exp_month: z.nullable(intIn()),
    exp_year: z.nullable(intIn()),
  }),
});
export type PublicToken = z.infer<typeof PublicToken>;
