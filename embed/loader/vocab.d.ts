/**
 * Public types of svcpay's browser API (types.d.ts re-exports them all): the names the rest of the
 * API is written in, the element types, their events, card brands and languages.
 */

export type ElementType = 'card' | 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'address' | 'wallet';

export type ElementEventName = 'ready' | 'change' | 'focus' | 'blur' | 'escape' | 'unavailable' | 'result';

/** The languages svcpay's fields and hosted page are written in. */
export type SupportedLocale =
  | 'en' | 'fr' | 'fr-CA' | 'de' | 'es' | 'es-419' | 'it' | 'nl' | 'pt' | 'pt-BR' | 'sv' | 'da' | 'nb' | 'fi' | 'is'
  | 'pl' | 'cs' | 'sk' | 'sl' | 'hr' | 'hu' | 'ro' | 'bg' | 'el' | 'et' | 'lv' | 'lt' | 'mt' | 'ca' | 'tr' | 'ru' | 'uk'
  | 'ar' | 'he' | 'fa' | 'ur' | 'hi' | 'bn' | 'th' | 'vi' | 'id' | 'ms' | 'fil' | 'sw' | 'ja' | 'zh' | 'zh-TW' | 'zh-HK' | 'ko';

/**
 * The buyer's language: `'auto'` follows the browser (navigator.languages); any BCP 47 tag is
 * accepted and matched to its region's wording where svcpay has one (`es-MX` reads es-419,
 * `zh-Hant` zh-TW), else to its language (`de-AT` shows German with Austrian number formats,
 * `zh-CN` Simplified Chinese); a language svcpay does not have, or no locale at all, shows
 * English. Arabic, Hebrew, Persian and Urdu lay the fields out right to left.
 */
export type Locale = 'auto' | SupportedLocale | (string & {});

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';
