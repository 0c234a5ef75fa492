import { describe, expect, it } from 'vitest';
import { expiryProblem, expiryValid, formatExpiry, parseExpiry } from './expiry.ts';

// 15 March 2026, local time.
const now = new Date(2026, 2, 15);

describe('parseExpiry', () => {
  it.each([
    ['12 / 34', { month: 12, year: 2034 }],
    ['1234', { month: 12, year: 2034 }],
    ['12/34', { month: 12, year: 2034 }],
    ['1/34', { month: 1, year: 2034 }],
    ['12/2034', { month: 12, year: 2034 }],
    ['534', { month: 5, year: 2034 }],
  ])('%s', (input, expected) => {
    expect(parseExpiry(input)).toEqual(expected);
  });

  it('is null when incomplete', () => {
    expect(parseExpiry('')).toBeNull();
    expect(parseExpiry('12')).toBeNull();
    expect(parseExpiry('12 / 3')).toBeNull();
    expect(parseExpiry('12 / 203')).toBeNull();
  });
});

describe('formatExpiry', () => {
  it('inserts the separator after the month', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
  });

  it('pads a single month digit that can only be a month on its own', () => {
    expect(formatExpiry('5')).toBe('05 / ');
  });

  it('shows an autofilled four-digit year as two digits', () => {
    expect(formatExpiry('12/2034')).toBe('12 / 34');
  });

  it('lets the buyer delete back over the separator', () => {
    expect(formatExpiry('12 /', true)).toBe('12');
  });
});

describe('expiry validity', () => {
  it('accepts the current month and future dates', () => {
    expect(expiryValid('03 / 26', now)).toBe(true);
    expect(expiryValid('12 / 34', now)).toBe(true);
  });

  it('rejects past months', () => {
    expect(expiryProblem('02 / 26', now)).toBe('expired');
    expect(expiryProblem('12 / 25', now)).toBe('expired');
  });

  it('rejects month 0 and 13', () => {
    expect(expiryProblem('00 / 30', now)).toBe('invalid_month');
    expect(expiryProblem('13 / 30', now)).toBe('invalid_month');
  });

  it('reports a bad month before the year is typed', () => {
    expect(expiryProblem('13', now)).toBe('invalid_month');
    expect(expiryProblem('00 / ', now)).toBe('invalid_month');
    expect(expiryProblem('12 / ', now)).toBe('incomplete');
  });

  it('rejects dates far in the future and incomplete input', () => {
    expect(expiryProblem('01 / 2099', now)).toBe('too_far');
    expect(expiryProblem('01 / 2', now)).toBe('incomplete');
  });

  it('uses the injected clock, not the real one', () => {
    expect(expiryValid('01 / 20', new Date(2019, 11, 31))).toBe(true);
    expect(expiryValid('01 / 20', new Date(2020, 1, 1))).toBe(false);
  });
});
