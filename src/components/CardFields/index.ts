export { CardFields } from './CardFields.tsx';
export type { CardFieldsHandle, CardFieldsInitial, CardFieldsLayout, CardFieldsProps, CardFieldsState } from './CardFields.tsx';
export { states as cardFieldsStates } from './CardFields.states.ts';
