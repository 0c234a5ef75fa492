/**
 * Every supported language shows amounts and dates as its buyers write them (issue 36). The
 * expected strings are written out, as Node 20's ICU produces them, never computed with the Intl
 * call the code makes: a change of options, of digits or of the tag handed to Intl shows here.
 * Spaces and bidi marks are spelled out (\u00a0 no-break space, \u202f narrow no-break space,
 * \u200f right-to-left mark, \u200e left-to-right mark) since a buyer's screen reader and line
 * breaks see them.
 */
import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';
import { supportedLocales, type SupportedLocale } from './index.ts';
import { formatMoney } from './money.ts';

/** 2500 minor units of USD, EUR and JPY (a zero-decimal currency), and 5 March 2026 in full. */
type Row = readonly [usd: string, eur: string, jpy: string, date: string];

const expected: Record<SupportedLocale, Row> = {
  'en': ['$25.00', '€25.00', '¥2,500', 'March 5, 2026'],
  'fr': ['25,00\u00a0$US', '25,00\u00a0€', '2\u202f500\u00a0JPY', '5 mars 2026'],
  'fr-CA': ['25,00\u00a0$\u00a0US', '25,00\u00a0€', '2\u00a0500\u00a0¥', '5 mars 2026'],
  'de': ['25,00\u00a0$', '25,00\u00a0€', '2.500\u00a0¥', '5. März 2026'],
  'es': ['25,00\u00a0US$', '25,00\u00a0€', '2500\u00a0JPY', '5 de marzo de 2026'],
  'es-419': ['USD\u00a025.00', 'EUR\u00a025.00', 'JPY\u00a02,500', '5 de marzo de 2026'],
  'it': ['25,00\u00a0USD', '25,00\u00a0€', '2500\u00a0JPY', '5 marzo 2026'],
  'nl': ['US$\u00a025,00', '€\u00a025,00', 'JP¥\u00a02.500', '5 maart 2026'],
  'pt': ['US$\u00a025,00', '€\u00a025,00', 'JP¥\u00a02.500', '5 de março de 2026'],
  'pt-BR': ['US$\u00a025,00', '€\u00a025,00', 'JP¥\u00a02.500', '5 de março de 2026'],
  'sv': ['25,00\u00a0US$', '25,00\u00a0€', '2\u00a0500\u00a0JPY', '5 mars 2026'],
  'da': ['25,00\u00a0US$', '25,00\u00a0€', '2.500\u00a0JP¥', '5. marts 2026'],
  'nb': ['25,00\u00a0USD', '25,00\u00a0€', '2\u00a0500\u00a0JPY', '5. mars 2026'],
  'fi': ['25,00\u00a0$', '25,00\u00a0€', '2\u00a0500\u00a0¥', '5. maaliskuuta 2026'],
  'is': ['25,00\u00a0USD', '25,00\u00a0EUR', '2.500\u00a0JP¥', '5. mars 2026'],
  'pl': ['25,00\u00a0USD', '25,00\u00a0€', '2500\u00a0JPY', '5 marca 2026'],
  'cs': ['25,00\u00a0US$', '25,00\u00a0€', '2\u00a0500\u00a0JP¥', '5. března 2026'],
  'sk': ['25,00\u00a0USD', '25,00\u00a0€', '2\u00a0500\u00a0JPY', '5. marca 2026'],
  'sl': ['25,00\u00a0$', '25,00\u00a0€', '2500\u00a0¥', '5. marec 2026'],
  'hr': ['25,00\u00a0USD', '25,00\u00a0€', '2.500\u00a0JPY', '5. ožujka 2026.'],
  'hu': ['25,00\u00a0USD', '25,00\u00a0EUR', '2500\u00a0¥', '2026. március 5.'],
  'ro': ['25,00\u00a0USD', '25,00\u00a0EUR', '2.500\u00a0JPY', '5 martie 2026'],
  'bg': ['25,00\u00a0щ.д.', '25,00\u00a0€', '2500\u00a0JPY', '5 март 2026 г.'],
  'el': ['25,00\u00a0$', '25,00\u00a0€', '2.500\u00a0JP¥', '5 Μαρτίου 2026'],
  'et': ['25,00\u00a0$', '25,00\u00a0€', '2500\u00a0¥', '5. märts 2026'],
  'lv': ['25,00\u00a0$', '25,00\u00a0€', '2500\u00a0¥', '2026. gada 5. marts'],
  'lt': ['25,00\u00a0USD', '25,00\u00a0€', '2\u00a0500\u00a0JPY', '2026 m. kovo 5 d.'],
  'mt': ['US$25.00', '€25.00', 'JP¥2,500', '5 ta’ Marzu 2026'],
  'ca': ['25,00\u00a0USD', '25,00\u00a0€', '2.500\u00a0¥', '5 de març del 2026'],
  'tr': ['$25,00', '€25,00', '¥2.500', '5 Mart 2026'],
  'ru': ['25,00\u00a0$', '25,00\u00a0€', '2\u00a0500\u00a0¥', '5 марта 2026 г.'],
  'uk': ['25,00\u00a0USD', '25,00\u00a0EUR', '2\u00a0500\u00a0¥', '5 березня 2026 р.'],
  'ar': ['\u200f25.00\u00a0US$', '\u200f25.00\u00a0€', '\u200f2,500\u00a0JP¥', '5 مارس 2026'],
  'he': ['\u200f25.00\u00a0\u200f$', '\u200f25.00\u00a0\u200f€', '\u200f2,500\u00a0\u200f¥', '5 במרץ 2026'],
  'fa': ['\u200e$۲۵٫۰۰', '\u200e€۲۵٫۰۰', '\u200e¥۲٬۵۰۰', '۱۴ اسفند ۱۴۰۴'],
  'ur': ['$25.00', '€25.00', 'JP¥2,500', '5 مارچ، 2026'],
  'hi': ['$25.00', '€25.00', 'JP¥2,500', '5 मार्च 2026'],
  'bn': ['২৫.০০\u00a0US$', '২৫.০০€', '২,৫০০\u00a0JP¥', '৫ মার্চ, ২০২৬'],
  'th': ['US$25.00', '€25.00', '¥2,500', '5 มีนาคม 2569'],
  'vi': ['25,00\u00a0US$', '25,00\u00a0€', '2.500\u00a0¥', '5 tháng 3, 2026'],
  'id': ['US$25,00', '€25,00', 'JP¥2.500', '5 Maret 2026'],
  'ms': ['USD\u00a025.00', '€25.00', 'JP¥2,500', '5 Mac 2026'],
  'fil': ['$25.00', '€25.00', '¥2,500', 'Marso 5, 2026'],
  'sw': ['US$\u00a025.00', '€\u00a025.00', 'JP¥\u00a02,500', '5 Machi 2026'],
  'ja': ['$25.00', '€25.00', '￥2,500', '2026年3月5日'],
  'zh': ['US$25.00', '€25.00', 'JP¥2,500', '2026年3月5日'],
  'zh-TW': ['US$25.00', '€25.00', '¥2,500', '2026年3月5日'],
  'zh-HK': ['US$25.00', '€25.00', '¥2,500', '2026年3月5日'],
  'ko': ['US$25.00', '€25.00', 'JP¥2,500', '2026년 3월 5일'],
};

const day = Date.UTC(2026, 2, 5, 12);

describe('formats per language', () => {
  it('has a row for every supported language, and none for another', () => {
    expect(Object.keys(expected).sort()).toEqual([...supportedLocales].sort());
  });

  it.each(supportedLocales)('%s writes amounts in its own way, whole yen without decimals', (locale) => {
    const row = expected[locale];
    expect(row, `no row for ${locale}`).toBeDefined();
    expect([formatMoney(2500, 'usd', locale), formatMoney(2500, 'EUR', locale), formatMoney(2500, 'jpy', locale)]).toEqual(row.slice(0, 3));
  });

  it.each(supportedLocales)('%s writes a date in its own way', (locale) => {
    expect(formatDate(day, locale, { dateStyle: 'long', timeZone: 'UTC' })).toBe(expected[locale]?.[3]);
  });
});
