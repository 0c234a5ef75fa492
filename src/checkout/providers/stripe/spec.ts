/**
 * Stripe's card element (issue 19), for `card_element` and `agent_hosted_fields` merchants: what
 * stripe.js is made with, and the PaymentIntent it confirms.
 */
import type { InitResponse } from '../../../api/checkout.ts';
import { standInScript } from '../http-origin.ts';
import { unsupported, type FieldsContext, type Unsupported } from '../provider.ts';

export interface StripeSpec {
  publishableKey: string;
  /** The merchant's connected account at Stripe (`stripeAccount`); null with the merchant's own keys. */
  accountId: string | null;
  /** The PaymentIntent's client secret (`init`'s token); unused when the service confirms. */
  clientSecret: string;
  /**
   * Who confirms the payment: stripe.js with the client secret (`card_element`), or the service
   * with the PaymentMethod stripe.js makes of the card (`agent_hosted_fields`, sent to complete).
   */
  confirms: 'browser' | 'service';
  /** The sandbox's stripe.js stand-in, loaded in place of Stripe's own; null: Stripe's own script. */
  scriptUrl: string | null;
  /** Changes on every init so the element is mounted afresh. */
  key: number;
}

/**
 * stripe.js confirms the PaymentIntent `init` made and the page completes with it, like a sandbox
 * charge; in the sandbox the stand-in's script stands in for Stripe's own (only an http(s) address
 * is taken), production loads Stripe's.
 */
export function stripeSpec(init: InitResponse, ctx: FieldsContext): StripeSpec | Unsupported {
  const { type, token, environment, publishableKey, accountId } = init;
  const script = standInScript(init);
  // A connected account in the sandbox; a merchant's own keys name none (or their own account).
  if (!publishableKey || (environment === 'sandbox' && (!script || !accountId))) return unsupported({ type, environment });
  const confirms = type === 'card_element' ? 'browser' : 'service';
  return { publishableKey, accountId: accountId ?? null, clientSecret: token, confirms, scriptUrl: script, key: ctx.key };
}
