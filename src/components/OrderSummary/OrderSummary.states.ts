import type { DemoStates } from '../demo-state.ts';
import type { OrderSummaryProps } from './OrderSummary.tsx';

export const states: DemoStates<OrderSummaryProps> = {
  simple: { description: 'One amount, no line items', props: { merchantName: 'Demo Shop', amount: 1000, currency: 'USD', lineItems: [] } },
  'line-items': {
    description: 'Several line items with a description',
    main: true,
    props: {
      merchantName: 'Demo Shop',
      description: 'Order #1042',
      amount: 4650,
      currency: 'USD',
      lineItems: [
        { name: 'T-shirt', quantity: 2, unitAmount: 1500 },
        { name: 'Sticker pack', quantity: 1, unitAmount: 1650 },
      ],
    },
  },
  sandbox: { description: 'Sandbox badge', props: { merchantName: 'Demo Shop', amount: 1000, currency: 'USD', lineItems: [], livemode: false } },
  'zero-decimal': { description: 'Yen, no minor digits', props: { merchantName: '東京ストア', amount: 1500, currency: 'JPY', lineItems: [], locale: 'en' } },
  french: {
    description: 'French locale, euros',
    props: { merchantName: 'Boutique', description: 'Commande 7', amount: 2500, currency: 'EUR', locale: 'fr', lineItems: [{ name: 'Livre', quantity: 1, unitAmount: 2500 }] },
  },
};
