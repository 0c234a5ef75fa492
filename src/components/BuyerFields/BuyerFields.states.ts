import type { DemoStates } from '../demo-state.ts';
import type { BuyerFieldsProps } from './BuyerFields.tsx';

const none = { email: 'none', name: 'none', phone: 'none', shippingAddress: 'none', billingAddress: 'none' } as const;
const all = { email: 'required', name: 'required', phone: 'required', shippingAddress: 'required', billingAddress: 'required' } as const;

export const states: DemoStates<BuyerFieldsProps> = {
  'default-account': { description: 'Default account settings: optional email and name', props: { plan: { ...none, email: 'optional', name: 'optional' } } },
  'everything-required': { main: true, description: 'Email, name, phone, shipping and billing address all required', props: { plan: all, country: 'US' } },
  'missing-required': { main: true, description: 'Everything required, Pay pressed with nothing typed', props: { plan: all, country: 'US', initial: { revealed: true, shipping: { revealed: true }, billing: { revealed: true } } } },
  'invalid-email': {
    description: 'An email without a domain, shown after Pay',
    props: { plan: { ...none, email: 'required', phone: 'optional' }, initial: { texts: { email: 'ada@' }, revealed: true } },
  },
  'optional-shipping': { description: 'Shipping address the buyer may leave blank', props: { plan: { ...none, email: 'optional', shippingAddress: 'optional' }, country: 'GB' } },
  'german-in-german': { description: 'German labels, email and phone required', props: { plan: { ...none, email: 'required', phone: 'required', shippingAddress: 'required' }, locale: 'de', country: 'DE' } },
  'arabic-rtl': { description: 'Arabic, right to left', props: { plan: { ...none, email: 'required', name: 'optional', phone: 'optional' }, locale: 'ar', country: 'AE' } },
  disabled: { description: 'Disabled while paying', props: { plan: { ...none, email: 'required', name: 'required' }, disabled: true, initial: { texts: { email: 'ada@example.com', name: 'Ada Lovelace' } } } },
};
