/**
 * The card fields a checkout mounts for an `init` answer (checkout-store.ts): the sandbox
 * processor's fields frame, or Stripe's card element for `card_element` merchants; and the ids of
 * their requests.
 */
import type { InitResponse, PublicSession } from '../api/checkout.ts';
import { majorAmount } from '../vocab/currencies.ts';

export interface FrameSpec {
  /** Full iframe src, hash included. */
  url: string;
  /** Processor origin: the only origin whose messages count, and the post target. */
  origin: string;
  /** Changes on every init so the iframe element is replaced (a hash change would not reload it). */
  key: number;
}

/**
 * Stripe's card element, for `card_element` merchants (issue 19): what stripe.js is made with, and
 * the PaymentIntent it confirms.
 */
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

export const randomRequestId = () => Math.random().toString(36).slice(2, 12) + Date.now().toString(36);

export function httpOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Braintree's fields (issue 19): Hosted Fields for `hosted_fields` merchants, Drop-in (with the
 * buyer's saved cards) for `vault_hosted_fields`; the client token they are made with. What they
 * give is the nonce `complete` pays with.
 */
export interface BraintreeSpec {
  clientToken: string;
  /** The session's amount in major units ("25.00"), for 3-D Secure's lookup. */
  amount: string;
  /** `dropin`: braintree-web-drop-in; `hosted_fields`: braintree-web's Hosted Fields. */
  ui: 'hosted_fields' | 'dropin';
  /** The sandbox's stand-in of that script, loaded in place of Braintree's own; null: Braintree's own. */
  scriptUrl: string | null;
  key: number;
}

export type Fields =
  | { kind: 'frame'; spec: FrameSpec }
  | { kind: 'stripe'; spec: StripeSpec }
  | { kind: 'braintree'; spec: BraintreeSpec }
  | { kind: 'unsupported'; context: Record<string, unknown> };

/**
 * What to mount for an `init` answer. Stripe's card element: stripe.js confirms the PaymentIntent
 * `init` made and the page completes with it, like a sandbox charge; in the sandbox the stand-in's
 * script stands in for Stripe's own (only an http(s) address is taken), production loads Stripe's.
 */
export function fieldsFor(init: InitResponse, ctx: { parentOrigin: string; locale: string; key: number; session?: Pick<PublicSession, 'amount' | 'currency'> | null }): Fields {
  const { type, token, environment } = init;
  if (type === 'card_element' || type === 'agent_hosted_fields') {
    const { publishableKey, accountId, scriptUrl } = init;
    const script = environment === 'sandbox' && scriptUrl && httpOrigin(scriptUrl) ? scriptUrl : null;
    // A connected account in the sandbox; a merchant's own keys name none (or their own account).
    if (!publishableKey || (environment === 'sandbox' && (!script || !accountId))) return { kind: 'unsupported', context: { type, environment } };
    const confirms = type === 'card_element' ? 'browser' : 'service';
    return { kind: 'stripe', spec: { publishableKey, accountId: accountId ?? null, clientSecret: token, confirms, scriptUrl: script, key: ctx.key } };
  }
  if (type === 'hosted_fields' || type === 'vault_hosted_fields') {
    const script = environment === 'sandbox' && init.scriptUrl && httpOrigin(init.scriptUrl) ? init.scriptUrl : null;
    if (environment === 'sandbox' && !script) return { kind: 'unsupported', context: { type, environment } };
    const amount = ctx.session ? majorAmount(ctx.session.amount, ctx.session.currency) : '';
    return { kind: 'braintree', spec: { clientToken: token, amount, ui: type === 'vault_hosted_fields' ? 'dropin' : 'hosted_fields', scriptUrl: script, key: ctx.key } };
  }
  const fieldsUrl = init.fieldsUrl;
  const origin = fieldsUrl ? httpOrigin(fieldsUrl) : null;
  if (type !== 'sandbox' || !fieldsUrl || !origin) return { kind: 'unsupported', context: { type } };
  const hash = new URLSearchParams({ token, parentOrigin: ctx.parentOrigin, locale: ctx.locale });
  return { kind: 'frame', spec: { url: `${fieldsUrl.split('#')[0]}#${hash}`, origin, key: ctx.key } };
}
