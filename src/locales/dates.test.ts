import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

const day = Date.UTC(2026, 2, 5, 12);

describe('formatDate', () => {
  it('writes a date the locale’s way', () => {
    expect(formatDate(day, 'en-US', { dateStyle: 'long', timeZone: 'UTC' })).toBe('March 5, 2026');
    expect(formatDate(day, 'de', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5. März 2026');
    expect(formatDate(new Date(day), 'ja', { dateStyle: 'long', timeZone: 'UTC' })).toBe('2026年3月5日');
  });

  it('reads ISO strings, as the API sends them', () => {
    expect(formatDate('2026-03-05T12:00:00Z', 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5 mars 2026');
  });

  it('survives a malformed locale tag', () => {
    expect(formatDate(day, 'not a locale!', { dateStyle: 'long', timeZone: 'UTC' })).toBe('March 5, 2026');
  });
});
