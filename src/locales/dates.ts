/**
 * Dates for buyers, in their locale's own way (Intl.DateTimeFormat), as money.ts does for
 * amounts: no date pattern of our own in any catalogue.
 */
export function formatDate(
  value: Date | string | number,
  locale: string | null | undefined = 'en',
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const date = value instanceof Date ? value : new Date(value);
  try {
    return new Intl.DateTimeFormat(locale ?? 'en', options).format(date);
  } catch {
    // An unknown locale tag: English wording, the same options.
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}
