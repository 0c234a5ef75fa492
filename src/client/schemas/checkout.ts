/** What the hosted page reads of the session and checkout endpoints (see ../schemas.ts). */
import * as z from 'zod/mini';
import { bool, intIn } from '../../protocol/primitives.ts';
import { BuyerFacingError, count, Retry } from './shared.ts';

const sessionStatus = ['pending', 'processing', 'succeeded', 'failed', 'expired'] as const;

export const InitResponse = z.object({
  type: z.enum(['card_element', 'hosted_fields', 'vault_hosted_fields', 'agent_hosted_fields', 'sandbox']),
  token: z.string(),
  environment: z.enum(['sandbox', 'production']),
  fieldsUrl: z.optional(z.string()),
  publishableKey: z.optional(z.string()),
  accountId: z.optional(z.string()),
  gatewayInstanceId: z.optional(z.string()),
  merchantAccountId: z.optional(z.string()),
  chargeEndpoint: z.optional(z.string()),
  applicationFeeCents: z.optional(count()),
});
export type InitResponse = z.infer<typeof InitResponse>;

export const CompleteResponse = z.object({
  status: z.enum(sessionStatus),
  sessionId: z.string(),
  transactionId: z.string(),
  redirectUrl: z.nullable(z.string()),
  error: z.optional(BuyerFacingError),
});
export type CompleteResponse = z.infer<typeof CompleteResponse>;

export const PublicSession = z.object({
  id: z.string(),
  status: z.enum(sessionStatus),
  amount: intIn(),
  currency: z.string(),
  description: z.nullable(z.string()),
  locale: z.nullable(z.string()),
  mode: z.enum(['payment', 'setup']),
  integrationMode: z.enum(['embed', 'elements']),
  chargeAtSubmit: bool(),
  livemode: bool(),
  merchantName: z.string(),
  lineItems: z.array(z.object({ name: z.string(), quantity: intIn(), unitAmount: intIn() })),
  cancelUrl: z.nullable(z.string()),
  expiresAt: z.string(),
  retry: z.nullable(Retry),
});
export type PublicSession = z.infer<typeof PublicSession>;
