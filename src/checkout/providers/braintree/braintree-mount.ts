/**
 * Braintree's Hosted Fields on a checkout (issue 19): in the sandbox the stand-in's script is put
 * on the page (it defines `window.braintree`); in production braintree-web's own modules load.
 * Hosted Fields are made in four containers; a submit tokenizes the card into a nonce, runs 3-D
 * Secure on it (the bank's check, when the bank wants the buyer), and the checkout completes with
 * it (the service makes the sale). Loaded on demand by
 * BraintreeCardFields, so a page of another provider's merchant never downloads it.
 */
import type { BraintreeSpec } from './spec.ts';
import { addScript } from '../provider-script.ts';

export type BraintreeResult = { status: 'approved' | 'declined'; transactionId: string } | { status: 'invalid' | 'error' };

export interface BraintreeMount {
  submit(): Promise<BraintreeResult>;
  /** Puts the buyer in the card form (its number, where there is one), a retry's fresh fields being ready. */
  focus(): void;
  destroy(): void;
}

interface HostedFieldsLike {
  tokenize(): Promise<{ nonce: string; details?: { bin?: string } }>;
  /** braintree-web's answers with a promise (a callback's absence); the stand-in's with nothing. */
  focus(field: 'number'): unknown;
  teardown(): Promise<void>;
}
interface ThreeDSecureLike {
  verifyCard(o: { nonce: string; amount: string; bin?: string; onLookupComplete(data: unknown, next: () => void): void }): Promise<{ nonce: string; liabilityShifted: boolean }>;
}
interface BraintreeLike {
  client: { create(o: { authorization: string }): Promise<unknown> };
  hostedFields: { create(o: { client: unknown; fields: Record<string, { container: HTMLElement; placeholder?: string }> }): Promise<HostedFieldsLike> };
  threeDSecure: { create(o: { client: unknown; version: 2 }): Promise<ThreeDSecureLike> };
}

/** The containers Hosted Fields are made in, by field. */
export type Containers = Record<'number' | 'expirationDate' | 'cvv' | 'postalCode', HTMLElement>;

/** What a tokenization's error means to the buyer: a card to fix (the fields say which), or a failure. */
export function tokenizeError(err: unknown): BraintreeResult {
  const code = (err as { code?: string } | null)?.code ?? '';
  return code === 'HOSTED_FIELDS_FIELDS_EMPTY' || code === 'HOSTED_FIELDS_FIELDS_INVALID' ? { status: 'invalid' } : { status: 'error' };
}

async function braintreeWeb(spec: BraintreeSpec): Promise<BraintreeLike> {
  if (spec.scriptUrl) {
    await addScript(spec.scriptUrl);
    const stand = (window as unknown as { braintree?: BraintreeLike }).braintree;
    if (!stand) throw new Error('braintree-web did not load');
    return stand;
  }
  const [client, hostedFields, threeDSecure] = await Promise.all([import('braintree-web/client'), import('braintree-web/hosted-fields'), import('braintree-web/three-d-secure')]);
  return { client, hostedFields, threeDSecure } as unknown as BraintreeLike;
}

export async function mountBraintreeFields(containers: Containers, spec: BraintreeSpec): Promise<BraintreeMount> {
  const bt = await braintreeWeb(spec);
  const client = await bt.client.create({ authorization: spec.clientToken });
  const fields = await bt.hostedFields.create({
    client,
    fields: {
      number: { container: containers.number, placeholder: '1234 1234 1234 1234' },
      expirationDate: { container: containers.expirationDate, placeholder: 'MM / YY' },
      cvv: { container: containers.cvv, placeholder: 'CVC' },
      postalCode: { container: containers.postalCode, placeholder: 'ZIP' },
    },
  });
  const threeDS = await bt.threeDSecure.create({ client, version: 2 });
  return {
    async submit() {
      let tokenized: { nonce: string; details?: { bin?: string } };
      try {
        tokenized = await fields.tokenize();
      } catch (err) {
        return tokenizeError(err);
      }
      // The buyer's bank may want them (3-D Secure) before the sale: its check shows over the page.
      // Closed by the buyer, the nonce carries a failed check: the sale is declined, nothing charged.
      try {
        const verified = await threeDS.verifyCard({ nonce: tokenized.nonce, amount: spec.amount, ...(tokenized.details?.bin ? { bin: tokenized.details.bin } : {}), onLookupComplete: (_data, next) => next() });
        return { status: 'approved', transactionId: verified.nonce };
      } catch (err) {
        return (err as { code?: string } | null)?.code === 'THREEDS_CARDINAL_SDK_CANCELED' ? { status: 'declined', transactionId: tokenized.nonce } : { status: 'error' };
      }
    },
    // The page's focus goes into the number's frame first: a frame may not take it on its own.
    focus: () => {
      containers.number.querySelector('iframe')?.focus();
      void Promise.resolve(fields.focus('number')).catch(() => undefined);
    },
    destroy: () => void fields.teardown().catch(() => undefined),
  };
}
