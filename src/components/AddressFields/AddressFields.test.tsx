// @vitest-environment happy-dom
/** AddressFields' layout: each country's inputs, order and words, the countries offered, languages, demo states. */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { AddressState } from '../../protocol/messages.ts';
import { AddressFields } from './index.ts';
import { states } from './AddressFields.states.ts';
import { addressFieldsDom, validate } from './AddressFields.fixtures.tsx';
import ar from '../../locales/ar.json';
import de from '../../locales/de.json';

const { root, mount, byLabel, labels, errorOf } = addressFieldsDom();

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
