/** What the embedded checkout frame reads of embed-token and the public complete (see ../schemas.ts). */
import * as z from 'zod/mini';
import { intIn } from '../../protocol/primitives.ts';
import { embedWaitReasons } from '../../vocab/embed.ts';
import { sessionStatuses } from '../../vocab/sessions.ts';
import { InitResponse } from './checkout.ts';
import { BuyerFacingError, NextAction } from './shared.ts';

export const EmbedTokenResponse = z.union([
  z.extend(InitResponse, { ready: z.literal(true) }),
  z.object({ ready: z.literal(false), reason: z.enum(embedWaitReasons), retryAfterMs: intIn(0) }),
]);
export type EmbedTokenResponse = z.infer<typeof EmbedTokenResponse>;

export const PublicCompleteResponse = z.object({
  status: z.enum(sessionStatuses),
  sessionId: z.string(),
  transactionId: z.string(),
  paymentIntentId: z.nullable(z.string()),
  error: z.optional(BuyerFacingError),
  next_action: z.optional(NextAction),
});
export type PublicCompleteResponse = z.infer<typeof PublicCompleteResponse>;
