/**
 * The card fields of a `vault_hosted_fields` merchant (issue 19): Braintree's Drop-in, with the
 * buyer's saved cards and a card form, where the sandbox fields frame would be (provider-fields.ts
 * says how it stands in). What it gives is the nonce the checkout completes with. Drop-in and the
 * code that drives it load on demand, for these merchants only.
 */
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { useProviderFields } from '../provider-fields.ts';
import type { FieldsProps } from '../provider.ts';
import type { BraintreeSpec } from './spec.ts';

export function BraintreeDropIn(props: FieldsProps<BraintreeSpec>): JSX.Element {
  const container = useRef<HTMLDivElement>(null);
  useProviderFields(props.spec.key, props, async (ready) => {
    const { mountBraintreeDropin } = await import('./braintree-dropin-mount.ts');
    const made = await mountBraintreeDropin(container.current!, props.spec);
    ready();
    return made;
  });
  // Drop-in fills this container itself (it must be empty when Drop-in is made).
  return <div class="checkout__dropin" role="group" aria-label={props.title} ref={container} />;
}
