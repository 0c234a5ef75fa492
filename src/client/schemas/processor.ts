/** What the sandbox processor's fields page reads (see ../schemas.ts). */
import * as z from 'zod/mini';
import { processorTransactionStatuses } from '../../vocab/sandbox.ts';

/** The sandbox processor's `POST /v1/charges` answer, as its fields page reads it. */
export const ProcessorChargeResponse = z.object({
  transactionId: z.string(),
  status: z.enum(processorTransactionStatuses),
  declineCode: z.optional(z.string()),
  brand: z.string(),
  last4: z.string(),
  /** A bank check the fields page shows itself (embedded checkout). */
  challenge: z.optional(z.object({ amount: z.int(), currency: z.string() })),
});
export type ProcessorChargeResponse = z.infer<typeof ProcessorChargeResponse>;
