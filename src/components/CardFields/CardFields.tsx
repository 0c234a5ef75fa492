/**
 * The card inputs shared by the field frames (one input per frame, or `combined`) and the
 * sandbox processor's fields page. Values never leave through props: the parent reads them
 * through the handle, inside the frame that owns the keystrokes.
 */
import type { JSX, TargetedInputEvent } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { CardBrand, CardValues, FieldError } from '../../protocol/messages.ts';
import { brandInfo } from '../../card/brand.ts';
import { normalizeCvc } from '../../card/cvc.ts';
import { formatExpiry } from '../../card/expiry.ts';
import { digitsOnly, formatCardNumber } from '../../card/format.ts';
import { t, type MessageKey } from '../../locales/index.ts';
import { BrandIcon } from './BrandIcon.tsx';
import { focusGroup } from '../focus-group.ts';
import { reformat } from './caret.ts';
import {
  brandOf,
  emptyTexts,
  fieldError,
  fieldsFor,
  isVisible,
  problemOf,
  valuesOf,
  type CardFieldsLayout,
  type FieldName,
  type FieldTexts,
  type Reveal,
} from './card-state.ts';
import './card-fields.css';

export type { CardFieldsLayout } from './card-state.ts';

export interface CardFieldsState {
  empty: boolean;
  complete: boolean;
  brand: CardBrand;
  error: FieldError | null;
}

export interface CardFieldsHandle {
  /** Digits-only number, expMonth, expYear (4-digit), cvc, postalCode when shown. */
  values(): CardValues;
  /** True when complete and valid; otherwise shows the errors and focuses the first invalid input. */
  validate(): boolean;
  clear(): void;
  focus(): void;
}

/** Pre-filled texts, for demo states and tests only: card data never enters through props. */
export interface CardFieldsInitial {
  texts?: Partial<FieldTexts>;
  /** Show problems as if validate() had run. */
  revealed?: boolean;
}

export interface CardFieldsProps {
  layout: CardFieldsLayout;
  /** Combined layout only. */
  showPostalCode?: boolean;
  /** 'en' default, 'fr' supported; English fallback. */
  locale?: string;
  disabled?: boolean;
  /** For single-input layouts. */
  placeholder?: string;
  onChange?(state: CardFieldsState): void;
  onFocus?(): void;
  onBlur?(): void;
  onEscape?(): void;
  handleRef?(handle: CardFieldsHandle | null): void;
  initial?: CardFieldsInitial;
  /** Clock for the expiry check; tests and demos pin it. */
  now?: () => Date;
}

interface FieldSpec {
  label: MessageKey;
  placeholder: MessageKey;
  autocomplete: string;
  inputMode: 'numeric' | 'text';
  format(raw: string, deleting: boolean, brand: CardBrand): string;
}

const SPECS: Record<FieldName, FieldSpec> = {
  number: {
    label: 'card.number.label',
    placeholder: 'card.number.placeholder',
    autocomplete: 'cc-number',
    inputMode: 'numeric',
    format: (raw) => formatCardNumber(raw),
  },
  expiry: {
    label: 'card.expiry.label',
    placeholder: 'card.expiry.placeholder',
    autocomplete: 'cc-exp',
    inputMode: 'numeric',
    format: (raw, deleting) => formatExpiry(raw, deleting),
  },
  cvc: {
    label: 'card.cvc.label',
    placeholder: 'card.cvc.placeholder',
    autocomplete: 'cc-csc',
    inputMode: 'numeric',
    format: (raw, _deleting, brand) => normalizeCvc(raw, brand),
  },
  // Postal codes carry letters in many countries (UK, Canada), so the text keyboard.
  postalCode: {
    label: 'card.postal.label',
    placeholder: 'card.postal.placeholder',
    autocomplete: 'postal-code',
    inputMode: 'text',
    format: (raw) => raw.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 16),
  },
};

/**
 * Numbers the instances of a document for their element ids. Not `useId`: nothing here renders on
 * a server, and that hook is code every frame would download for this one use (~0.06 KB gzipped).
 */
let instances = 0;

const noReveal: Record<FieldName, Reveal> = { number: 'none', expiry: 'none', cvc: 'none', postalCode: 'none' };

function sameState(a: CardFieldsState, b: CardFieldsState): boolean {
  return a.empty === b.empty && a.complete === b.complete && a.brand === b.brand && a.error?.code === b.error?.code && a.error?.message === b.error?.message;
}

export function CardFields(props: CardFieldsProps): JSX.Element {
  const { layout, showPostalCode = false, locale, disabled = false } = props;
  const [id] = useState(() => `svp-card${++instances}`);
  const fields = useMemo(() => fieldsFor(layout, showPostalCode), [layout, showPostalCode]);
  const [texts, setTexts] = useState<FieldTexts>(() => ({ ...emptyTexts, ...props.initial?.texts }));
  const [reveal, setReveal] = useState<Record<FieldName, Reveal>>(() =>
    props.initial?.revealed ? { number: 'submit', expiry: 'submit', cvc: 'submit', postalCode: 'submit' } : noReveal,
  );
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const rootRef = useRef<HTMLDivElement>(null);
  const now = props.now ?? (() => new Date());

  const brand = brandOf(texts);
  const problems = Object.fromEntries(fields.map((f) => [f, problemOf(f, texts, now())]));
  const visible = fields.filter((f) => isVisible(problems[f] ?? null, reveal[f], texts[f]));
  const firstVisible = visible[0];
  const firstProblem = firstVisible ? problems[firstVisible] : null;
  const state: CardFieldsState = {
    empty: fields.every((f) => texts[f].trim() === ''),
    complete: fields.every((f) => !problems[f]),
    brand,
    error: firstProblem ? fieldError(locale, firstProblem.code) : null,
  };

  // Handle methods and event callbacks read the latest render through this ref.
  const latest = useRef({ texts, fields, problems, props, state });
  latest.current = { texts, fields, problems, props, state };

  const reported = useRef<CardFieldsState>(state);
  useEffect(() => {
    if (sameState(reported.current, state)) return;
    reported.current = state;
    latest.current.props.onChange?.(state);
  });

  useEffect(() => {
    const handle: CardFieldsHandle = {
      values: () => valuesOf(latest.current.fields, latest.current.texts),
      validate: () => {
        const { fields: fs, problems: ps } = latest.current;
        setReveal({ number: 'submit', expiry: 'submit', cvc: 'submit', postalCode: 'submit' });
        const invalid = fs.find((f) => ps[f]);
        if (invalid) inputs.current[invalid]?.focus();
        return !invalid;
      },
      clear: () => {
        setTexts(emptyTexts);
        setReveal(noReveal);
      },
      focus: () => inputs.current[latest.current.fields[0] ?? 'number']?.focus(),
    };
    props.handleRef?.(handle);
    return () => props.handleRef?.(null);
    // The handle is stable for the component's life; it reads state through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onInput(field: FieldName, event: TargetedInputEvent<HTMLInputElement>) {
    const el = event.currentTarget;
    const previous = latest.current.texts[field];
    // Browser autofill replaces the whole value (no inputType, or insertReplacementText): format it
    // whole, caret at the end, and leave focus where the browser's fill expects it.
    const autofill = !event.inputType || event.inputType === 'insertReplacementText';
    const deleting = !autofill && (/^delete/.test(event.inputType) || el.value.length < previous.length);
    const caret = autofill ? el.value.length : (el.selectionStart ?? el.value.length);
    const edit = reformat(el.value, caret, previous, deleting, (raw, del) => SPECS[field].format(raw, del, brandOf(latest.current.texts)));
    // Set the DOM value ourselves so the caret can be restored; Preact then sees no difference.
    el.value = edit.text;
    if (el.ownerDocument.activeElement === el) el.setSelectionRange(edit.caret, edit.caret);
    const next = { ...latest.current.texts, [field]: edit.text };
    if (field === 'number') next.cvc = normalizeCvc(next.cvc, brandOf(next));
    setTexts(next);
    setReveal((r) => ({ ...r, [field]: 'none' }));
    if (!deleting && !autofill && edit.caret === edit.text.length) advance(field, next);
  }

  /** Moves to the next input once this one cannot take more, in the combined layout. */
  function advance(field: FieldName, next: FieldTexts) {
    const fs = latest.current.fields;
    const after = fs[fs.indexOf(field) + 1];
    if (!after || problemOf(field, next, now())) return;
    const digits = digitsOnly(next.number);
    // 14-digit Diners numbers can grow to 16, so only jump once a common full length is reached.
    const full =
      field === 'number'
        ? digits.length >= 15 || digits.length === Math.max(...brandInfo(digits).lengths)
        : field === 'expiry' || (field === 'cvc' && next.cvc.length === (brandOf(next) === 'amex' ? 4 : 3));
    if (full) inputs.current[after]?.focus();
  }

  const group = focusGroup(rootRef, props);

  function onBlurInput(field: FieldName, event: FocusEvent) {
    setReveal((r) => ({ ...r, [field]: r[field] === 'submit' ? 'submit' : 'blur' }));
    group.leave(event);
  }

  const single = layout !== 'combined';
  const info = brandInfo(digitsOnly(texts.number));
  const rootClass = `svp-card svp-card--${layout}${fields.length === 4 ? ' svp-card--postal' : ''}${disabled ? ' svp-card--disabled' : ''}`;

  return (
    <div class={rootClass} ref={rootRef} role={single ? undefined : 'group'} aria-label={single ? undefined : t(locale, 'card.group.label')}>
      <div class="svp-card__row">
        {fields.map((field) => {
          const spec = SPECS[field];
          const inputId = `${id}-${field}`;
          const errorId = `${inputId}-error`;
          const brandId = `${inputId}-brand`;
          const shown = visible.includes(field);
          const problem = problems[field];
          const showBrand = field === 'number' && brand !== 'unknown';
          const describedBy = [showBrand ? brandId : '', shown ? errorId : ''].filter(Boolean).join(' ') || undefined;
          const placeholder = single && props.placeholder !== undefined ? props.placeholder : t(locale, spec.placeholder);
          return (
            <div class={`svp-field svp-field--${field}${shown ? ' svp-field--invalid' : ''}${showBrand ? ' svp-field--branded' : ''}`} key={field}>
              <label class={single ? 'svp-visually-hidden' : 'svp-field__label'} for={inputId}>
                {t(locale, spec.label)}
              </label>
              {/* Left to right in every language: see card-fields.css. */}
              <div class="svp-field__control" dir="ltr">
                <input
                  ref={(el) => {
                    inputs.current[field] = el;
                  }}
                  id={inputId}
                  class="svp-field__input"
                  type="text"
                  name={field === 'postalCode' ? 'postal' : field}
                  inputMode={spec.inputMode}
                  autocomplete={spec.autocomplete}
                  autocorrect="off"
                  spellcheck={false}
                  placeholder={placeholder}
                  value={texts[field]}
                  disabled={disabled}
                  aria-invalid={shown ? 'true' : 'false'}
                  aria-describedby={describedBy}
                  onInput={(e) => onInput(field, e)}
                  onBlur={(e) => onBlurInput(field, e)}
                  onFocus={group.enter}
                  onKeyDown={group.onKeyDown}
                />
                {showBrand && (
                  <span class="svp-brand">
                    <BrandIcon brand={brand} />
                    <span class="svp-visually-hidden" id={brandId}>
                      {t(locale, 'card.brand.label', { brand: info.label })}
                    </span>
                  </span>
                )}
              </div>
              {/* Always present so screen readers announce the text when it appears. */}
              <div class="svp-field__error" id={errorId} aria-live="polite">
                {shown && problem ? fieldError(locale, problem.code).message : ''}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
