/**
 * Amounts travel in minor units (cents); how many digits a currency has comes from Intl, so
 * JPY (0 digits) and KWD (3 digits) are shown correctly without a table of our own.
 */
export function formatMoney(amountMinor: number, currency: string, locale: string | null | undefined = 'en'): string {
  const code = currency.toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale ?? 'en', { style: 'currency', currency: code });
  } catch {
    // An unknown locale tag: the currency still decides the digits.
    format = new Intl.NumberFormat('en', { style: 'currency', currency: code });
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
