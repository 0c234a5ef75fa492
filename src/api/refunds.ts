/** Refunds (Doc 2, "Refund", `POST /v1/refunds`, `GET /v1/refunds`). snake_case. */
import { z } from '@hono/zod-openapi';
import { refundReasons, refundStatuses } from '../vocab/payments.ts';

const MAX_AMOUNT = 99_999_999;
const ParentId = z.string().min(1).max(100);

export const CreateRefundBody = z
  .strictObject({
    payment_intent: ParentId.optional().describe('`vpi_*`; exactly one of `payment_intent` or `transaction`'),
    transaction: ParentId.optional().describe('`vp_tx_*` settlement id (from `vp_tx_id`), for captures without an intent'),
    amount: z.number().int().min(1).max(MAX_AMOUNT).optional().describe('Minor units; omit for the full remaining balance'),
    currency: z.string().length(3).optional().describe('3-letter, any case; must match the payment'),
    reason: z.enum(refundReasons).optional(),
    metadata: z.record(z.string(), z.unknown()).optional().describe('8 KB; PII-like key names are dropped'),
  })
  .refine((b) => (b.payment_intent === undefined) !== (b.transaction === undefined), {
    message: 'send exactly one of payment_intent or transaction',
    path: ['payment_intent'],
  })
  .openapi('CreateRefundBody');
export type CreateRefundBody = z.infer<typeof CreateRefundBody>;

export const Refund = z
  .object({
    id: z.string().describe('`vpr_test_*` / `vpr_live_*`'),
    object: z.literal('refund'),
    payment_intent: z.string().nullable().describe('the parent named on create; exactly one of the two is non-null'),
    transaction: z.string().nullable().describe('`vp_tx_*` when the refund was made by transaction'),
    amount: z.number().int(),
    currency: z.string().describe('uppercase'),
    status: z
      .enum(refundStatuses)
      .describe('`requested`: in progress (never retry; wait for `charge.refunded` or `refund.failed`); `succeeded`; `failed`: declined, nothing moved; `canceled`: never reached the provider, nothing moved'),
    reason: z.enum(refundReasons).nullable(),
    metadata: z.record(z.string(), z.unknown()),
    idempotent: z.boolean().optional().describe('true on a replay of the same Idempotency-Key; only when a key was sent'),
    idempotency_key: z.string().nullable().optional().describe('on list reads: the key as sent (trimmed), or null'),
    created_at: z.string().optional().describe('on list reads: ISO 8601'),
  })
  .openapi('Refund');
export type Refund = z.infer<typeof Refund>;

export const ListRefundsQuery = z.object({
  payment_intent: ParentId.optional(),
  transaction: ParentId.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().describe('1 to 100, default 25'),
  starting_after: z.string().min(1).max(100).optional().describe('`next_cursor` of the previous page'),
});

export const RefundList = z
  .object({
    object: z.literal('list'),
    data: z.array(Refund).describe('newest first, any status'),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    amount_refunded: z.number().int().describe('succeeded and in-progress refunds over the whole payment'),
    remaining_refundable: z.number().int().describe('0 when `refundable` is false'),
    refundable: z.boolean().describe('false when not settled, disputed or fully refunded'),
  })
  .openapi('RefundList');
