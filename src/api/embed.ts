/**
 * Wire shapes of the embedded checkout's public endpoints (Doc 1, Public endpoints):
 * `GET /v1/public/sessions/{id}/embed-token` and `POST /v1/public/sessions/{id}/complete`.
 * Documents 1 and 3 leave both bodies open; the choices are recorded in docs/merchant.md, "Embedded checkout".
 * The browser validates them with the zod/mini mirrors in src/client/schemas/embed.ts.
 */
import { z } from 'zod';
import { embedWaitReasons } from '../vocab/embed.ts';
import { sessionStatuses } from '../vocab/sessions.ts';
import { BuyerFacingError, InitResponse, NextAction } from './checkout.ts';

/** Not ready yet: poll again after at least `retryAfterMs`. Nothing changed on the session. */
export const EmbedTokenWaiting = z.object({
  ready: z.literal(false),
  reason: z.enum(embedWaitReasons),
  retryAfterMs: z.number().int().min(0),
});

/** Ready: exactly what `POST /api/checkout/init` answers, so the fields mount as the hosted page mounts them. */
export const EmbedTokenReady = InitResponse.extend({ ready: z.literal(true) });

export const EmbedTokenResponse = z.union([EmbedTokenReady, EmbedTokenWaiting]);
export type EmbedTokenResponse = z.infer<typeof EmbedTokenResponse>;

/** One complete route for both flows: its request is defined with the charge's (checkout.ts). */
export { PublicCompleteRequest } from './checkout.ts';

/** A UX signal (Doc 1): the merchant confirms by webhook before fulfilment. */
export const PublicCompleteResponse = z.object({
  status: z.enum(sessionStatuses),
  sessionId: z.string(),
  transactionId: z.string(),
  paymentIntentId: z.string().nullable(),
  error: BuyerFacingError.optional(),
  /**
   * Present while the buyer's bank holds a charge the service made at complete (`agent_hosted_fields`):
   * show `redirect_to_url.url`, then complete again (`cancel: true` if the buyer closed it).
   */
  next_action: NextAction.optional(),
});
export type PublicCompleteResponse = z.infer<typeof PublicCompleteResponse>;
