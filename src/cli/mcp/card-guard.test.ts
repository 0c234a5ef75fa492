import { describe, expect, it } from 'vitest';
import { cardNumberAt, holdsCardNumber } from './card-guard.ts';

describe('card numbers in tool arguments', () => {
  it('finds a card number however it is written', () => {
    for (const text of ['4242424242424242', '4242 4242 4242 4242', 'pay with 4000-0000-0000-9995 please', '3782 822463 10005', '４２４２４２４２４２４２４２４２', '6200000000000005']) {
      expect(holdsCardNumber(text), text).toBe(true);
    }
  });

  it('lets through what is not one: test tokens, ids, amounts, phone numbers, a number that fails Luhn', () => {
    for (const text of ['tok_sandbox_visa_4242', 'vp_pi_8f3k2j9d0s', '120000', '+44 20 7946 0958', '4242424242424241', '2026-04-14T10:00:00Z']) {
      expect(holdsCardNumber(text), text).toBe(false);
    }
  });

  it('names where in the arguments the number is, never the number', () => {
    expect(cardNumberAt({ body: { amount: 100, metadata: { note: 'card 4242424242424242' } } })).toBe('body.metadata.note');
    expect(cardNumberAt({ body: { lines: [{ sku: 'a' }, { sku: 4242424242424242 }] } })).toBe('body.lines[1].sku');
    expect(cardNumberAt({ body: { metadata: { '4242424242424242': 'x' } } })).toBe('body.metadata');
    expect(cardNumberAt({ body: { provider_reference: 'tok_sandbox_visa_4242' }, idempotencyKey: 'order-1' })).toBeNull();
  });
});
