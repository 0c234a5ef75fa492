/**
 * The countries a buyer can pick, named in the buyer's language. Names come from the browser
 * (`Intl.DisplayNames`), not from a table of ours: every supported browser has it, and 250 names
 * in 49 languages would outweigh the whole frame. The buyer's language falls back to English
 * inside Intl; a browser without the API shows the ISO code.
 */

// ISO 3166-1 alpha-2 places with people and post: AQ, BV, HM, GS and UM are left out.
const CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG ' +
  'CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI ' +
  'GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA ' +
  'LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO ' +
  'NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ' +
  'ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

export const countryCodes: readonly string[] = CODES.split(' ');

const isCode = (code: string) => /^[A-Z]{2}$/.test(code);

/** The merchant's list (upper-cased, unknown codes dropped), or every country when it names none. */
export function allowedList(allowed: readonly string[] | undefined): readonly string[] {
  const wanted = new Set((allowed ?? []).map((c) => c.toUpperCase()));
  const list = countryCodes.filter((c) => wanted.has(c));
  return list.length ? list : countryCodes;
}

export interface CountryOption {
  code: string;
  name: string;
}

const namers = new Map<string, (code: string) => string>();

function namer(locale: string): (code: string) => string {
  let of = namers.get(locale);
  if (!of) {
    try {
      const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
      of = (code) => names.of(code) ?? code;
    } catch {
      of = (code) => code;
    }
    namers.set(locale, of);
  }
  return of;
}

/** `code` in the buyer's language (English where Intl has not that language). */
export const countryName = (code: string, locale: string | undefined): string => namer(locale || 'en')(code);

/** The options of the Country select, named in `locale` and sorted the way that language sorts. */
export function countryOptions(codes: readonly string[], locale: string | undefined): CountryOption[] {
  const options = codes.map((code) => ({ code, name: countryName(code, locale) }));
  let compare: (a: string, b: string) => number;
  try {
    compare = new Intl.Collator([locale || 'en', 'en']).compare;
  } catch {
    compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  }
  return options.sort((a, b) => compare(a.name, b.name));
}

/** The country a language is most read in, for a locale without a region (`de` is Germany). */
const languageCountry: Partial<Record<string, string>> = {
  en: 'US', fr: 'FR', de: 'DE', es: 'ES', it: 'IT', nl: 'NL', pt: 'PT', sv: 'SE', da: 'DK', nb: 'NO', no: 'NO',
  fi: 'FI', pl: 'PL', cs: 'CZ', tr: 'TR', ru: 'RU', ar: 'SA', he: 'IL', ja: 'JP', zh: 'CN', ko: 'KR',
};

/**
 * The country the select starts on: the merchant's default, else the locale's region (`fr-CA` is
 * Canada), else the language's country; else the first of `allowed` (the order the select shows).
 */
export function initialCountry(allowed: readonly string[], defaultCountry: string | undefined, locale: string | undefined): string {
  const [lang = '', ...rest] = (locale || 'en').split(/[-_]/);
  const region = rest.find((p) => /^[A-Za-z]{2}$/.test(p))?.toUpperCase();
  const candidates = [defaultCountry?.toUpperCase(), region, languageCountry[lang.toLowerCase()]];
  return candidates.find((c): c is string => !!c && isCode(c) && allowed.includes(c)) ?? allowed[0] ?? 'US';
}
