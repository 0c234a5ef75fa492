/**
 * Amounts travel in minor units (cents). How many digits are minor units comes from ISO 4217
 * (`minorUnitDigits`), never from Intl, whose display digits differ for some currencies (IDR:
 * Intl shows 0, ISO 4217 has 2); Intl only writes the number in the buyer's locale.
 */
import { minorUnitDigits } from '../vocab/currencies.ts';

export function formatMoney(amountMinor: number, currency: string, locale: string | null | undefined = 'en'): string {
  return moneyFormat(amountMinor, currency, locale).format(amountMinor / 10 ** minorUnitDigits(currency.toUpperCase()));
}

/**
 * The same text as formatMoney, in Intl's parts, so a page can isolate the currency: on a
 * right-to-left page "25.00 US$" otherwise shows as "$US 25.00" (issue 36).
 */
export function formatMoneyParts(amountMinor: number, currency: string, locale: string | null | undefined = 'en'): Intl.NumberFormatPart[] {
  return moneyFormat(amountMinor, currency, locale).formatToParts(amountMinor / 10 ** minorUnitDigits(currency.toUpperCase()));
}

function moneyFormat(amountMinor: number, currency: string, locale: string | null | undefined): Intl.NumberFormat {
  const code = currency.toUpperCase();
  const digits = minorUnitDigits(code);
  // Whole amounts as the locale writes the currency (IDR 15,000, not 15,000.00); a fraction in full.
  const fraction = amountMinor % 10 ** digits !== 0;
  const options = (min: number): Intl.NumberFormatOptions => ({ style: 'currency', currency: code, minimumFractionDigits: Math.min(min, digits), maximumFractionDigits: digits });
  const make = (tag: string) => {
    const usual = new Intl.NumberFormat(tag, { style: 'currency', currency: code }).resolvedOptions().minimumFractionDigits ?? digits;
    return new Intl.NumberFormat(tag, options(fraction ? digits : usual));
  };
  try {
    return make(locale ?? 'en');
  } catch {
    // An unknown locale tag: the currency still decides the digits.
    return make('en');
  }
}
