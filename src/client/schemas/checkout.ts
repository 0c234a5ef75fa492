/** What the hosted page reads of the session and checkout endpoints (see ../schemas.ts). */
import * as z from 'zod/mini';
import { bool, intIn } from '../../protocol/primitives.ts';
import { initTypes, processorEnvironments } from '../../vocab/processors.ts';
import { collectionModes, integrationModes, paymentStatuses, sessionModes, sessionStatuses } from '../../vocab/sessions.ts';
import { buyerFieldModes } from '../../vocab/buyer-fields.ts';
import { BuyerFacingError, count, NextAction, Retry } from './shared.ts';

export const InitResponse = z.object({
  type: z.enum(initTypes),
  token: z.string(),
  environment: z.enum(processorEnvironments),
  fieldsUrl: z.optional(z.string()),
  scriptUrl: z.optional(z.string()),
  publishableKey: z.optional(z.string()),
  accountId: z.optional(z.string()),
  gatewayInstanceId: z.optional(z.string()),
  merchantAccountId: z.optional(z.string()),
  chargeEndpoint: z.optional(z.string()),
  applicationFeeCents: z.optional(count()),
});
export type InitResponse = z.infer<typeof InitResponse>;

export const CompleteResponse = z.object({
  status: z.enum(sessionStatuses),
  sessionId: z.string(),
  transactionId: z.string(),
  redirectUrl: z.nullable(z.string()),
  paymentStatus: z.optional(z.enum(paymentStatuses)),
  error: z.optional(BuyerFacingError),
  next_action: z.optional(NextAction),
});
export type CompleteResponse = z.infer<typeof CompleteResponse>;

export const SaveBuyerDetailsResponse = z.object({ sessionId: z.string(), saved: z.literal(true) });
export type SaveBuyerDetailsResponse = z.infer<typeof SaveBuyerDetailsResponse>;

export const PublicSession = z.object({
  id: z.string(),
  status: z.enum(sessionStatuses),
  paymentStatus: z.optional(z.enum(paymentStatuses)),
  amount: intIn(),
  currency: z.string(),
  description: z.nullable(z.string()),
  locale: z.nullable(z.string()),
  mode: z.enum(sessionModes),
  integrationMode: z.enum(integrationModes),
  chargeAtSubmit: bool(),
  livemode: bool(),
  merchantName: z.string(),
  lineItems: z.array(z.object({ name: z.string(), quantity: intIn(), unitAmount: intIn() })),
  cancelUrl: z.nullable(z.string()),
  expiresAt: z.string(),
  retry: z.nullable(Retry),
  country: z.nullable(z.string()),
  shipping: z.enum(collectionModes),
  billingAddress: z.enum(collectionModes),
  phone: z.enum(collectionModes),
  nameCollection: z.enum(collectionModes),
  buyerFields: z.object({
    email: z.enum(buyerFieldModes),
    name: z.enum(buyerFieldModes),
    phone: z.enum(buyerFieldModes),
    shippingAddress: z.enum(buyerFieldModes),
    billingAddress: z.enum(buyerFieldModes),
  }),
});
export type PublicSession = z.infer<typeof PublicSession>;
