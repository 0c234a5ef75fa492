/** Payment intents (Doc 2, "Payment intent" and `POST /v1/payment_intents`). */
import { z } from '@hono/zod-openapi';
import { Address, BuyerEmailField, BuyerIdField, BuyerInput } from './buyers.ts';
import { paymentIntentStatuses } from '../vocab/payments.ts';
import { declineActions, declineCodes } from '../vocab/declines.ts';
import { storedCredentialUses } from './tokens.ts';
import { ResolvedDescriptor } from './descriptors.ts';
import { MirrorToInput, OrderInput } from './mirror.ts';
import { walletTypes } from '../vocab/wallets.ts';

const MAX_AMOUNT = 99_999_999;

export const CreatePaymentIntentBody = z
  .strictObject({
    amount: z.number().int().min(0).max(MAX_AMOUNT).describe('Minor units'),
    currency: z.string().length(3).describe('ISO 4217, any case'),
    capture_method: z.enum(['automatic', 'manual']).optional(),
    payment_method: z.strictObject({ id: z.string().min(1).max(100) }).optional().describe('The vaulted card (`vp_pmt_*`) to charge'),
    return_url: z.string().min(1).max(2048).optional().describe('Absolute https (localhost in test mode); needed for a bank challenge'),
    session_id: z
      .string()
      .regex(/^vp_cs_(test|live)_[A-Za-z0-9_-]+$/)
      .optional()
      .describe('Refuses a second charge for a session that already charged; otherwise this charge settles the session. An id of no session of this key’s (unknown, another merchant’s, the other mode’s) is ignored'),
    metadata: z.record(z.string(), z.unknown()).optional(),
    rule_tags: z.record(z.string(), z.unknown()).optional().describe('Up to 5 string tags for the provider’s rules'),
    mit: z
      .strictObject({
        initiator: z.literal('merchant'),
        reason: z.enum(storedCredentialUses),
        original_transaction_id: z.string().min(1).max(100).describe('The succeeded buyer-present intent that started the chain'),
      })
      .optional(),
    buyer_id: BuyerIdField.optional(),
    buyer_email: BuyerEmailField.optional(),
    buyer: BuyerInput.optional(),
    billing_address: Address.optional(),
    first_name: z.string().min(1).max(100).optional(),
    last_name: z.string().min(1).max(100).optional(),
    buyer_ip_address: z.union([z.ipv4(), z.ipv6()]).optional(),
    /** The store order this payment makes (Document 2, order mirroring; camelCase here too): with `mirrorTo`. */
    order: OrderInput.optional(),
    mirrorTo: MirrorToInput.optional(),
    /** The raw order-mirroring block (a JSON object; also accepted as an identical `metadata.mirror`). */
    mirror: z.unknown().optional(),
  })
  .openapi('CreatePaymentIntentBody');
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBody>;

export const CaptureBody = z.strictObject({ amount_to_capture: z.number().int().min(1).max(MAX_AMOUNT).optional() }).openapi('CaptureBody');

/** An address as the hosted page collects it, snake_case on this resource; a key not typed is null. */
const CheckoutAddress = z
  .object({
    name: z.string().nullable(),
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable(),
  })
  .openapi('CheckoutAddress');

/** Issue 35: what the checkout session this intent paid holds of its buyer (docs/merchant.md, Buyer details). */
export const CheckoutBuyerDetails = z
  .object({
    email: z.string().nullable(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    shipping_address: CheckoutAddress.nullable(),
    billing_address: CheckoutAddress.nullable(),
  })
  .describe(
    'Retrieve, capture and void only: the buyer details of the checkout session this payment paid, as the merchant prefilled them or the buyer typed them on the hosted page (the session never returns the email, name or billing address). Null when the intent paid no session or the session holds none',
  );

export const PaymentIntent = z
  .object({
    id: z.string(),
    object: z.literal('payment_intent'),
    status: z.enum(paymentIntentStatuses),
    amount: z.number().int(),
    currency: z.string(),
    capture_method: z.enum(['automatic', 'manual']),
    amount_capturable: z.number().int(),
    amount_received: z.number().int(),
    next_action: z
      .object({ type: z.literal('redirect_to_url'), redirect_to_url: z.object({ url: z.string() }), issued_at: z.string().optional() })
      .nullable(),
    client_confirm: z.null(),
    decline_code: z.enum(declineCodes).nullable(),
    rule_code: z.string().nullable(),
    action: z.enum(declineActions).nullable(),
    decline_message: z.string().nullable(),
    amount_mismatch: z
      .object({ requested_amount: z.number().int(), requested_currency: z.string(), approved_amount: z.number().int(), approved_currency: z.string() })
      .nullable()
      .optional()
      .describe('Set when the processor approved another amount or currency than asked (a partial approval): `amount_received` is what really moved; the session it named is not paid'),
    payment_method_id: z.string().nullable().optional(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    wallet_type: z
      .enum(walletTypes)
      .nullable()
      .describe('The wallet the buyer paid with (`apple_pay`, `google_pay`): `card` is the card inside it. Null for a card typed in or saved'),
    avs_result_code: z.string().nullable(),
    cvv_result_code: z.string().nullable(),
    three_d_secure: z
      .object({ outcome: z.string(), method: z.string().nullable(), version: z.string().nullable(), eci: z.string().nullable() })
      .nullable(),
    created_at: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    buyer_email: z.string().optional(),
    buyer_id: z.string().optional(),
    buyer: BuyerInput.optional(),
    buyer_details: CheckoutBuyerDetails.nullable().optional(),
    buyer_ip_address_forwarded: z.boolean().optional(),
    resolved_descriptor: ResolvedDescriptor.nullable().optional(),
    pulseToken: z.null(),
    session_id: z.string().nullable(),
    vp_tx_id: z.string().nullable(),
    amount_refunded: z.number().int(),
    remaining_refundable: z.number().int(),
    refundable: z.boolean(),
    livemode: z.boolean(),
  })
  .openapi('PaymentIntent');
export type PaymentIntent = z.infer<typeof PaymentIntent>;
