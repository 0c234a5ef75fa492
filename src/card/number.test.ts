import { describe, expect, it } from 'vitest';
import { cardNumberComplete, cardNumberProblem } from './number.ts';

describe('cardNumberProblem', () => {
  it('passes the sandbox test cards', () => {
    for (const n of ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117', '3056930009020004', '3566002020360505', '6200000000000005']) {
      expect(cardNumberProblem(n), n).toBeNull();
      expect(cardNumberComplete(n)).toBe(true);
    }
  });

  it('is incomplete while too short for the brand', () => {
    expect(cardNumberProblem('424242424242')).toBe('incomplete');
    expect(cardNumberProblem('37828224631000')).toBe('incomplete');
    expect(cardNumberProblem('')).toBe('incomplete');
  });

  it('is invalid when the check digit is wrong at a full length', () => {
    expect(cardNumberProblem('4242424242424241')).toBe('invalid');
  });

  it('is invalid when longer than the brand allows', () => {
    expect(cardNumberProblem('3782822463100051')).toBe('invalid');
  });
});
