import { describe, expect, it } from 'vitest';
import { addressOptionsFor, type AddressSessionView } from './address-options.ts';

const session: AddressSessionView = { shipping: 'required', billingAddress: 'auto', phone: 'none', nameCollection: 'auto', country: 'gb', locale: 'en-GB' };

describe('addressOptionsFor', () => {
  it('asks for a required shipping address with a recipient, in the session country', () => {
    expect(addressOptionsFor(session, 'shipping')).toEqual({
      mode: 'shipping',
      fields: { name: 'required', phone: 'never' },
      required: true,
      defaultCountry: 'GB',
      locale: 'en-GB',
    });
  });

  it("lets an 'auto' billing address be left blank, with an optional name", () => {
    expect(addressOptionsFor(session, 'billing')).toMatchObject({ mode: 'billing', required: false, fields: { name: 'optional', phone: 'never' } });
  });

  it("offers no element for an address the session does not collect ('none')", () => {
    expect(addressOptionsFor({ ...session, billingAddress: 'none' }, 'billing')).toBeNull();
    expect(addressOptionsFor({ ...session, shipping: 'none' }, 'shipping')).toBeNull();
  });

  it('maps the name mode: none hides it, required requires it', () => {
    expect(addressOptionsFor({ ...session, nameCollection: 'none' }, 'billing')?.fields?.name).toBe('never');
    expect(addressOptionsFor({ ...session, nameCollection: 'none' }, 'shipping')?.fields?.name).toBe('never');
    expect(addressOptionsFor({ ...session, nameCollection: 'required' }, 'billing')?.fields?.name).toBe('required');
  });

  it('asks for the phone once: with the shipping address when there is one, else with billing', () => {
    const phone = { ...session, phone: 'required' as const };
    expect(addressOptionsFor(phone, 'shipping')?.fields?.phone).toBe('required');
    expect(addressOptionsFor(phone, 'billing')?.fields?.phone).toBe('never');
    expect(addressOptionsFor({ ...phone, shipping: 'none' }, 'billing')?.fields?.phone).toBe('required');
    expect(addressOptionsFor({ ...phone, phone: 'auto' }, 'shipping')?.fields?.phone).toBe('optional');
  });

  it("raises what the account's requiredBuyerFields require", () => {
    const strict = { ...session, billingAddress: 'auto' as const, shipping: 'none' as const, requiredBuyerFields: ['billing_address', 'name', 'phone'] };
    expect(addressOptionsFor(strict, 'billing')).toMatchObject({ required: true, fields: { name: 'required', phone: 'required' } });
    expect(addressOptionsFor({ ...session, shipping: 'none', requiredBuyerFields: ['shipping_address'] }, 'shipping')?.required).toBe(true);
  });

  it('restricts countries when the session names them', () => {
    expect(addressOptionsFor({ ...session, allowedCountries: ['us', 'CA', 'nope'] }, 'shipping')?.allowedCountries).toEqual(['US', 'CA']);
    expect(addressOptionsFor({ ...session, allowedCountries: [] }, 'shipping')).not.toHaveProperty('allowedCountries');
  });

  it('reads a public session that carries none of the modes: the mounted address, optional, no phone', () => {
    const bare = { id: 'cs_1', status: 'pending', locale: null, country: null };
    expect(addressOptionsFor(bare, 'billing')).toEqual({ mode: 'billing', required: false, fields: { name: 'optional', phone: 'never' } });
    expect(addressOptionsFor(bare, 'shipping')).toEqual({ mode: 'shipping', required: false, fields: { name: 'required', phone: 'never' } });
  });
});
