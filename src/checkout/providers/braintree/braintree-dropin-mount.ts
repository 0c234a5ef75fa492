/**
 * Braintree's Drop-in on a checkout, for `vault_hosted_fields` merchants (issue 19): the buyer's
 * saved cards (the client token is bound to the buyer's Braintree customer) and a card form, in one
 * container. In the sandbox the stand-in's script is put on the page; in production Braintree's own
 * build of braintree-web-drop-in from its CDN (as Braintree ships Drop-in; bundling it would add half
 * a megabyte to the package), at the version of the package this project depends on. Pay asks Drop-in for the payment method with 3-D Secure
 * for the session's amount (the bank's check, when the bank wants the buyer), and the checkout
 * completes with its nonce as with Hosted Fields (the service makes the sale). Loaded on demand by
 * BraintreeDropIn, so a page of another merchant never downloads it.
 */
import type { BraintreeSpec } from './spec.ts';
import { tokenizeError, type BraintreeMount, type BraintreeResult } from './braintree-mount.ts';
import { addScript } from '../provider-script.ts';

/** Drop-in's public API, as braintree-web-drop-in's own types say it (the stand-in has the same). */
type DropinApi = Pick<typeof import('braintree-web-drop-in'), 'create'>;

/**
 * What Drop-in's refusal means to the buyer. Nothing to pay with yet (no card chosen, the card form
 * incomplete) or the bank's check closed: Drop-in says why in its own view, nothing was charged,
 * and the buyer goes on in it. Anything else is a failure.
 */
export function dropinError(err: unknown): BraintreeResult {
  const cause = (err as { _braintreeWebError?: { code?: string } } | null)?._braintreeWebError;
  if ((err as { name?: string } | null)?.name === 'DropinError' && !cause) return { status: 'invalid' };
  return cause?.code === 'THREEDS_CARDINAL_SDK_CANCELED' ? { status: 'invalid' } : tokenizeError(cause);
}

/** The braintree-web-drop-in release loaded in production: the package.json dependency's (a test keeps them equal). */
export const DROPIN_VERSION = '1.48.0';
export const DROPIN_SCRIPT = `https://js.braintreegateway.com/web/dropin/${DROPIN_VERSION}/js/dropin.min.js`;

/** `window.braintree.dropin`: the stand-in's in the sandbox, Braintree's own in production. */
async function dropinApi(spec: BraintreeSpec): Promise<DropinApi> {
  await addScript(spec.scriptUrl ?? DROPIN_SCRIPT);
  const api = (window as unknown as { braintree?: { dropin?: DropinApi } }).braintree?.dropin;
  if (!api) throw new Error('braintree-web-drop-in did not load');
  return api;
}

/**
 * Drop-in has no focus of its own; a retry's fresh Drop-in, ready, takes it here (issue 38): on the
 * chosen saved card, else on Drop-in itself (its card number is a frame of Braintree's, out of
 * reach), where Tab enters the card form.
 */
function focusDropin(container: HTMLElement): void {
  const chosen = container.querySelector<HTMLInputElement>('input[type="radio"]:checked');
  if (chosen && chosen.getClientRects().length > 0) return chosen.focus();
  container.tabIndex = -1;
  container.focus();
}

export async function mountBraintreeDropin(container: HTMLElement, spec: BraintreeSpec): Promise<BraintreeMount> {
  const api = await dropinApi(spec);
  // Drop-in's defaults for a customer's token: a new card is saved unless the buyer unticks "Save card".
  const dropin = await api.create({ authorization: spec.clientToken, container, card: { vault: { allowVaultCardOverride: true, vaultCard: true } }, threeDSecure: true, vaultManager: false });
  return {
    async submit() {
      try {
        const method = await dropin.requestPaymentMethod({ threeDSecure: { amount: spec.amount } });
        return { status: 'approved', transactionId: method.nonce };
      } catch (err) {
        return dropinError(err);
      }
    },
    focus: () => focusDropin(container),
    destroy: () => void dropin.teardown().catch(() => undefined),
  };
}
