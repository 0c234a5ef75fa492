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

/**
 * A minor-unit amount as the decimal string wallet sheets take (Payment Request `total.amount.value`,
 * Google Pay `totalPrice`): `2500 EUR` is `25.00`, `500 JPY` is `500`, `1500 KWD` is `1.500`.
 * Always a dot, never grouping: it is data, not wording.
 */
export function decimalAmount(amountMinor: number, currency: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // Not a currency code Intl knows: two digits, the common case.
  }
  const sign = amountMinor < 0 ? '-' : '';
  const units = String(Math.abs(Math.trunc(amountMinor))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${units}` : `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`;
}
