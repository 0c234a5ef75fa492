/**
 * Wire shape of `POST /v1/public/binder-load` (Doc 1, Public endpoints: "per-processor element
 * capability map"). snake_case, as `GET /v1/capabilities`. Document 1 shows no shape; this one is
 * the reference server's (docs/merchant.md, "Which elements can mount").
 */
import { z } from 'zod';
import { elementTypes } from '../vocab/elements.ts';
import { initTypes } from '../vocab/processors.ts';

export const elementUnavailableReasons = ['elements_not_enabled', 'charge_at_submit_not_enabled'] as const;

const ElementCapability = z.strictObject({
  available: z.boolean().describe('`elements.create(type)` can mount and pay with this element on a session of this account'),
  unavailable_reason: z
    .enum(elementUnavailableReasons)
    .nullable()
    .describe(
      'null when available. `elements_not_enabled`: the account has no elements, an `elements` session is applied as `embed` (mount the embedded checkout); `charge_at_submit_not_enabled`: a wallet pays through charge at submit, which the account does not offer',
    ),
});

export const BinderLoadRequest = z.strictObject({}).describe('No fields: the map is the key’s merchant’s, in the key’s mode');

export const BinderLoad = z.strictObject({
  object: z.literal('binder_load'),
  livemode: z.boolean(),
  binder: z.enum(initTypes).describe("The merchant's payment processor: the `type` `POST /api/checkout/init` answers for its forms"),
  integration_mode: z.enum(['elements', 'embed']).describe('What a session asking for `integrationMode: elements` is applied as'),
  charge_at_submit: z.boolean().describe('Whether an `elements` payment session asking for `chargeAtSubmit` is applied with it'),
  elements: z
    .strictObject(Object.fromEntries(elementTypes.map((t) => [t, ElementCapability])) as Record<(typeof elementTypes)[number], typeof ElementCapability>)
    .describe('Every element type, whether it can mount here. A wallet also needs a payment session, and Apple Pay a verified wallet domain (POST /v1/wallet-domains)'),
});
export type BinderLoad = z.infer<typeof BinderLoad>;
