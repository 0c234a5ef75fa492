import { describe, expect, it } from 'vitest';
import { descriptorTextProblem, isPiiLikeKey, printableAscii } from './descriptor-text.ts';

describe('descriptorTextProblem (Doc 2: 1 to 22 printable ASCII, none of < > \\ \' " *)', () => {
  it.each(['A', 'ACME STORE', 'x'.repeat(22), 'Shop #1 (online)', 'a-b.c/d&e'])('accepts %j', (text) => {
    expect(descriptorTextProblem(text)).toBeNull();
  });

  it.each([
    ['', /at least one character/],
    ['   ', /at least one character/],
    ['x'.repeat(23), /at most 22 characters \(it has 23\)/],
    ['Café', /printable ASCII/],
    ['Line\nbreak', /printable ASCII/],
    ['Tab\there', /printable ASCII/],
    ...['<', '>', '\\', "'", '"', '*'].map((c) => [`AB${c}CD`, /must not contain/] as [string, RegExp]),
  ])('refuses %j', (text, message) => {
    expect(descriptorTextProblem(text)).toMatch(message);
  });
});

describe('printableAscii', () => {
  it('keeps printable ASCII and drops everything else', () => {
    expect(printableAscii(' Zürich\u0000\t~ 日本 ')).toBe(' Zrich~  ');
  });
});

describe('isPiiLikeKey (Doc 2: custom suffix keys such as email, phone, card, ssn, tax_id, address are refused)', () => {
  it.each([
    'email',
    'Email',
    'buyer_email',
    'customerEmail',
    'e-mail',
    'mail',
    'phone',
    'phone_number',
    'mobile',
    'tel',
    'card',
    'card_number',
    'creditCard',
    'cc',
    'ssn',
    'buyer_ssn',
    'customerSSN',
    'tax_id',
    'taxId',
    'TAX-ID',
    'vat',
    'address',
    'billing_address',
    'street',
    'zip',
    'postal_code',
    'dob',
    'date_of_birth',
    'first_name',
    'lastName',
    'passport_no',
    'iban',
    'last4',
    'pan',
    'cvv',
    'password',
  ])('refuses %j', (key) => {
    expect(isPiiLikeKey(key)).toBe(true);
  });

  it.each(['order_ref', 'campaign', 'invoice', 'order_number', 'setting', 'plan', 'sku', 'store_code', 'ticket', 'booking_ref'])('accepts %j', (key) => {
    expect(isPiiLikeKey(key)).toBe(false);
  });
});
