export { StatusPanel } from './StatusPanel.tsx';
export type { StatusKind, StatusPanelProps } from './StatusPanel.tsx';
export { states as statusPanelStates } from './StatusPanel.states.ts';
