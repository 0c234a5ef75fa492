/**
 * ISO 4217 currencies accepted for new payments (Doc 1: `currency_not_supported`). Active
 * national and regional currencies only: fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI,
 * UYW), precious metals, SDRs, bond units and the test codes (XTS, XXX) are codes of ISO 4217
 * but nobody pays in them, and withdrawn codes (HRK, SLL, ANG, ZWL) take no new payments.
 */
const CODES =
  'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD ' +
  'CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP ' +
  'GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD ' +
  'KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN ' +
  'NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP ' +
  'SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VED VES ' +
  'VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG';

export const currencies: ReadonlySet<string> = new Set(CODES.split(' '));

/** True for a code of the list, in any case (Doc 3: currency input is accepted in any case). */
export const isSupportedCurrency = (code: string) => currencies.has(code.toUpperCase());

/** ISO 4217 exponent 0: the amount in minor units is the amount. */
const ZERO_DIGITS = new Set('BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF'.split(' '));
/** ISO 4217 exponent 3. */
const THREE_DIGITS = new Set('BHD IQD JOD KWD LYD OMR TND'.split(' '));

/**
 * How many digits of a currency's amount are minor units, from ISO 4217 (the one table the
 * engine, the adapters, the display and the wallets share). Not from `Intl`: its digits are CLDR's
 * display digits, which differ from ISO 4217 for 16 accepted currencies (IDR, HUF, COP, IQD, LBP,
 * PKR…), so dividing by them shows 100 times the charge. Every other accepted currency has 2.
 */
export function minorUnitDigits(code: string): 0 | 2 | 3 {
  const c = code.toUpperCase();
  return ZERO_DIGITS.has(c) ? 0 : THREE_DIGITS.has(c) ? 3 : 2;
}

/**
 * A minor-unit amount as the decimal string providers' APIs and wallet sheets take (Braintree's
 * `amount`, a store's `total_price`, Payment Request `total.amount.value`, Google Pay
 * `totalPrice`), in string arithmetic, never a float: `2500 EUR` is `25.00`, `500 JPY` is `500`, `1500 KWD` is `1.500`,
 * `150000 IDR` is `1500.00`. Always a dot, never grouping: it is data, not wording.
 */
export function majorAmount(amountMinor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const units = String(Math.abs(Math.trunc(amountMinor))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${units}` : `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`;
}
