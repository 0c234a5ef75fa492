import type { DemoStates } from '../demo-state.ts';
import type { TextFieldProps } from './TextField.tsx';

export const states: DemoStates<TextFieldProps> = {
  'empty-email': { main: true, description: 'Required email, nothing typed', props: { label: 'Email', type: 'email', autocomplete: 'email', required: true, value: '', dir: 'ltr' } },
  'optional-name': { description: 'Optional full name', props: { label: 'Full name', autocomplete: 'name', value: '' } },
  filled: { description: 'Phone typed', props: { label: 'Phone', type: 'tel', autocomplete: 'tel', required: true, value: '+1 415 555 0100', dir: 'ltr' } },
  'missing-required': { description: 'Required input left blank after Pay', props: { label: 'Email', type: 'email', required: true, value: '', error: 'This field is required.', dir: 'ltr' } },
  'invalid-email': { main: true, description: 'Email without a domain', props: { label: 'Email', type: 'email', required: true, value: 'ada@', error: 'Your email address is invalid.', dir: 'ltr' } },
  'arabic-rtl': { description: 'Arabic, right to left, optional phone', props: { label: 'الهاتف', type: 'tel', value: '', locale: 'ar', dir: 'ltr' } },
  disabled: { description: 'Disabled while paying', props: { label: 'Email', type: 'email', required: true, value: 'ada@example.com', disabled: true, dir: 'ltr' } },
};
