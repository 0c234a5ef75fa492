/**
 * Braintree's Drop-in on a checkout, for `vault_hosted_fields` merchants (issue 19): the buyer's
 * saved cards (the client token is bound to the buyer's Braintree customer) and a card form, in one
 * container. In the sandbox the stand-in's script is put on the page; in production Braintree's own
 * braintree-web-drop-in, bundled (a chunk of its own, loaded here on demand). Pay asks Drop-in for the payment method with 3-D Secure
 * for the session's amount (the bank's check, when the bank wants the buyer), and the checkout
 * completes with its nonce as with Hosted Fields (the service makes the sale). Loaded on demand by
 * BraintreeDropIn, so a page of another merchant never downloads it.
 */
import type { BraintreeSpec } from './frame-spec.ts';
import { tokenizeError, type BraintreeMount, type BraintreeResult } from './braintree-mount.ts';
import { addScript } from './provider-script.ts';

interface DropinLike {
  requestPaymentMethod(o: { threeDSecure: { amount: string } }): Promise<{ nonce: string }>;
  teardown(): Promise<void>;
}
interface DropinApi {
  create(o: { authorization: string; container: HTMLElement; card: { vault: { allowVaultCardOverride: boolean; vaultCard: boolean } }; threeDSecure: boolean; vaultManager: boolean }): Promise<DropinLike>;
}

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

/** The stand-in's `window.braintree.dropin` in the sandbox; braintree-web-drop-in itself in production. */
async function dropinApi(spec: BraintreeSpec): Promise<DropinApi> {
  if (!spec.scriptUrl) return (await import('braintree-web-drop-in')) as unknown as DropinApi;
  await addScript(spec.scriptUrl);
  const api = (window as unknown as { braintree?: { dropin?: DropinApi } }).braintree?.dropin;
  if (!api) throw new Error('braintree-web-drop-in did not load');
  return api;
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
    destroy: () => void dropin.teardown().catch(() => undefined),
  };
}
