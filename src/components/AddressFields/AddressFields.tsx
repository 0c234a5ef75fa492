/**
 * The `address` element's inputs: a billing or shipping address laid out the way the chosen
 * country writes one. Hosted by a field frame like CardFields, with the same handle shape; unlike
 * card data, its state carries the value (the merchant needs the address), as AddressState.
 */
import type { JSX, TargetedEvent, TargetedInputEvent } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { localeDir, t } from '../../locales/index.ts';
import { ruleFor, type AddressPart } from '../../address/address-rules.ts';
import {
  emptyTexts,
  formatPhone,
  isRequired,
  isVisible,
  maxLength,
  partsFor,
  problemOf,
  stateOf,
  valueOf,
  type AddressConfig,
  type AddressTexts,
  type Part,
  type Reveal,
} from './address-state.ts';
import type { AddressFieldsHandle, AddressFieldsProps } from './address-props.ts';
import { focusGroup } from '../focus-group.ts';
import { allowedList, countryOptions, initialCountry } from './countries.ts';
import { subdivisionName } from '../../address/subdivisions.ts';
import { AUTOCOMPLETE, LABELS, caretAfter, revealAll, significant, withStateCode } from './address-inputs.ts';
// The card's look and custom properties (`--svp-*`), so appearance applies to both alike.
import '../CardFields/card-fields.css';
import './address-fields.css';

/** Numbers the instances of a document for their element ids (see CardFields on `useId`). */
let instances = 0;

export function AddressFields(props: AddressFieldsProps): JSX.Element {
  const { mode, locale, disabled = false } = props;
  const [id] = useState(() => `svp-address${++instances}`);
  const config: AddressConfig = {
    name: props.fields?.name ?? 'never',
    phone: props.fields?.phone ?? 'never',
    required: props.required ?? true,
  };
  const allowed = useMemo(() => allowedList(props.allowedCountries), [props.allowedCountries?.join()]);
  const options = useMemo(() => countryOptions(allowed, locale), [allowed, locale]);
  const startCountry = () => {
    const wanted = props.initial?.texts?.country?.toUpperCase();
    return wanted && allowed.includes(wanted) ? wanted : initialCountry(options.map((o) => o.code), props.defaultCountry, locale);
  };
  const [texts, setTexts] = useState<AddressTexts>(() => withStateCode({ ...emptyTexts(''), ...props.initial?.texts, country: startCountry() }));
  const [reveal, setReveal] = useState<Record<Part, Reveal>>(() => revealAll(props.initial?.revealed ? 'submit' : 'none'));
  const inputs = useRef<Partial<Record<Part | 'country', HTMLInputElement | HTMLSelectElement | null>>>({});
  const rootRef = useRef<HTMLDivElement>(null);

  const rule = ruleFor(texts.country);
  const parts = partsFor(rule, config);
  const state = stateOf(texts, config, reveal, locale);

  const latest = useRef({ texts, parts, config, props, state });
  latest.current = { texts, parts, config, props, state };

  const reported = useRef<string | null>(null);
  useEffect(() => {
    const json = JSON.stringify(state);
    if (reported.current === null) latest.current.props.onReady?.(state);
    else if (reported.current !== json) latest.current.props.onChange?.(state);
    reported.current = json;
  });

  useEffect(() => {
    const firstInput = () => inputs.current[latest.current.parts[0] === 'name' ? 'name' : 'country'];
    const handle: AddressFieldsHandle = {
      values: () => valueOf(latest.current.texts, latest.current.config),
      validate: () => {
        const { parts: ps, texts: ts, config: c } = latest.current;
        setReveal(revealAll('submit'));
        const invalid = ps.find((p) => problemOf(p, ts, c));
        if (invalid) inputs.current[invalid]?.focus();
        return !invalid;
      },
      clear: () => {
        setTexts((ts) => emptyTexts(ts.country));
        setReveal(revealAll('none'));
      },
      focus: () => firstInput()?.focus(),
    };
    props.handleRef?.(handle);
    return () => props.handleRef?.(null);
    // The handle is stable for the component's life; it reads state through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function setText(part: Part, text: string) {
    setTexts((ts) => ({ ...ts, [part]: text }));
    setReveal((r) => (r[part] === 'submit' ? r : { ...r, [part]: 'none' }));
  }

  function onInput(part: Part, event: TargetedInputEvent<HTMLInputElement>) {
    const el = event.currentTarget;
    let text = el.value.slice(0, maxLength[part]);
    if (part === 'postalCode' || part === 'phone') {
      const caret = el.selectionStart ?? el.value.length;
      const count = significant(el.value, caret);
      text = part === 'phone' ? formatPhone(el.value) : ruleFor(latest.current.texts.country).postal.format(el.value);
      // Set the DOM value ourselves so the caret can be restored; Preact then sees no difference.
      el.value = text;
      if (el.ownerDocument.activeElement === el) {
        const at = caret >= el.value.length ? text.length : caretAfter(text, count);
        el.setSelectionRange(at, at);
      }
    }
    setText(part, text);
  }

  function onCountry(event: TargetedEvent<HTMLSelectElement>) {
    const country = event.currentTarget.value;
    // Street, city, postal code, name and phone carry over; a subdivision belongs to its country.
    setTexts((ts) => ({ ...ts, country, state: '' }));
    setReveal((r) => (r.state === 'submit' ? r : { ...r, state: 'none' }));
  }

  const group = focusGroup(rootRef, props);

  function onBlurInput(part: Part, event: FocusEvent) {
    if (part === 'postalCode') {
      // The canonical form once the buyer is done (a GB postcode gets its space here).
      const normalized = ruleFor(latest.current.texts.country).postal.normalize(latest.current.texts.postalCode);
      if (normalized !== latest.current.texts.postalCode) setTexts((ts) => ({ ...ts, postalCode: normalized }));
    }
    setReveal((r) => ({ ...r, [part]: r[part] === 'submit' ? 'submit' : 'blur' }));
    group.leave(event);
  }


  const labelOf = (part: Part): string => {
    if (part === 'city') return t(locale, rule.city);
    if (part === 'state') return t(locale, rule.state?.label ?? 'address.state.region');
    if (part === 'postalCode') return t(locale, rule.postal.label);
    return t(locale, LABELS[part]);
  };

  /** Label, control and error of one input; `control` gets the shared attributes. */
  function field(part: Part | 'country', label: string, control: (common: Record<string, unknown>) => JSX.Element, problemShown: string | null, required: boolean) {
    const inputId = `${id}-${part}`;
    const errorId = `${inputId}-error`;
    const common = {
      id: inputId,
      ref: (el: HTMLInputElement | HTMLSelectElement | null) => {
        inputs.current[part] = el;
      },
      name: part,
      autocomplete: `${mode} ${AUTOCOMPLETE[part]}`,
      disabled,
      'aria-invalid': problemShown ? 'true' : 'false',
      'aria-required': required ? 'true' : undefined,
      'aria-describedby': problemShown ? errorId : undefined,
      onFocus: group.enter,
      onKeyDown: group.onKeyDown,
    };
    return (
      <div class={`svp-field svp-field--${part}${problemShown ? ' svp-field--invalid' : ''}`} key={part}>
        <label class="svp-field__label" for={inputId}>
          {label}
          {/* Out of the accessible name ("Address line 2"); aria-required tells the others apart. */}
          {!required && part !== 'country' && (
            <span class="svp-field__optional" aria-hidden="true">
              {' '}
              {t(locale, 'address.optional')}
            </span>
          )}
        </label>
        <div class="svp-field__control">{control(common)}</div>
        {/* Always present so screen readers announce the text when it appears. */}
        <div class="svp-field__error" id={errorId} aria-live="polite">
          {problemShown ?? ''}
        </div>
      </div>
    );
  }

  function renderPart(part: Part) {
    const problem = problemOf(part, texts, config);
    const shown = isVisible(problem, reveal[part], texts[part]) && problem ? t(locale, problem.message) : null;
    const required = isRequired(part, rule, config, texts);
    const list = part === 'state' ? rule.state?.options : undefined;
    if (list) {
      return field(
        part,
        labelOf(part),
        (common) => (
          <select {...common} class="svp-field__input svp-field__select" value={texts.state} onChange={(e) => setText('state', e.currentTarget.value)} onBlur={(e) => onBlurInput(part, e)}>
            <option value="">{t(locale, 'address.select')}</option>
            {list.map((s) => (
              <option value={s.code} key={s.code}>
                {subdivisionName(s, rule.state?.localLanguage, locale)}
              </option>
            ))}
          </select>
        ),
        shown,
        required,
      );
    }
    const postal = part === 'postalCode';
    return field(
      part,
      labelOf(part),
      (common) => (
        <input
          {...common}
          class="svp-field__input"
          // The phone keypad comes from inputMode and autofill from autocomplete="… tel".
          type="text"
          // Digits, codes and numbers read left to right on a right-to-left page too.
          dir={postal || part === 'phone' ? 'ltr' : undefined}
          inputMode={postal ? rule.postal.inputMode : part === 'phone' ? ('tel' as const) : ('text' as const)}
          maxLength={postal ? rule.postal.max : maxLength[part]}
          placeholder={postal ? rule.postal.placeholder : undefined}
          autocorrect="off"
          spellcheck={false}
          value={texts[part]}
          onInput={(e) => onInput(part, e)}
          onBlur={(e) => onBlurInput(part, e)}
        />
      ),
      shown,
      required,
    );
  }

  const rows: Part[][] = [
    ...(config.name === 'never' ? [] : [['name' as const]]),
    ...rule.rows.map((row) => [...row] as AddressPart[]),
    ...(config.phone === 'never' ? [] : [['phone' as const]]),
  ];
  const nameRow = rows[0]?.[0] === 'name' ? rows.shift() : undefined;

  return (
    <div
      class={`svp-card svp-address svp-address--${texts.country.toLowerCase()}${disabled ? ' svp-address--disabled' : ''}`}
      ref={rootRef}
      dir={localeDir(locale)}
      role="group"
      aria-label={t(locale, mode === 'shipping' ? 'address.group.shipping' : 'address.group.billing')}
    >
      {nameRow && <div class="svp-address__row">{nameRow.map(renderPart)}</div>}
      <div class="svp-address__row">
        {field(
          'country',
          t(locale, 'address.country.label'),
          (common) => (
            <select {...common} class="svp-field__input svp-field__select" value={texts.country} onChange={onCountry} onBlur={group.leave}>
              {options.map((o) => (
                <option value={o.code} key={o.code}>
                  {o.name}
                </option>
              ))}
            </select>
          ),
          null,
          true,
        )}
      </div>
      {rows.map((row) => (
        <div class={`svp-address__row svp-address__row--${row.length}`} key={row.join()}>
          {row.map(renderPart)}
        </div>
      ))}
    </div>
  );
}
