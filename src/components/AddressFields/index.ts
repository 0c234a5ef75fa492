export { AddressFields } from './AddressFields.tsx';
export type { AddressFieldsHandle, AddressFieldsInitial, AddressFieldsProps, AddressMode } from './address-props.ts';
export type { AddressTexts, FieldMode } from './address-state.ts';
export { addressOptionsFor, type AddressOptions, type AddressSessionView } from './address-options.ts';
export { countryRules, genericRule, postalValid, ruleFor } from '../../address/address-rules.ts';
export { states as addressFieldsStates } from './AddressFields.states.ts';
