/** Stripe's card element: stripe.js confirms (`card_element`), or the service does with the PaymentMethod (`agent_hosted_fields`). */
import { defineProvider } from '../provider.ts';
import { StripeCardFields } from './StripeCardFields.tsx';
import { stripeSpec } from './spec.ts';

export const stripe = defineProvider({ name: 'stripe', modes: ['card_element', 'agent_hosted_fields'], spec: stripeSpec, Fields: StripeCardFields });
