/** Braintree: Hosted Fields (`hosted_fields`) or Drop-in with the buyer's saved cards (`vault_hosted_fields`). */
import { defineProvider } from '../provider.ts';
import { BraintreeFields } from './BraintreeFields.tsx';
import { braintreeSpec } from './spec.ts';

export const braintree = defineProvider({ name: 'braintree', modes: ['hosted_fields', 'vault_hosted_fields'], spec: braintreeSpec, Fields: BraintreeFields });
