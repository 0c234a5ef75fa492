import type { DemoStates } from '../demo-state.ts';
import type { AddressFieldsProps } from './address-props.ts';

export const states: DemoStates<AddressFieldsProps> = {
  'empty-billing-us': { description: 'Billing address, United States, nothing typed', main: true, props: { mode: 'billing', defaultCountry: 'US' } },
  'filled-shipping-gb': {
    description: 'Shipping address in the United Kingdom, with name and phone',
    props: {
      mode: 'shipping',
      fields: { name: 'required', phone: 'optional' },
      initial: { texts: { country: 'GB', name: 'Ada Lovelace', line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', phone: '+44 20 7946 0000' } },
    },
  },
  'invalid-postal-ca': {
    description: 'Canadian postal code that cannot exist (D is never used), errors shown',
    main: true,
    props: {
      mode: 'billing',
      initial: { texts: { country: 'CA', line1: '111 Wellington Street', city: 'Ottawa', state: 'ON', postalCode: 'D1A 0B1' }, revealed: true },
    },
  },
  'japanese-layout': {
    description: 'Japan in Japanese: postal code and prefecture first',
    props: {
      mode: 'shipping',
      locale: 'ja',
      fields: { name: 'required' },
      initial: { texts: { country: 'JP', name: '山田 太郎', postalCode: '100-0001', state: 'Tokyo', city: '千代田区', line1: '千代田1-1' } },
    },
  },
  'german-in-german': {
    description: 'German address, German labels: Postleitzahl before Stadt, no state',
    props: { mode: 'billing', locale: 'de', defaultCountry: 'DE', initial: { texts: { line1: 'Unter den Linden 77', postalCode: '10117' }, revealed: true } },
  },
  'arabic-rtl': {
    description: 'Arabic, right to left, United Arab Emirates (generic form)',
    props: { mode: 'shipping', locale: 'ar', defaultCountry: 'AE', fields: { name: 'required', phone: 'required' } },
  },
  'optional-address': {
    description: "Session's billingAddress 'auto': the whole address may be left blank",
    props: { mode: 'billing', required: false, defaultCountry: 'FR', initial: { revealed: true } },
  },
  'restricted-countries': {
    description: 'Merchant ships to three countries only',
    props: { mode: 'shipping', allowedCountries: ['US', 'CA', 'MX'], defaultCountry: 'CA' },
  },
  disabled: {
    description: 'Disabled while paying',
    props: { mode: 'billing', disabled: true, initial: { texts: { country: 'US', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' } } },
  },
};
