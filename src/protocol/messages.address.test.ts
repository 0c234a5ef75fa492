import { describe, expect, it } from 'vitest';
import { AddressState, ElementState, FieldToController, FieldToPage } from './messages.ts';

const address = { line1: '1 Market St', line2: '', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
const valid = { elementType: 'address', empty: false, complete: true, error: null, value: { name: 'Ada Lovelace', phone: '+1 (415) 555-0100', address } };
const ok = (v: unknown) => AddressState.safeParse(v).success;

describe('AddressState', () => {
  it('accepts the state an address element reports, with or without name and phone', () => {
    expect(ok(valid)).toBe(true);
    expect(ok({ ...valid, value: { address } })).toBe(true);
    expect(ok({ ...valid, complete: false, error: { code: 'invalid_postal_code', message: 'Your ZIP code is invalid.' } })).toBe(true);
  });

  it('refuses extra keys at every level, so no card field can ride along', () => {
    expect(ok({ ...valid, brand: 'visa' })).toBe(false);
    expect(ok({ ...valid, value: { ...valid.value, number: '4242424242424242' } })).toBe(false);
    expect(ok({ ...valid, value: { address: { ...address, cvc: '123' } } })).toBe(false);
    expect(ok({ ...valid, error: { code: 'x', message: 'y', card: '4242' } })).toBe(false);
  });

  it('bounds every string', () => {
    expect(ok({ ...valid, value: { address: { ...address, line1: 'x'.repeat(200) } } })).toBe(true);
    for (const [key, n] of [['line1', 201], ['line2', 201], ['city', 101], ['state', 101], ['postalCode', 17]] as const) {
      expect(ok({ ...valid, value: { address: { ...address, [key]: 'x'.repeat(n) } } }), key).toBe(false);
    }
    expect(ok({ ...valid, value: { ...valid.value, name: 'x'.repeat(201) } })).toBe(false);
    expect(ok({ ...valid, value: { ...valid.value, phone: '1'.repeat(33) } })).toBe(false);
  });

  it('takes a phone of phone characters only and a two-letter upper-case country', () => {
    expect(ok({ ...valid, value: { ...valid.value, phone: 'call 555' } })).toBe(false);
    expect(ok({ ...valid, value: { address: { ...address, country: 'us' } } })).toBe(false);
    expect(ok({ ...valid, value: { address: { ...address, country: 'USA' } } })).toBe(false);
  });

  it('needs every address key and the value itself', () => {
    const { city: _city, ...noCity } = address;
    expect(ok({ ...valid, value: { address: noCity } })).toBe(false);
    const { value: _value, ...noValue } = valid;
    expect(ok(noValue)).toBe(false);
  });

  it('travels in element events both ways, beside the card fields state', () => {
    expect(ElementState.safeParse({ elementType: 'card', empty: true, complete: false }).success).toBe(true);
    expect(ElementState.safeParse(valid).success).toBe(true);
    const channel = 'chan_0123456789';
    expect(FieldToPage.safeParse({ protocol: 'svcpay/1', type: 'element.event', channel, elementId: 'e1', event: 'change', state: valid }).success).toBe(true);
    expect(FieldToController.safeParse({ protocol: 'svcpay/1', type: 'field.event', elementId: 'e1', event: 'change', state: valid }).success).toBe(true);
    // A card element's state never carries a value.
    expect(ElementState.safeParse({ elementType: 'card', empty: false, complete: true, value: valid.value }).success).toBe(false);
  });
});
