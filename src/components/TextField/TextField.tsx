/**
 * One labelled text input (email, name, phone) in the look of CardFields and AddressFields: the
 * label is its accessible name, an error shows under it, is announced (a live region that is
 * always in the page) and described to the input (aria-describedby, aria-invalid). Controlled:
 * the parent owns the value and decides when a problem shows.
 */
import type { JSX, Ref } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../../locales/index.ts';
// The shared look and custom properties (`--svp-*`) of every field.
import '../CardFields/card-fields.css';
import './text-field.css';

export interface TextFieldProps {
  /** Visible label and accessible name. */
  label: string;
  value: string;
  onInput?(value: string): void;
  onBlur?(): void;
  /** `email` and `tel` bring the matching keyboard; every input is checked by its owner, not by the browser. */
  type?: 'text' | 'email' | 'tel';
  autocomplete?: string;
  name?: string;
  required?: boolean;
  /** The problem to show under the input; null or absent: none. */
  error?: string | null;
  maxLength?: number;
  /** Phone numbers and email addresses read left to right on a right-to-left page too. */
  dir?: 'ltr';
  disabled?: boolean;
  /** For the "(optional)" mark of an input that may stay blank. */
  locale?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** Numbers the instances of a document for their element ids (see CardFields on `useId`). */
let instances = 0;

const INPUT_MODE = { text: 'text', email: 'email', tel: 'tel' } as const;

export function TextField(props: TextFieldProps): JSX.Element {
  const { label, value, type = 'text', required = false, error = null, disabled = false, locale } = props;
  const [id] = useState(() => `svp-text${++instances}`);
  const errorId = `${id}-error`;
  return (
    <div class={`svp-card svp-field svp-text-field${error ? ' svp-field--invalid' : ''}`}>
      <label class="svp-field__label" for={id}>
        {label}
        {/* Out of the accessible name ("Phone"); aria-required tells the required ones apart. */}
        {!required && (
          <span class="svp-field__optional" aria-hidden="true">
            {' '}
            {t(locale, 'address.optional')}
          </span>
        )}
      </label>
      <div class="svp-field__control">
        <input
          ref={props.inputRef}
          id={id}
          class="svp-field__input"
          // One of text, email, tel: Preact's input typing cannot narrow a union prop to its overloads.
          type={type as 'text'}
          name={props.name}
          inputMode={INPUT_MODE[type]}
          autocomplete={props.autocomplete}
          maxLength={props.maxLength}
          dir={props.dir}
          autocorrect="off"
          autocapitalize={type === 'text' ? undefined : 'off'}
          spellcheck={false}
          disabled={disabled}
          value={value}
          aria-invalid={error ? 'true' : 'false'}
          aria-required={required ? 'true' : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={(e) => props.onInput?.(e.currentTarget.value)}
          onBlur={() => props.onBlur?.()}
        />
      </div>
      {/* Always present so screen readers announce the text when it appears. */}
      <div class="svp-field__error" id={errorId} aria-live="polite">
        {error ?? ''}
      </div>
    </div>
  );
}
