export { BuyerFields, type BuyerFieldsHandle, type BuyerFieldsInitial, type BuyerFieldsProps } from './BuyerFields.tsx';
export { states as buyerFieldsStates } from './BuyerFields.states.ts';
