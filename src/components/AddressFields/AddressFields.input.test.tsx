// @vitest-environment happy-dom
/** AddressFields as the buyer fills it in: formatting, errors and when they show, the value reported, the handle. */
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { AddressState } from '../../protocol/messages.ts';
import { blur, last, type } from '../test-dom.ts';
import { addressFieldsDom, pick, validate } from './AddressFields.fixtures.tsx';
import ja from '../../locales/ja.json';

const { root, mount, byLabel, labels, errorOf } = addressFieldsDom();

describe('AddressFields', () => {
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
});
