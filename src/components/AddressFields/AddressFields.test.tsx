// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { AddressState } from '../../protocol/messages.ts';
import { mountPoint } from '../test-dom.ts';
import { AddressFields, type AddressFieldsHandle, type AddressFieldsProps } from './index.ts';
import { states } from './AddressFields.states.ts';
import ar from '../../locales/ar.json';
import de from '../../locales/de.json';
import ja from '../../locales/ja.json';

const root = mountPoint();

async function mount(props: Partial<AddressFieldsProps> = {}) {
  let handle: AddressFieldsHandle | null = null;
  const onChange = vi.fn<(s: AddressState) => void>();
  const onReady = vi.fn<(s: AddressState) => void>();
  await act(() => {
    render(<AddressFields mode="billing" onChange={onChange} onReady={onReady} handleRef={(h) => (handle = h)} {...props} />, root.el);
  });
  return { onChange, onReady, handle: () => handle! };
}

/** The control whose <label> reads `name` (an optional field's "(optional)" is aria-hidden). */
function byLabel<T extends HTMLElement = HTMLInputElement>(name: string): T {
  const label = [...root.el.querySelectorAll('label')].find((l) => accessibleText(l) === name);
  if (!label) throw new Error(`no label ${name}; have ${labels().join(', ')}`);
  const control = root.el.querySelector<T>(`#${CSS.escape(label.htmlFor)}`);
  if (!control) throw new Error(`no control for ${name}`);
  return control;
}

function accessibleText(el: Element): string {
  let text = '';
  for (const node of el.childNodes) {
    if (node.nodeType === 3) text += node.textContent;
    else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') text += accessibleText(node);
  }
  return text.trim();
}

const labels = () => [...root.el.querySelectorAll('label')].map(accessibleText);
const last = (fn: { mock: { calls: [AddressState][] } }) => fn.mock.calls.at(-1)?.[0];

async function type(input: HTMLInputElement, text: string) {
  await act(() => input.focus());
  for (const ch of text) {
    await act(() => {
      input.value += ch;
      input.setSelectionRange(input.value.length, input.value.length);
      input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: ch }));
    });
  }
}

async function pick(select: HTMLSelectElement, value: string) {
  await act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function blur(input: HTMLElement) {
  await act(() => {
    input.blur();
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

async function validate(handle: AddressFieldsHandle): Promise<boolean> {
  let ok = false;
  await act(() => {
    ok = handle.validate();
  });
  return ok;
}

const errorOf = (control: HTMLElement) => {
  const id = control.getAttribute('aria-describedby');
  return id ? root.el.querySelector(`#${CSS.escape(id)}`)?.textContent : undefined;
};

describe('AddressFields', () => {
  it('lays out a US address with a ZIP code and a state list', async () => {
    await mount({ defaultCountry: 'US' });
    expect(labels()).toEqual(['Country', 'Address line 1', 'Address line 2', 'City', 'State', 'ZIP code']);
    const state = byLabel<HTMLSelectElement>('State');
    expect(state.tagName).toBe('SELECT');
    expect([...state.options].map((o) => o.textContent)).toContain('California');
    expect(root.el.querySelector('[role=group]')?.getAttribute('aria-label')).toBe('Billing address');
  });

  it.each([
    ['CA', ['Country', 'Address line 1', 'Address line 2', 'City', 'Province', 'Postal code']],
    ['GB', ['Country', 'Address line 1', 'Address line 2', 'City', 'County', 'Postcode']],
    ['DE', ['Country', 'Address line 1', 'Address line 2', 'Postal code', 'City']],
    ['FR', ['Country', 'Address line 1', 'Address line 2', 'Postal code', 'City']],
    ['JP', ['Country', 'Postal code', 'Prefecture', 'City', 'Address line 1', 'Address line 2']],
    ['AU', ['Country', 'Address line 1', 'Address line 2', 'Suburb', 'State', 'Postcode']],
    ['BR', ['Country', 'Address line 1', 'Address line 2', 'City', 'Region', 'Postal code']],
  ])('lays out %s in its own order and words', async (country, want) => {
    await mount({ defaultCountry: country });
    expect(labels()).toEqual(want);
  });

  it('marks optional inputs without changing their accessible names', async () => {
    await mount({ defaultCountry: 'GB' });
    expect(byLabel('Address line 1').getAttribute('aria-required')).toBe('true');
    expect(byLabel('Address line 2').getAttribute('aria-required')).toBeNull();
    expect(byLabel('County').getAttribute('aria-required')).toBeNull();
    expect(root.el.textContent).toContain('Address line 2 (optional)');
  });

  it('gives every input a section-scoped autocomplete token', async () => {
    await mount({ mode: 'shipping', defaultCountry: 'US', fields: { name: 'required', phone: 'optional' } });
    const tokens = Object.fromEntries(
      ['Full name', 'Country', 'Address line 1', 'Address line 2', 'City', 'State', 'ZIP code', 'Phone'].map((n) => [n, byLabel(n).getAttribute('autocomplete')]),
    );
    expect(tokens).toEqual({
      'Full name': 'shipping name',
      Country: 'shipping country',
      'Address line 1': 'shipping address-line1',
      'Address line 2': 'shipping address-line2',
      City: 'shipping address-level2',
      State: 'shipping address-level1',
      'ZIP code': 'shipping postal-code',
      Phone: 'shipping tel',
    });
    expect(root.el.querySelector('[role=group]')?.getAttribute('aria-label')).toBe('Shipping address');
  });

  it('names countries in the buyer language, sorted in it', async () => {
    await mount({ locale: 'de', defaultCountry: 'DE' });
    const country = byLabel<HTMLSelectElement>(de['address.country.label']);
    expect(country.selectedOptions[0]?.textContent).toBe('Deutschland');
    const names = [...country.options].map((o) => o.textContent ?? '');
    expect(names).toContain('Vereinigte Staaten');
    expect(names.indexOf('Ägypten')).toBeLessThan(names.indexOf('Zypern'));
  });

  it('offers only the countries the merchant allows', async () => {
    await mount({ allowedCountries: ['us', 'CA', 'XX'], defaultCountry: 'FR' });
    const country = byLabel<HTMLSelectElement>('Country');
    expect([...country.options].map((o) => o.value)).toEqual(['CA', 'US']);
    // An English buyer's country, when allowed and the merchant's default is not.
    expect(country.value).toBe('US');
  });

  it('starts on the first allowed country, in the order shown, when nothing else fits', async () => {
    // In French: Allemagne, Espagne, Suisse (code order would start on CH).
    await mount({ allowedCountries: ['CH', 'DE', 'ES'], locale: 'fr' });
    const country = byLabel<HTMLSelectElement>('Pays');
    expect([...country.options].map((o) => o.value)).toEqual(['DE', 'ES', 'CH']);
    expect(country.value).toBe('DE');
  });

  it('starts on the country of the locale when the merchant names none', async () => {
    await mount({ locale: 'fr-CA' });
    expect(byLabel<HTMLSelectElement>('Pays').value).toBe('CA');
  });

  it('formats and checks the postal code as the buyer types, and reports the value', async () => {
    const { onChange, handle } = await mount({ defaultCountry: 'CA' });
    await type(byLabel('Address line 1'), '111 Wellington St');
    await type(byLabel('City'), 'Ottawa');
    await pick(byLabel<HTMLSelectElement>('Province'), 'ON');
    await type(byLabel('Postal code'), 'k1a0b1');
    expect(byLabel('Postal code').value).toBe('K1A 0B1');
    const state = last(onChange)!;
    expect(state).toEqual({
      elementType: 'address',
      empty: false,
      complete: true,
      error: null,
      value: { address: { line1: '111 Wellington St', line2: '', city: 'Ottawa', state: 'ON', postalCode: 'K1A 0B1', country: 'CA' } },
    });
    expect(AddressState.safeParse(state).success).toBe(true);
    expect(handle().values()).toEqual(state.value);
    expect(await validate(handle())).toBe(true);
  });

  it('shows a wrong postal code after blur, not while typing, with aria-invalid and a described error', async () => {
    const { onChange } = await mount({ defaultCountry: 'US' });
    const zip = byLabel('ZIP code');
    await type(zip, '9410');
    expect(zip.getAttribute('aria-invalid')).toBe('false');
    expect(zip.getAttribute('aria-describedby')).toBeNull();
    await blur(zip);
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(zip)).toBe('Your ZIP code is invalid.');
    expect(root.el.querySelector(`#${CSS.escape(zip.getAttribute('aria-describedby')!)}`)?.getAttribute('aria-live')).toBe('polite');
    expect(last(onChange)?.error).toEqual({ code: 'invalid_postal_code', message: 'Your ZIP code is invalid.' });
  });

  it('validate() reveals every missing input and focuses the first', async () => {
    const { handle, onChange } = await mount({ defaultCountry: 'US', fields: { name: 'required' } });
    await type(byLabel('City'), 'Boston');
    expect(await validate(handle())).toBe(false);
    expect(document.activeElement).toBe(byLabel('Full name'));
    for (const name of ['Full name', 'Address line 1', 'State', 'ZIP code']) {
      expect(byLabel(name).getAttribute('aria-invalid'), name).toBe('true');
      expect(errorOf(byLabel(name)), name).toBe('This field is required.');
    }
    expect(byLabel('City').getAttribute('aria-invalid')).toBe('false');
    expect(byLabel('Address line 2').getAttribute('aria-invalid')).toBe('false');
    expect(last(onChange)).toMatchObject({ complete: false, error: { code: 'incomplete_name' } });
  });

  it('keeps street, city, postal code and name when the country changes, and drops the state', async () => {
    const { handle } = await mount({ defaultCountry: 'US', fields: { name: 'optional' } });
    await type(byLabel('Full name'), 'Ada');
    await type(byLabel('Address line 1'), '1 Main St');
    await type(byLabel('City'), 'Springfield');
    await pick(byLabel<HTMLSelectElement>('State'), 'IL');
    await type(byLabel('ZIP code'), '62701');
    await pick(byLabel<HTMLSelectElement>('Country'), 'DE');
    expect(labels()).toEqual(['Full name', 'Country', 'Address line 1', 'Address line 2', 'Postal code', 'City']);
    expect(byLabel('Address line 1').value).toBe('1 Main St');
    expect(byLabel('City').value).toBe('Springfield');
    expect(byLabel('Postal code').value).toBe('62701');
    expect(handle().values()).toEqual({ name: 'Ada', address: { line1: '1 Main St', line2: '', city: 'Springfield', state: '', postalCode: '62701', country: 'DE' } });
    await pick(byLabel<HTMLSelectElement>('Country'), 'DE');
    await pick(byLabel<HTMLSelectElement>('Country'), 'US');
    await pick(byLabel<HTMLSelectElement>('State'), 'IL');
    // A state is not a county: the GB county starts empty.
    await pick(byLabel<HTMLSelectElement>('Country'), 'GB');
    expect(byLabel('County').value).toBe('');
    await pick(byLabel<HTMLSelectElement>('Country'), 'CA');
    expect(byLabel<HTMLSelectElement>('Province').value).toBe('');
    expect(await validate(handle())).toBe(false);
    expect(errorOf(byLabel('Postal code'))).toBe('Your postal code is invalid.');
  });

  it('gives a GB postcode its space once the input is left', async () => {
    const { handle } = await mount({ defaultCountry: 'GB' });
    const postcode = byLabel('Postcode');
    await type(postcode, 'sw1a1aa');
    expect(postcode.value).toBe('SW1A1AA');
    await blur(postcode);
    expect(postcode.value).toBe('SW1A 1AA');
    expect(postcode.getAttribute('aria-invalid')).toBe('false');
    expect(handle().values().address.postalCode).toBe('SW1A 1AA');
  });

  it('writes a Japanese postal code with its hyphen and lists prefectures in Japanese', async () => {
    await mount({ defaultCountry: 'JP', locale: 'ja' });
    const postal = byLabel(ja['card.postal.label']);
    await type(postal, '1000001');
    expect(postal.value).toBe('100-0001');
    const prefecture = byLabel<HTMLSelectElement>(ja['address.state.prefecture']);
    expect([...prefecture.options].slice(1, 3).map((o) => o.textContent)).toEqual(['北海道', '青森県']);
    expect(prefecture.querySelector('option[value=Tokyo]')?.textContent).toBe('東京都');
  });

  it('takes phone characters only and checks the number', async () => {
    const { handle } = await mount({ defaultCountry: 'US', fields: { phone: 'required' } });
    const phone = byLabel('Phone');
    expect(phone.getAttribute('inputmode')).toBe('tel');
    await type(phone, '+1 (415) abc 555-0100');
    expect(phone.value).toBe('+1 (415)  555-0100');
    expect(handle().values().phone).toBe('+1 (415)  555-0100');
    await act(() => handle().clear());
    await type(byLabel('Phone'), '12');
    await blur(byLabel('Phone'));
    expect(errorOf(byLabel('Phone'))).toBe('Your phone number is invalid.');
  });

  it('leaves name and phone out of the value unless asked for', async () => {
    const { handle } = await mount({ defaultCountry: 'FR' });
    expect(labels()).not.toContain('Full name');
    expect(labels()).not.toContain('Phone');
    expect(Object.keys(handle().values())).toEqual(['address']);
  });

  it('lets an optional address be left blank, but not half done', async () => {
    const { handle } = await mount({ defaultCountry: 'FR', required: false });
    expect(await validate(handle())).toBe(true);
    await type(byLabel('City'), 'Paris');
    expect(await validate(handle())).toBe(false);
    expect(errorOf(byLabel('Address line 1'))).toBe('This field is required.');
  });

  it('reports ready once, then changes', async () => {
    const { onReady, onChange } = await mount({ defaultCountry: 'US' });
    expect(onReady).toHaveBeenCalledOnce();
    expect(onReady.mock.calls[0]?.[0]).toMatchObject({ elementType: 'address', empty: true, complete: false, error: null });
    expect(onChange).not.toHaveBeenCalled();
    await type(byLabel('City'), 'B');
    expect(onChange).toHaveBeenCalledOnce();
    expect(onReady).toHaveBeenCalledOnce();
  });

  it('clear() empties every input and keeps the country', async () => {
    const { handle, onChange } = await mount({ defaultCountry: 'GB' });
    await type(byLabel('City'), 'London');
    await act(() => handle().clear());
    expect(byLabel('City').value).toBe('');
    expect(byLabel<HTMLSelectElement>('Country').value).toBe('GB');
    expect(last(onChange)).toMatchObject({ empty: true });
  });

  it('focus() moves to the first input; Escape and leaving the element are reported', async () => {
    const onEscape = vi.fn();
    const onFocus = vi.fn();
    const onBlur = vi.fn();
    const { handle } = await mount({ defaultCountry: 'US', onEscape, onFocus, onBlur });
    await act(() => handle().focus());
    expect(document.activeElement).toBe(byLabel('Country'));
    await act(() => byLabel('Address line 1').focus());
    expect(onFocus).toHaveBeenCalledOnce();
    await act(() => {
      byLabel('Address line 1').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onEscape).toHaveBeenCalledOnce();
    await act(() => byLabel('Address line 1').blur());
    expect(onBlur).toHaveBeenCalledOnce();
  });

  it('disables every control', async () => {
    await mount({ defaultCountry: 'US', disabled: true, fields: { name: 'optional', phone: 'optional' } });
    for (const el of root.el.querySelectorAll('input, select')) expect((el as HTMLInputElement).disabled).toBe(true);
  });

  it('speaks German, with Postleitzahl before Stadt', async () => {
    await mount({ locale: 'de', defaultCountry: 'DE', initial: { revealed: true } });
    expect(labels()).toEqual([de['address.country.label'], de['address.line1.label'], de['address.line2.label'], de['card.postal.label'], de['address.city.label']]);
    expect(errorOf(byLabel(de['address.line1.label']))).toBe(de['address.error.required']);
  });

  it('reads right to left in Arabic, keeping phone and postal code left to right', async () => {
    await mount({ locale: 'ar', defaultCountry: 'AE', fields: { phone: 'optional' } });
    expect(root.el.querySelector('[role=group]')?.getAttribute('dir')).toBe('rtl');
    expect(byLabel(ar['card.postal.label']).getAttribute('dir')).toBe('ltr');
    expect(byLabel(ar['address.phone.label']).getAttribute('dir')).toBe('ltr');
    expect(byLabel<HTMLSelectElement>(ar['address.country.label']).selectedOptions[0]?.textContent).toBe(new Intl.DisplayNames(['ar'], { type: 'region' }).of('AE'));
  });

  it('shows prefilled texts in their country', async () => {
    const { handle } = await mount({ ...states['filled-shipping-gb']!.props });
    expect(byLabel<HTMLSelectElement>('Country').value).toBe('GB');
    expect(byLabel('Postcode').value).toBe('SW1A 2AA');
    expect(await validate(handle())).toBe(true);
  });

  it('renders every demo state, each reporting a state the wire accepts', async () => {
    for (const [name, state] of Object.entries(states)) {
      const onReady = vi.fn<(s: AddressState) => void>();
      await act(() => {
        render(<AddressFields {...state.props} onReady={onReady} />, root.el);
      });
      expect(root.el.querySelector('select'), name).toBeTruthy();
      expect(AddressState.safeParse(onReady.mock.calls[0]?.[0]).success, name).toBe(true);
      await act(() => render(null, root.el));
    }
  });
});
