import { describe, expect, it } from 'vitest';
import { expiryProblem } from './expiry.ts';
import { futureExpiry } from './test-cards.ts';

describe('futureExpiry', () => {
  it('is a valid expiry in any year the tests may run in', () => {
    for (const year of [2026, 2034, 2035, 2050, 2091]) {
      const now = new Date(year, 11, 31);
      const e = futureExpiry(now);
      expect(expiryProblem(e.text, now), String(year)).toBeNull();
      expect(e.year).toBeGreaterThan(year);
    }
  });

  it('spells the same date both ways', () => {
    expect(futureExpiry(new Date(2026, 0, 15))).toEqual({ month: 12, year: 2034, text: '12 / 34' });
  });
});
