export { TextField, type TextFieldProps } from './TextField.tsx';
export { states as textFieldStates } from './TextField.states.ts';
