/**
 * The sandbox processor's own HTTP API (its origin, default http://127.0.0.1:4243), as its
 * fields page calls it. A real provider's browser SDK plays this part for other processors.
 * The fields page validates the response with the zod/mini mirror in src/client/schemas.ts.
 */
import { z } from 'zod';
import { processorTransactionStatuses } from '../vocab/sandbox.ts';
import { ChargeCard } from './checkout.ts';

export const ProcessorChargeRequest = z.strictObject({ token: z.string().min(1).max(200), card: ChargeCard });
export type ProcessorChargeRequest = z.infer<typeof ProcessorChargeRequest>;

/** The fields page's answer to the bank check it shows (`POST /v1/charges/{id}/challenge`), with the form's token. */
export const ProcessorChallengeRequest = z.strictObject({ token: z.string().min(1).max(200), result: z.enum(['approve', 'fail']) });
export type ProcessorChallengeRequest = z.infer<typeof ProcessorChallengeRequest>;

/**
 * `requires_action`: the buyer's bank wants them (a token issued with a `returnUrl`); the host page
 * learns where from the service, which asks the processor (`complete` answers `next_action`).
 */
export const ProcessorChargeResponse = z.object({
  transactionId: z.string(),
  status: z.enum(processorTransactionStatuses),
  declineCode: z.string().optional(),
  brand: z.string(),
  last4: z.string(),
  /**
   * With `requires_action` from a form that has no return URL (the embedded checkout): the bank
   * check runs inside the fields page, which answers it with `POST /v1/charges/{id}/challenge`.
   */
  challenge: z.object({ amount: z.number().int(), currency: z.string() }).optional(),
});
export type ProcessorChargeResponse = z.infer<typeof ProcessorChargeResponse>;
