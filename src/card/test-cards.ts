/**
 * Card expiries for tests, demos and benchmarks, counted from the year they run in: a fixed year
 * turns every "approved" card into an expired one the January after it. Test-only: nothing in
 * a bundle imports this file.
 */

/** How far ahead: well inside the 20 years src/card/expiry.ts accepts. */
const YEARS_AHEAD = 8;

export interface TestExpiry {
  month: number;
  /** Four digits, as the wire carries it (`expYear`). */
  year: number;
  /** As a buyer types it: `MM / YY`. */
  text: string;
}

/** December, `years` after `now`'s year. */
export function futureExpiry(now: Date = new Date(), years = YEARS_AHEAD): TestExpiry {
  const year = now.getFullYear() + years;
  return { month: 12, year, text: `12 / ${String(year % 100).padStart(2, '0')}` };
}
