/**
 * The hosted checkout page's wording (checkout.*, and the status panels' titles and bodies), on
 * top of the shared catalogue in `./index.ts`. Kept apart so the frames, which never show it, do
 * not download it; only the hosted page and its components import this module.
 */
import en from './checkout.en.json';
import {
  fetchCatalogue,
  loadCatalogue,
  loadLocale,
  t as shared,
  translate,
  type Loaders,
  type MessageKey as SharedKey,
  type Vars,
} from './index.ts';

export type CheckoutKey = keyof typeof en;
export type MessageKey = SharedKey | CheckoutKey;

const catalogue: Loaders = {
  fr: () => fetchCatalogue(new URL('./checkout.fr.json', import.meta.url)),
  de: () => fetchCatalogue(new URL('./checkout.de.json', import.meta.url)),
  es: () => fetchCatalogue(new URL('./checkout.es.json', import.meta.url)),
  it: () => fetchCatalogue(new URL('./checkout.it.json', import.meta.url)),
  nl: () => fetchCatalogue(new URL('./checkout.nl.json', import.meta.url)),
  pt: () => fetchCatalogue(new URL('./checkout.pt.json', import.meta.url)),
  'pt-BR': () => fetchCatalogue(new URL('./checkout.pt-BR.json', import.meta.url)),
  sv: () => fetchCatalogue(new URL('./checkout.sv.json', import.meta.url)),
  da: () => fetchCatalogue(new URL('./checkout.da.json', import.meta.url)),
  nb: () => fetchCatalogue(new URL('./checkout.nb.json', import.meta.url)),
  fi: () => fetchCatalogue(new URL('./checkout.fi.json', import.meta.url)),
  pl: () => fetchCatalogue(new URL('./checkout.pl.json', import.meta.url)),
  cs: () => fetchCatalogue(new URL('./checkout.cs.json', import.meta.url)),
  tr: () => fetchCatalogue(new URL('./checkout.tr.json', import.meta.url)),
  ru: () => fetchCatalogue(new URL('./checkout.ru.json', import.meta.url)),
  ar: () => fetchCatalogue(new URL('./checkout.ar.json', import.meta.url)),
  he: () => fetchCatalogue(new URL('./checkout.he.json', import.meta.url)),
  ja: () => fetchCatalogue(new URL('./checkout.ja.json', import.meta.url)),
  zh: () => fetchCatalogue(new URL('./checkout.zh.json', import.meta.url)),
  ko: () => fetchCatalogue(new URL('./checkout.ko.json', import.meta.url)),
};

/** Both catalogues in `locale`; the hosted page awaits it before it shows text in that locale. */
export async function loadCheckoutLocale(locale: string | null | undefined): Promise<void> {
  await Promise.all([loadLocale(locale), loadCatalogue(locale, catalogue)]);
}

export function isCheckoutKey(key: string): key is CheckoutKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** `t` of `./index.ts`, for the keys of both catalogues. */
export function t(locale: string | null | undefined, key: MessageKey, vars?: Vars): string {
  return isCheckoutKey(key) ? translate(locale, key, en[key], vars) : shared(locale, key, vars);
}
