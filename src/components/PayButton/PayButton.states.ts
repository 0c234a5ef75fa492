import type { DemoStates } from '../demo-state.ts';
import type { PayButtonProps } from './PayButton.tsx';

export const states: DemoStates<PayButtonProps> = {
  idle: { description: 'Ready to pay', main: true, props: { amount: '$10.00' } },
  busy: { description: 'Payment in progress', main: true, props: { amount: '$10.00', busy: true } },
  disabled: { description: 'Waiting for the card fields', props: { amount: '$10.00', disabled: true } },
  french: { description: 'French label', props: { amount: '10,00 €', locale: 'fr' } },
  continue: { description: 'Buyer details first: saves them, then the card fields show', props: { amount: '$10.00', step: 'continue' } },
};
