export { OrderSummary } from './OrderSummary.tsx';
export type { LineItem, OrderSummaryProps } from './OrderSummary.tsx';
export { states as orderSummaryStates } from './OrderSummary.states.ts';
