/** What the AddressFields component (AddressFields.tsx) takes, and the handle it gives its parent. */
import type { AddressState, AddressValue } from '../../protocol/messages.ts';
import type { AddressTexts, FieldMode } from './address-state.ts';

export type AddressMode = 'billing' | 'shipping';

export interface AddressFieldsHandle {
  values(): AddressValue;
  /** True when complete and valid; otherwise shows the errors and focuses the first invalid input. */
  validate(): boolean;
  clear(): void;
  focus(): void;
}

/** Pre-filled texts, for demo states and tests only. */
export interface AddressFieldsInitial {
  texts?: Partial<AddressTexts>;
  /** Show problems as if validate() had run. */
  revealed?: boolean;
}

export interface AddressFieldsProps {
  mode: AddressMode;
  locale?: string;
  disabled?: boolean;
  /** ISO 3166-1 alpha-2; else the locale's region or language decides. */
  defaultCountry?: string;
  /** ISO 3166-1 alpha-2 codes the buyer may pick; every country when absent or empty. */
  allowedCountries?: readonly string[];
  fields?: { name?: FieldMode; phone?: FieldMode };
  /** False: the buyer may leave the whole address blank (the session's 'auto'). Default true. */
  required?: boolean;
  onChange?(state: AddressState): void;
  onReady?(state: AddressState): void;
  onFocus?(): void;
  onBlur?(): void;
  onEscape?(): void;
  handleRef?(handle: AddressFieldsHandle | null): void;
  initial?: AddressFieldsInitial;
}
