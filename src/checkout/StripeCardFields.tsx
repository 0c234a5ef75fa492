/**
 * The card fields of a `card_element` merchant (issue 19): Stripe's card element where the sandbox
 * fields frame would be (provider-fields.ts says how it stands in). stripe.js and the code that
 * drives it load on demand, for these merchants only.
 */
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import type { StripeSpec } from './frame-spec.ts';
import { useProviderFields, type ProviderFieldsProps } from './provider-fields.ts';

export interface StripeCardFieldsProps extends ProviderFieldsProps {
  spec: StripeSpec;
  locale: string;
}

export function StripeCardFields(props: StripeCardFieldsProps): JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  useProviderFields(props.spec.key, props, async (ready) => {
    const { mountStripeCard } = await import('./stripe-mount.ts');
    const made = await mountStripeCard(host.current!, props.spec, props.locale, { ready });
    return { submit: () => made.confirm(), destroy: () => made.destroy() };
  });
  return <div ref={host} class="checkout__stripe" role="group" aria-label={props.title} />;
}
