/**
 * The card fields of a `card_element` merchant (issue 19): Stripe's card element where the sandbox
 * fields frame would be (provider-fields.ts says how it stands in). stripe.js and the code that
 * drives it load on demand, for these merchants only.
 */
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { useProviderFields } from '../provider-fields.ts';
import type { FieldsProps } from '../provider.ts';
import type { StripeSpec } from './spec.ts';
import './stripe.css';

export function StripeCardFields(props: FieldsProps<StripeSpec>): JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  useProviderFields(props.spec.key, props, async (ready) => {
    const { mountStripeCard } = await import('./stripe-mount.ts');
    const made = await mountStripeCard(host.current!, props.spec, props.locale, { ready });
    return { submit: () => made.confirm(), focus: () => made.focus(), destroy: () => made.destroy() };
  });
  return <div ref={host} class="checkout__stripe" role="group" aria-label={props.title} />;
}
