import type { DemoStates } from '../demo-state.ts';
import type { WalletButtonProps } from './WalletButton.tsx';
import { applePayMethodData } from './wallet-request.ts';

const methods: WalletButtonProps['methods'] = [
  { type: 'google_pay', data: { apiVersion: 2, apiVersionMinor: 0, environment: 'TEST' } },
  { type: 'apple_pay', data: applePayMethodData('US') },
];
const total = { amount: 2500, currency: 'usd', label: 'Tea Shop' };
// Demo states never open a sheet: the charge answers at once.
const onPaymentMethod = async () => true;

export const states: DemoStates<WalletButtonProps> = {
  'google-pay': { description: 'Google Pay offered', main: true, props: { methods, total, onPaymentMethod, initialStatus: 'ready', initialWallet: 'google_pay' } },
  'apple-pay': { description: 'Apple Pay offered', props: { methods, total, onPaymentMethod, initialStatus: 'ready', initialWallet: 'apple_pay' } },
  paying: { description: 'Sheet open, charge running', props: { methods, total, onPaymentMethod, initialStatus: 'paying', initialWallet: 'google_pay' } },
  disabled: { description: 'Disabled by the page', props: { methods, total, onPaymentMethod, disabled: true, initialStatus: 'ready', initialWallet: 'google_pay' } },
  french: { description: 'French label', props: { methods, total, onPaymentMethod, locale: 'fr', initialStatus: 'ready', initialWallet: 'apple_pay' } },
  arabic: { description: 'Arabic label', props: { methods, total, onPaymentMethod, locale: 'ar', initialStatus: 'ready', initialWallet: 'google_pay' } },
};
