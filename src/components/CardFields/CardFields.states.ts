import type { DemoStates } from '../demo-state.ts';
import type { CardFieldsProps } from './CardFields.tsx';

// Pinned clock so "expired" and "filled" stay what they say whatever day the demo runs.
const now = () => new Date(2026, 0, 15);

export const states: DemoStates<CardFieldsProps> = {
  empty: { description: 'Combined layout, nothing typed', props: { layout: 'combined', now } },
  'empty-postal': { description: 'Combined layout with postal code', props: { layout: 'combined', showPostalCode: true, now } },
  'filled-visa': {
    description: 'Complete Visa card',
    main: true,
    props: { layout: 'combined', now, initial: { texts: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } } },
  },
  'filled-amex': {
    description: 'Complete American Express card (4-digit security code)',
    props: { layout: 'combined', showPostalCode: true, now, initial: { texts: { number: '3782 822463 10005', expiry: '04 / 30', cvc: '1234', postalCode: '94107' } } },
  },
  'invalid-number': {
    description: 'Number fails the Luhn check',
    main: true,
    props: { layout: 'combined', now, initial: { texts: { number: '4242 4242 4242 4241' }, revealed: true } },
  },
  expired: {
    description: 'Expiry date in the past',
    props: { layout: 'combined', now, initial: { texts: { number: '4242 4242 4242 4242', expiry: '01 / 20', cvc: '123' } } },
  },
  'incomplete-submitted': {
    description: 'validate() on empty inputs',
    props: { layout: 'combined', showPostalCode: true, now, initial: { revealed: true } },
  },
  disabled: { description: 'Disabled while paying', props: { layout: 'combined', disabled: true, now, initial: { texts: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } } } },
  french: { description: 'French labels and errors', props: { layout: 'combined', showPostalCode: true, locale: 'fr', now, initial: { texts: { number: '4242' }, revealed: true } } },
  japanese: { description: 'Japanese labels and errors', props: { layout: 'combined', showPostalCode: true, locale: 'ja', now, initial: { texts: { number: '4242' }, revealed: true } } },
  'number-only': { description: 'Single input: card number (field frame)', props: { layout: 'number', placeholder: 'Card number', now } },
  'expiry-only': { description: 'Single input: expiration date', props: { layout: 'expiry', now } },
  'cvc-only': { description: 'Single input: security code', props: { layout: 'cvc', now } },
};
