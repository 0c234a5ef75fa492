/** Tokens and saved cards (Doc 2, "Payment-method token", "Tokens and saved cards"; Doc 3, public tokens). */
import { z } from '@hono/zod-openapi';
import { Address, BuyerIdField, BuyerInput } from './buyers.ts';
import { ChargeCard } from './checkout.ts';

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'unionpay', 'jcb', 'diners', 'unknown'] as const;
export const setupForFutureUses = ['off_session', 'on_session'] as const;
export const allowRedisplays = ['always', 'limited', 'unspecified'] as const;
export const storedCredentialUses = ['recurring', 'installment', 'unscheduled'] as const;

const Metadata = z.record(z.string(), z.unknown()).describe('Any JSON values, 8 KB serialized; personal and card key names are removed before storage');

export const CreateTokenBody = z
  .strictObject({
    provider_reference: z.string().min(1).max(255).describe('The provider vault reference; in sandbox `tok_sandbox_<brand>_<last4>` names one test card'),
    buyer_id: BuyerIdField.optional(),
    buyer: BuyerInput.optional(),
    card_last4: z.string().regex(/^\d{4}$/).optional().describe('Accepted for compatibility; ignored when the provider supplies the card'),
    card_brand: z.enum(cardBrands).optional(),
    exp_month: z.number().int().min(1).max(12).optional(),
    exp_year: z.number().int().min(2025).max(9999).optional(),
    metadata: Metadata.optional(),
    setup_for_future_use: z.enum(setupForFutureUses).optional().describe('Omitted: single-use. Recorded once, at vault time'),
    allow_redisplay: z.enum(allowRedisplays).optional(),
    billing_address: Address.optional().describe('Stored encrypted, never returned'),
    stored_credential_use: z.enum(storedCredentialUses).optional(),
    currency: z.string().length(3).optional().describe('Enables a zero-amount verification'),
  })
  .openapi('CreateTokenBody');
export type CreateTokenBody = z.infer<typeof CreateTokenBody>;

export const TokenCard = z.object({
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
});

export const TokenWarning = z.object({ code: z.string(), message: z.string(), field: z.string().nullable() });

export const Token = z
  .object({
    id: z.string(),
    status: z.enum(['active', 'revoked']),
    card: TokenCard,
    setup_for_future_use: z.enum(setupForFutureUses).optional(),
    allow_redisplay: z.enum(allowRedisplays).optional(),
    buyer: BuyerInput.optional(),
    idempotent: z.boolean().optional(),
    warnings: z.array(TokenWarning).optional(),
  })
  .openapi('Token');
export type Token = z.infer<typeof Token>;

export const PatchTokenBody = z
  .strictObject({ billing_address: Address.nullable().describe('null clears it') })
  .openapi('PatchTokenBody');

export const PatchedToken = z
  .object({ id: z.string(), status: z.enum(['active', 'revoked']), card: TokenCard, has_billing_address: z.boolean() })
  .openapi('PatchedToken');

export const PaymentMethodEntry = z.object({
  id: z.string(),
  status: z.literal('active'),
  card: TokenCard,
  wallet_type: z.string().nullable(),
  setup_for_future_use: z.enum(setupForFutureUses).nullable(),
  allow_redisplay: z.enum(allowRedisplays).nullable(),
});

export const PaymentMethodList = z
  .object({
    data: z.array(PaymentMethodEntry),
    next_cursor: z.string().nullable(),
    has_more: z.boolean(),
    warnings: z.array(TokenWarning).optional(),
  })
  .openapi('PaymentMethodList');

export const PaymentMethodListQuery = z.object({
  buyer_id: z.string().min(1).max(200).describe("The merchant's own buyer reference (the buyer's external_id)"),
  limit: z.coerce.number().int().min(1).optional().describe('1 to 100, default 25; higher is capped at 100 with a warning'),
  starting_after: z.string().min(1).max(100).optional().describe('`next_cursor` of the previous page'),
});

export const PublicTokenBody = z
  .strictObject({
    sessionId: z.string().min(1).max(100),
    card: ChargeCard,
    setupForFutureUse: z.enum(setupForFutureUses).optional(),
  })
  .openapi('PublicTokenBody');

export type PublicTokenBody = z.infer<typeof PublicTokenBody>;

export const PublicToken = z.object({ id: z.string(), card: TokenCard }).openapi('PublicToken');
export type PublicToken = z.infer<typeof PublicToken>;
