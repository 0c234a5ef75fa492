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
});
export type ProcessorChargeResponse = z.infer<typeof ProcessorChargeResponse>;
