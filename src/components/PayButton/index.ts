export { PayButton } from './PayButton.tsx';
export type { PayButtonProps } from './PayButton.tsx';
export { states as payButtonStates } from './PayButton.states.ts';
