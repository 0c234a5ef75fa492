/** Braintree's fields as the spec's `ui` asks: Drop-in (the buyer's saved cards) or Hosted Fields. */
import type { JSX } from 'preact';
import type { FieldsProps } from '../provider.ts';
import { BraintreeCardFields } from './BraintreeCardFields.tsx';
import { BraintreeDropIn } from './BraintreeDropIn.tsx';
import type { BraintreeSpec } from './spec.ts';
import './braintree.css';

export function BraintreeFields(props: FieldsProps<BraintreeSpec>): JSX.Element {
  return props.spec.ui === 'dropin' ? <BraintreeDropIn {...props} /> : <BraintreeCardFields {...props} />;
}
