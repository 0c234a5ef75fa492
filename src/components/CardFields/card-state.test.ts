import { describe, expect, it } from 'vitest';
import { CardValues } from '../../protocol/messages.ts';
import { emptyTexts, fieldsFor, isVisible, problemOf, valuesOf } from './card-state.ts';

const now = new Date(2026, 0, 15);
const all = fieldsFor('combined', true);

describe('card state', () => {
  it('always produces values that fit the CardValues wire schema', () => {
    for (const texts of [
      emptyTexts,
      { number: '4242', expiry: '1', cvc: '12', postalCode: ' ' },
      { number: '4242 4242 4242 4242', expiry: '13 / 34', cvc: '123', postalCode: 'SW1A 1AA' },
      { number: '3782 822463 10005', expiry: '12 / 34', cvc: '1234', postalCode: '12345678901234567890' },
    ]) {
      expect(CardValues.safeParse(valuesOf(all, texts)).success).toBe(true);
    }
  });

  it('leaves out parts of other layouts', () => {
    const texts = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '94107' };
    expect(valuesOf(fieldsFor('cvc', false), texts)).toEqual({ cvc: '123' });
    expect(valuesOf(fieldsFor('combined', false), texts)).not.toHaveProperty('postalCode');
  });

  it('treats a too-long CVC after a brand change as invalid at once', () => {
    const texts = { ...emptyTexts, number: '4242', cvc: '1234' };
    expect(problemOf('cvc', texts, now)).toEqual({ code: 'invalid_cvc', hard: true });
  });

  it('hides incomplete problems while typing and on blur of an empty input', () => {
    const problem = { code: 'incomplete_number' as const, hard: false };
    expect(isVisible(problem, 'none', '4242')).toBe(false);
    expect(isVisible(problem, 'blur', '')).toBe(false);
    expect(isVisible(problem, 'blur', '4242')).toBe(true);
    expect(isVisible(problem, 'submit', '')).toBe(true);
  });

  it('accepts international postal codes and refuses nonsense', () => {
    for (const postal of ['94107', 'SW1A 1AA', 'K1A 0B1', '75001', '1010']) expect(problemOf('postalCode', { ...emptyTexts, postalCode: postal }, now)).toBeNull();
    for (const postal of ['', ' ', 'a', '--']) expect(problemOf('postalCode', { ...emptyTexts, postalCode: postal }, now)).not.toBeNull();
  });
});
