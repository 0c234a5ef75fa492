import { describe, expect, it } from 'vitest';
import { addressValid, buyerFieldPlan, checkBuyerDetails, holdsCardNumber, textProblem, type BuyerFieldPlan, type BuyerPlanInput } from './buyer-fields.ts';

const base: BuyerPlanInput = {
  emailCollection: 'auto',
  collectEmail: false,
  nameCollection: 'auto',
  phone: 'none',
  shipping: 'none',
  billingAddress: 'auto',
  prefilled: { email: false, name: false },
};

const US = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

describe('buyerFieldPlan', () => {
  it('asks for email and name as optional on an account with the default settings', () => {
    expect(buyerFieldPlan(base)).toEqual({ email: 'optional', name: 'optional', phone: 'none', shippingAddress: 'none', billingAddress: 'none' });
  });

  it('maps every required mode to a required input', () => {
    const plan = buyerFieldPlan({ ...base, emailCollection: 'required', nameCollection: 'required', phone: 'required', shipping: 'required', billingAddress: 'required' });
    expect(plan).toEqual({ email: 'required', name: 'required', phone: 'required', shippingAddress: 'required', billingAddress: 'required' });
  });

  it('does not ask again for a prefilled email unless collectEmail says so (Doc 1)', () => {
    expect(buyerFieldPlan({ ...base, emailCollection: 'required', prefilled: { email: true, name: false } }).email).toBe('none');
    expect(buyerFieldPlan({ ...base, emailCollection: 'required', collectEmail: true, prefilled: { email: true, name: false } }).email).toBe('required');
  });

  it('does not ask for a prefilled name, nor for a name the session does not collect', () => {
    expect(buyerFieldPlan({ ...base, nameCollection: 'required', prefilled: { email: false, name: true } }).name).toBe('none');
    expect(buyerFieldPlan({ ...base, nameCollection: 'none' }).name).toBe('none');
  });
});

describe('textProblem', () => {
  it('tells a blank required input from a blank optional one', () => {
    expect(textProblem('email', 'required', '  ')).toBe('required');
    expect(textProblem('email', 'optional', '')).toBeNull();
  });

  it('refuses an email without a domain and a phone without enough digits', () => {
    expect(textProblem('email', 'optional', 'ada@')).toBe('invalid');
    expect(textProblem('email', 'optional', 'ada@example.com')).toBeNull();
    expect(textProblem('phone', 'optional', '12')).toBe('invalid');
    expect(textProblem('phone', 'required', '+1 (415) 555-0100')).toBeNull();
  });
});

describe('addressValid', () => {
  it("applies the country's rules: a US address needs its state and a five-digit ZIP code", () => {
    expect(addressValid(US)).toBe(true);
    expect(addressValid({ ...US, state: '' })).toBe(false);
    expect(addressValid({ ...US, postalCode: '9410' })).toBe(false);
    expect(addressValid({ ...US, state: 'Narnia' })).toBe(false);
  });

  it('needs a recipient only when asked', () => {
    expect(addressValid(US, true)).toBe(false);
    expect(addressValid({ ...US, name: 'Ada Lovelace' }, true)).toBe(true);
  });
});

describe('checkBuyerDetails', () => {
  const all: BuyerFieldPlan = { email: 'required', name: 'required', phone: 'required', shippingAddress: 'required', billingAddress: 'required' };

  it('names every required input left blank, with the names of Doc 2', () => {
    expect(checkBuyerDetails(all, {})).toMatchObject({ missing: ['email', 'name', 'phone', 'shipping_address', 'billing_address'], invalid: [] });
  });

  it('names the invalid ones apart from the missing ones', () => {
    const res = checkBuyerDetails(all, { email: 'nope', name: 'Ada', phone: '+14155550100', shippingAddress: { ...US, name: 'Ada' }, billingAddress: { ...US, postalCode: 'x' } });
    expect(res.missing).toEqual([]);
    expect(res.invalid).toEqual(['email', 'billing_address']);
  });

  it('accepts optional inputs left blank and keeps only what the plan asks for, trimmed', () => {
    const plan: BuyerFieldPlan = { email: 'optional', name: 'optional', phone: 'none', shippingAddress: 'optional', billingAddress: 'none' };
    const res = checkBuyerDetails(plan, { email: ' ada@example.com ', phone: '+14155550100', shippingAddress: { country: 'US', line1: ' ' } });
    expect(res).toEqual({ missing: [], invalid: [], details: { email: 'ada@example.com' } });
  });
});

describe('holdsCardNumber (issue 22: no card data in buyer details)', () => {
  it('finds a card number however it is grouped, in any input', () => {
    for (const text of ['4242424242424242', '4242 4242 4242 4242', 'Ada 4242-4242-4242-4242', '3782 822463 10005', '5555.5555.5555.4444']) expect(holdsCardNumber(text)).toBe(true);
    const all: BuyerFieldPlan = { email: 'optional', name: 'optional', phone: 'optional', shippingAddress: 'optional', billingAddress: 'required' };
    const res = checkBuyerDetails(all, { name: '4242 4242 4242 4242', phone: '378282246310005', billingAddress: { ...US, line2: '5555555555554444' } });
    expect(res).toMatchObject({ invalid: ['name', 'phone', 'billing_address'], details: {} });
  });

  it('finds a card number written in other scripts’ digits (issue 32, finding 6)', () => {
    for (const text of ['４２４２ ４２４２ ４２４２ ４２４２', 'Ada ٤٢٤٢-٤٢٤٢-۴۲۴۲-४२४२', '５５５５.5555.5555.4444']) expect(holdsCardNumber(text)).toBe(true);
    expect(holdsCardNumber('４２４２ ４２４２ ４２４２ ４２４１')).toBe(false);
  });

  it('leaves phone numbers, postal codes and numbers that fail Luhn alone', () => {
    for (const text of ['+1 415 555 0100', '+49 1512 3456789', '+44 20 7946 0000', '4242424242424241', 'Flat 12, 1 Market St']) expect(holdsCardNumber(text)).toBe(false);
  });
});
