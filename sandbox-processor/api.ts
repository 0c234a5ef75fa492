/**
 * The sandbox processor's server-to-server API, as the service's adapter calls it (its origin,
 * default http://127.0.0.1:4243). Calls carry the service's bearer secret and name the merchant
 * account in `Sandbox-Account`, as a platform names a connected account at a real provider. The
 * browser charge API (POST /v1/charges with a client token) is in src/api/processor.ts.
 */
import { z } from 'zod';
import { ChargeCard } from '../src/api/checkout.ts';

export const ACCOUNT_HEADER = 'Sandbox-Account';

const Money = { amount: z.number().int().min(0), currency: z.string().min(3).max(3) };

export const ClientTokenRequest = z.strictObject({ sessionId: z.string().min(1).max(120), livemode: z.boolean(), ...Money });
export const ClientTokenResponse = z.object({ token: z.string(), expiresAt: z.string(), fieldsUrl: z.string() });

export const DirectChargeRequest = z.strictObject({
  sessionId: z.string().min(1).max(120).nullable(),
  livemode: z.boolean(),
  ...Money,
  /** The caller's name for this charge; the same reference never charges twice. */
  reference: z.string().min(1).max(200).nullable().default(null),
  card: ChargeCard,
});
export type DirectChargeRequest = z.input<typeof DirectChargeRequest>;

export const Transaction = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  merchantId: z.string(),
  sessionId: z.string().nullable(),
  livemode: z.boolean(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['approved', 'declined']),
  declineCode: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }),
  avsResult: z.string().nullable(),
  cvvResult: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof Transaction>;

/** Every refusal of the processor, in its own format (not the service's envelope). */
export const ErrorBody = z.object({ code: z.string(), error: z.string() });
