/**
 * The card fields of a `hosted_fields` or `vault_hosted_fields` merchant (issue 19): Braintree's
 * Hosted Fields, one frame per field in the containers below, where the sandbox fields frame would be
 * (provider-fields.ts says how they stand in). What they tokenize is the nonce the checkout
 * completes with. braintree-web and the code that drives it load on demand, for these merchants only.
 */
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { useProviderFields } from '../provider-fields.ts';
import type { FieldsProps } from '../provider.ts';
import type { BraintreeSpec } from './spec.ts';

export function BraintreeCardFields(props: FieldsProps<BraintreeSpec>): JSX.Element {
  const number = useRef<HTMLDivElement>(null);
  const expiry = useRef<HTMLDivElement>(null);
  const cvv = useRef<HTMLDivElement>(null);
  const postal = useRef<HTMLDivElement>(null);
  useProviderFields(props.spec.key, props, async (ready) => {
    const { mountBraintreeFields } = await import('./braintree-mount.ts');
    const made = await mountBraintreeFields({ number: number.current!, expirationDate: expiry.current!, cvv: cvv.current!, postalCode: postal.current! }, props.spec);
    ready();
    return made;
  });
  return (
    <div class="checkout__braintree" role="group" aria-label={props.title}>
      <div class="checkout__bt-field checkout__bt-number" ref={number} />
      <div class="checkout__bt-row">
        <div class="checkout__bt-field" ref={expiry} />
        <div class="checkout__bt-field" ref={cvv} />
        <div class="checkout__bt-field" ref={postal} />
      </div>
    </div>
  );
}
