/**
 * Wire shapes of the internal checkout endpoints and the browser-safe public endpoints
 * (Doc 1, "Internal checkout endpoints"; Doc 3, "Public endpoints the field frames call").
 * Shared by the server's validation, the browser client and the OpenAPI contract.
 * Browser code imports only types from here: classic zod does not tree-shake, so the shapes the
 * browser validates are mirrored in zod/mini in src/client/schemas.ts (schemas.test.ts keeps the
 * two in step). Change a response shape here, change it there too.
 */
import { z } from 'zod';
import { publicChargeStatuses } from '../vocab/payments.ts';
import { initTypes, processorEnvironments } from '../vocab/processors.ts';
import { collectionModes, integrationModes, paymentStatuses, sessionModes, sessionStatuses } from '../vocab/sessions.ts';
import { walletTypes } from '../vocab/wallets.ts';
import { buyerFieldModes, buyerTextMax } from '../vocab/buyer-fields.ts';

export const SessionId = z.string().min(1).max(80);

export const InitRequest = z.strictObject({ sessionId: SessionId });
export type InitRequest = z.infer<typeof InitRequest>;

export const InitResponse = z.object({
  type: z.enum(initTypes),
  token: z.string(),
  environment: z.enum(processorEnvironments),
  /** Sandbox only: the processor's fields page to mount in an iframe (Doc 3, sandbox processor). */
  fieldsUrl: z.string().optional(),
  /** `environment: sandbox` only: the sandbox's stand-in of the provider's browser script, loaded in place of the provider's own. */
  scriptUrl: z.string().optional(),
  publishableKey: z.string().optional(),
  accountId: z.string().optional(),
  gatewayInstanceId: z.string().optional(),
  merchantAccountId: z.string().optional(),
  chargeEndpoint: z.string().optional(),
  applicationFeeCents: z.number().int().min(0).optional(),
});
export type InitResponse = z.infer<typeof InitResponse>;

/** An address the hosted page collected (src/buyer/buyer-fields.ts checks it against the country's rules). */
export const BuyerAddress = z.strictObject({
  name: z.string().max(200).optional(),
  line1: z.string().max(200).optional(),
  line2: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  postalCode: z.string().max(16).optional(),
  country: z.string().max(2).optional(),
});

/** What the buyer typed on the hosted page (issue 10); which of it the session requires is checked in the engine. */
export const BuyerDetails = z.strictObject({
  email: z.string().max(buyerTextMax.email).optional(),
  name: z.string().max(buyerTextMax.name).optional(),
  phone: z.string().max(buyerTextMax.phone).optional(),
  shippingAddress: BuyerAddress.optional(),
  billingAddress: BuyerAddress.optional(),
});
export type BuyerDetails = z.infer<typeof BuyerDetails>;

/**
 * `POST /api/checkout/buyer-details` (issue 22): the hosted page saves what the buyer typed on the
 * session before it lets the card be charged. Never card data: a value holding a card number is invalid.
 */
export const SaveBuyerDetailsRequest = z.strictObject({ sessionId: SessionId, buyer: BuyerDetails });
export type SaveBuyerDetailsRequest = z.infer<typeof SaveBuyerDetailsRequest>;

export const SaveBuyerDetailsResponse = z.object({ sessionId: z.string(), saved: z.literal(true) });
export type SaveBuyerDetailsResponse = z.infer<typeof SaveBuyerDetailsResponse>;

export const CompleteRequest = z.strictObject({
  sessionId: SessionId,
  transactionId: z.string().min(1).max(120),
  buyer: BuyerDetails.optional(),
  /** The buyer closed the bank challenge (3-D Secure): end it as failed authentication, nothing charged. */
  cancel: z.boolean().optional(),
});
export type CompleteRequest = z.infer<typeof CompleteRequest>;

export const BuyerFacingError = z.object({
  code: z.string(),
  decline_code: z.string().nullable(),
  message: z.string(),
});
export type BuyerFacingError = z.infer<typeof BuyerFacingError>;

export const Retry = z.object({ allowed: z.boolean(), attempts_remaining: z.number().int().min(0) });

/** Doc 2 `next_action`: the buyer's bank wants them at `url` (3-D Secure), shown in the page's dialog. */
export const NextAction = z.object({ type: z.string(), redirect_to_url: z.object({ url: z.string() }) });

export const CompleteResponse = z.object({
  status: z.enum(sessionStatuses),
  sessionId: z.string(),
  transactionId: z.string(),
  redirectUrl: z.string().nullable(),
  /** `held`: authorized for a manual capture, not charged yet (the page says so). */
  paymentStatus: z.enum(paymentStatuses).optional(),
  error: BuyerFacingError.optional(),
  /** Present while the bank challenge waits: nothing is settled yet; `complete` again once it ends. */
  next_action: NextAction.optional(),
});
export type CompleteResponse = z.infer<typeof CompleteResponse>;

export const ClientErrorRequest = z.strictObject({
  sessionId: SessionId.optional(),
  message: z.string().min(1).max(2000),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type ClientErrorRequest = z.infer<typeof ClientErrorRequest>;

/** `GET /v1/public/sessions/{id}`: what a buyer's browser may know about a session. */
export const PublicSession = z.object({
  id: z.string(),
  status: z.enum(sessionStatuses),
  /** Did the money move (Doc 1): the hosted page tells "paid already", "held" and "cancelled" apart. */
  paymentStatus: z.enum(paymentStatuses).optional(),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  locale: z.string().nullable(),
  mode: z.enum(sessionModes),
  integrationMode: z.enum(integrationModes),
  chargeAtSubmit: z.boolean(),
  livemode: z.boolean(),
  merchantName: z.string(),
  lineItems: z.array(z.object({ name: z.string(), quantity: z.number().int(), unitAmount: z.number().int() })),
  cancelUrl: z.string().nullable(),
  expiresAt: z.string(),
  retry: Retry.nullable(),
  /** What the buyer is asked for (Doc 1, session object; `requiredBuyerFields` already folded in): the address element reads them. */
  country: z.string().nullable(),
  shipping: z.enum(collectionModes),
  billingAddress: z.enum(collectionModes),
  phone: z.enum(collectionModes),
  nameCollection: z.enum(collectionModes),
  /** The inputs the hosted page shows (src/buyer/buyer-fields.ts): the modes as applied, prefilled values left out; never the values. */
  buyerFields: z.object({
    email: z.enum(buyerFieldModes),
    name: z.enum(buyerFieldModes),
    phone: z.enum(buyerFieldModes),
    shippingAddress: z.enum(buyerFieldModes),
    billingAddress: z.enum(buyerFieldModes),
  }),
});
export type PublicSession = z.infer<typeof PublicSession>;

export const ChargeCard = z.strictObject({
  number: z.string().regex(/^\d{12,19}$/, 'card number must be 12 to 19 digits'),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'security code must be 3 or 4 digits'),
  postalCode: z.string().max(16).optional(),
});
export type ChargeCard = z.infer<typeof ChargeCard>;

export const BillingAddress = z.strictObject({
  line1: z.string().max(200).optional(),
  line2: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  postalCode: z.string().max(16).optional(),
  country: z.string().length(2).optional(),
});

/** A bare http(s) origin, e.g. `https://shop.example.com`. */
export const HttpOrigin = z
  .string()
  .max(200)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s;
    } catch {
      return false;
    }
  }, 'an http(s) origin such as https://shop.example.com');

/**
 * The token a wallet sheet returned (docs/merchant.md, Wallets): Google Pay's
 * `paymentMethodData.tokenizationData.token`, or Apple Pay's `token.paymentData` (as JSON text
 * when it is an object). In the sandbox it names a test card, `tok_sandbox_<brand>_<last four>`.
 */
export const WalletCharge = z.strictObject({
  type: z.enum(walletTypes),
  token: z.string().min(1).max(8000),
});
export type WalletCharge = z.infer<typeof WalletCharge>;

/** Exactly one of `card` (the card fields) and `wallet` (the wallet button) says what pays. */
export const PublicChargeRequest = z
  .strictObject({
    card: ChargeCard.optional(),
    wallet: WalletCharge.optional(),
    billingAddress: BillingAddress.optional(),
    expected_amount: z.number().int().positive().optional(),
    /**
     * The merchant page the fields are on. A bank challenge (3-D Secure) shows in a dialog over that
     * page, so the bank page may be framed by it (besides the service) and returns the buyer there.
     */
    pageOrigin: HttpOrigin.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.card === undefined && b.wallet === undefined) {
      // Reported as a missing field (validation_missing_field), as a body without `card` always was.
      ctx.addIssue({ code: 'invalid_type', expected: 'object', input: undefined, path: ['card'], message: 'Invalid input: expected object, received undefined' });
    } else if (b.card !== undefined && b.wallet !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['wallet'], message: 'send card or wallet, not both' });
    }
  });
export type PublicChargeRequest = z.infer<typeof PublicChargeRequest>;

export const PublicChargeResponse = z.object({
  status: z.enum(publicChargeStatuses),
  sessionId: z.string(),
  paymentIntentId: z.string().optional(),
  error: BuyerFacingError.optional(),
  retry: Retry.nullable().optional(),
  next_action: NextAction.optional(),
});
export type PublicChargeResponse = z.infer<typeof PublicChargeResponse>;

/**
 * `POST /v1/public/sessions/{id}/complete`, one route for both browser flows: an `elements` session
 * that charged at submit asks how its charge ended (`cancel` ends a bank challenge the buyer
 * closed); an `embed` session names the processor transaction the buyer just made.
 */
export const PublicCompleteRequest = z.strictObject({
  cancel: z.boolean().optional(),
  /** Embed sessions: the processor's transaction the buyer's browser just made for this session. */
  transactionId: z.string().min(1).max(120).optional(),
});
export type PublicCompleteRequest = z.infer<typeof PublicCompleteRequest>;
